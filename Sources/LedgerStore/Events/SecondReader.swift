/// A second, read-only connection to a ledger's file, read beside the ledger's own on the
/// other core (``SplitChainWalk``), with the proof that both read the same snapshot.
///
/// SQLite's `PRAGMA data_version` changes when any other connection commits. It is read here
/// when this connection opens, before the ledger's read transaction starts, and again inside
/// this connection's own read transaction (``begin()``): when the two are equal, no commit
/// came in between, so the ledger's snapshot, taken in between, is this one. (SQLite's
/// `sqlite3_snapshot_open` is not compiled into Debian's library.)
final class SecondReader {
    let database: SQLiteDatabase
    private let version: Int64

    /// Its page cache: its rows are read once, in order (the ledger's is 64 MiB).
    static let cacheKiB = 8 * 1024

    /// Opens it, before the ledger's read transaction starts; nil when that transaction is
    /// already open (its snapshot could be older than this connection's), for an in-memory or
    /// read-only ledger (which may be read as immutable, where the WAL is not read) and when
    /// it cannot be opened: the walk then reads on one connection.
    init?(_ ledger: Ledger) {
        guard ledger.path != ":memory:", ledger.access == .readWrite, !ledger.database.isInTransaction else {
            return nil
        }
        do {
            database = try SQLiteDatabase(
                path: LedgerFile.uri(ledger.path, immutable: false), create: false, readOnly: true)
            database.setBusyTimeout(milliseconds: 15_000)
            try database.execute("PRAGMA cache_size=-\(Self.cacheKiB)")
            guard let version = try database.scalarInt("PRAGMA data_version") else { return nil }
            self.version = version
        } catch {
            return nil
        }
    }

    /// Begins this connection's read transaction: true when it sees the snapshot the ledger's
    /// read transaction (begun and read from since ``init(_:)``) sees; else it is ended again.
    func begin() throws -> Bool {
        try database.execute("BEGIN DEFERRED")
        guard try database.scalarInt("PRAGMA data_version") == version else {
            end()
            return false
        }
        return true
    }

    func end() {
        try? database.execute("COMMIT")
    }
}
