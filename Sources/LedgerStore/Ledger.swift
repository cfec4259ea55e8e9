import LedgerCore
import LedgerInterchange
import Synchronization

/// One ledger file, open: the one SQLite connection (WAL journal, a busy timeout,
/// `BEGIN IMMEDIATE` for every write), how it was opened, and the per-user state directory.
/// It hands out one store per concern (``events``, ``prices``, ``market``, ``alerts``,
/// ``snapshots``, ``imports``, ``settings``, ``anchor``): small values that share this
/// connection, so a transaction one of them opens covers what the others do inside it.
public final class Ledger {
    public let path: String
    let database: SQLiteDatabase
    /// False makes the replay read the columns even when replay rows cover the log (tests and
    /// `ledger-bench` compare the two paths).
    package var readsReplayRows = true
    /// The user's state directory: the ledger's anchor and the key that seals snapshots (nil:
    /// neither is kept or checked). Set it before the first read or write.
    public var stateDirectory: StateDirectory?
    /// How the file was opened.
    public let access: Access
    /// True when this open created the ledger (an anchor found for its path is a former one's).
    public private(set) var created = false
    /// The key snapshots are sealed with (empty without a state directory: then the seal only
    /// binds a snapshot to its row, docs/EVENTS.md).
    lazy var snapshotKey: [UInt8] = stateDirectory?.key() ?? []

    /// The event log: append, read, replay, verify, bulk load.
    public var events: LedgerEvents { LedgerEvents(ledger: self) }
    /// The price table.
    public var prices: LedgerPrices { LedgerPrices(ledger: self) }
    /// The market-data cache: candles, top lists, FX rates, symbol ids, conversions.
    public var market: LedgerMarketCache { LedgerMarketCache(ledger: self) }
    /// Price alerts.
    public var alerts: LedgerAlerts { LedgerAlerts(ledger: self) }
    /// Saved fold states.
    public var snapshots: LedgerSnapshots { LedgerSnapshots(ledger: self) }
    /// Import sessions (staging) and receipts.
    public var imports: LedgerImports { LedgerImports(ledger: self) }
    /// Ledger-level settings (`currency`, the watchlist).
    public var settings: LedgerSettings { LedgerSettings(ledger: self) }
    /// The chain anchor in the state directory.
    public var anchor: LedgerAnchor { LedgerAnchor(ledger: self) }

    /// How to treat a path with no ledger yet.
    public enum OpenMode: Sendable {
        /// Fail with ``StoreError/noLedger(path:)``.
        case mustExist
        /// Create it (and its parent directories).
        case createIfMissing
    }

    /// Whether the file may be written.
    public enum Access: Sendable {
        /// Read and write; a file that cannot be written is refused (``StoreError/readOnly(path:)``).
        case readWrite
        /// Read only: nothing is written to it, snapshots included (``readOnly(path:)``).
        case readOnly
    }

    /// Opens the ledger at `path` (use ":memory:" for a private in-memory ledger).
    public init(path: String, mode: OpenMode, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        self.access = access
        var isNew = path == ":memory:"
        if !isNew {
            switch try LedgerFile.inspect(path) {
            case .missing:
                guard mode == .createIfMissing else { throw .noLedger(path: path) }
                try LedgerFile.createParentDirectories(of: path)
                try LedgerFile.createPrivateFile(path)
                isNew = true
            case .emptyFile:
                // Only a command that may create a ledger turns an empty file into one.
                guard mode == .createIfMissing else {
                    throw .notALedger(path: path, detail: "it is empty; 'ledger init --ledger \(path)' makes it one")
                }
                isNew = true
            case .existingFile:
                if access == .readWrite, !LedgerFile.isWritable(path) { throw .readOnly(path: path) }
            }
        }
        if access == .readOnly {
            database = try LedgerFile.openReadOnly(path)
            return
        }
        do {
            database = try SQLiteDatabase(path: path, create: isNew)
        } catch {
            throw .cannotOpen(path: path, detail: error.message)
        }
        try LedgerFile.prepare(database, path: path, isNew: isNew)
        created = isNew
    }

    /// Opens the ledger at `path` to read only when it, or the directory its journal files go
    /// in, cannot be written, and to read and write otherwise (so reports still save snapshots).
    public static func forReading(path: String) throws(StoreError) -> Ledger {
        if path != ":memory:", LedgerFile.inspectQuietly(path) == .existingFile, !LedgerFile.isWritable(path) {
            return try Ledger(path: path, mode: .mustExist, access: .readOnly)
        }
        return try Ledger(path: path, mode: .mustExist)
    }

    /// Runs `body` with a rollback journal instead of the WAL, then turns the WAL back on.
    ///
    /// Only for a ledger file no other process can see yet, such as the one an import builds
    /// beside its path before moving it into place. Through the WAL, every page of the import
    /// is written twice: into the WAL, then into the file by the checkpoint that follows the
    /// commit (2.4 s of a 1M-row import). A rollback journal keeps no copy of pages the file
    /// did not have before, so a new ledger's pages are written once. If `body` throws, the
    /// journal mode is left as it is: the caller deletes the file.
    public func withRollbackJournal<T>(_ body: () throws -> T) throws -> T {
        try guarded { try database.execute("PRAGMA journal_mode=DELETE") }
        let result = try body()
        try guarded { try database.execute("PRAGMA journal_mode=WAL") }
        return result
    }

    /// True when a ledger (or anything) exists at `path`.
    public static func exists(at path: String) -> Bool {
        (try? LedgerFile.inspect(path)).map { $0 != .missing } ?? true
    }

    /// Creates the directories a new ledger at `path` needs (0700), as opening it with
    /// `.createIfMissing` does; for a ledger built beside its path and moved into place.
    public static func createDirectories(for path: String) throws {
        try LedgerFile.createParentDirectories(of: path)
    }

    /// Runs SQL against the raw database: the hook LedgerTestSupport's `executeRaw` uses to
    /// tamper behind the tool's back. Not for product code.
    package func executeForTesting(_ sql: String) throws(SQLiteError) {
        try database.execute(sql)
    }

    /// Held around each use of the connection by the two threads of a replay: the reader
    /// stepping the log (``LedgerEvents/forEachEffectiveEvent(through:_:)``) and the price
    /// lookups of the fold it feeds (a ``PriceTable`` reading ``prices``). The connection is
    /// opened in SQLite's multi-thread mode: one thread at a time.
    private let connectionLock = Mutex(())

    /// Runs `body` holding the connection lock (not reentrant: `body` must not take it again).
    func sharingConnection<T: Sendable>(_ body: () throws -> T) throws -> T {
        try connectionLock.withLock { _ in try body() }
    }

    /// Maps SQLite failures to store errors with the ledger's path.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error.isBusy ? StoreError.busy(path: path) : StoreError.sqlite(error)
        }
    }

    /// Runs `sql` once per row of values, in one immediate transaction.
    func write(_ sql: String, _ values: [[SQLiteValue]]) throws {
        guard !values.isEmpty else { return }
        try guarded {
            try database.immediateTransaction {
                let statement = try database.prepare(sql)
                for row in values {
                    try statement.run(row)
                    statement.reset()
                }
            }
        }
    }

    /// Runs a query and maps each row.
    func rows<T>(_ sql: String, _ arguments: [SQLiteValue], _ map: (SQLiteStatement) throws -> T) throws -> [T] {
        try guarded {
            let statement = try database.prepare(sql)
            defer { statement.reset() }
            try statement.bind(arguments)
            var result: [T] = []
            while try statement.step() { result.append(try map(statement)) }
            return result
        }
    }

    static func decimal(_ row: SQLiteStatement, _ column: Int32) throws -> ExactDecimal {
        guard let text = row.text(column), let value = ExactDecimal(text) else {
            throw StoreError.corruptRecord("a cached number reads '\(row.text(column) ?? "NULL")'")
        }
        return value
    }
}
