/// A second connection to a ledger's file, read beside the ledger's own on the other core
/// (``SplitChainWalk``), with the check that both read the same snapshot.
///
/// SQLite's `PRAGMA data_version` changes when another connection commits. It is read here
/// when this connection opens, before the ledger's read transaction starts, and again in this
/// connection's own read transaction (``begin()``): when the two are equal, no commit came in
/// between, so the ledger's snapshot, taken in between, is this one. (SQLite's own
/// `sqlite3_snapshot_open` is not compiled into Debian's library.)
final class SecondReader {
    let database: SQLiteDatabase
    private let version: Int64

    /// Opens it, before the ledger's read transaction starts; nil for an in-memory ledger or
    /// when it cannot be opened (the walk then reads on one connection).
    init?(_ ledger: Ledger) {
        guard ledger.path != ":memory:" else { return nil }
        do {
            if ledger.access == .readOnly {
                database = try LedgerFile.openReadOnly(ledger.path)
            } else {
                database = try SQLiteDatabase(
                    path: LedgerFile.uri(ledger.path, immutable: false), create: false, readOnly: true)
                database.setBusyTimeout(milliseconds: 15_000)
                // Its rows are read once, in order: a small cache (the ledger's is 64 MiB).
                try database.execute("PRAGMA cache_size=-\(Self.cacheKiB)")
            }
            guard let version = try database.scalarInt("PRAGMA data_version") else { return nil }
            self.version = version
        } catch {
            return nil
        }
    }

    static let cacheKiB = 8 * 1024

    /// Begins this connection's read transaction: true when it sees the snapshot the ledger's
    /// read transaction (begun since ``init(_:)``) sees; else it is ended again.
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
