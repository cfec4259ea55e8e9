import Crypto
import LedgerCore
import LedgerInterchange

/// The event log in one SQLite file: WAL journal, a busy timeout, `BEGIN IMMEDIATE` for every
/// append, append-only by triggers, hash-chained.
public final class SQLiteEventStore: EventStore {
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
    lazy var snapshotKey = stateDirectory?.key() ?? SymmetricKey(data: [UInt8]())

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
            case .sqliteFile:
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
    public static func forReading(path: String) throws(StoreError) -> SQLiteEventStore {
        if path != ":memory:", LedgerFile.inspectQuietly(path) == .sqliteFile, !LedgerFile.isWritable(path) {
            return try SQLiteEventStore(path: path, mode: .mustExist, access: .readOnly)
        }
        return try SQLiteEventStore(path: path, mode: .mustExist)
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

    public func allEvents() throws -> [LedgerEvent] {
        try guarded { try self.query("SELECT \(EventColumns.list) FROM events ORDER BY seq", []) }
    }

    public func events(touching symbols: Set<AssetSymbol>) throws -> [LedgerEvent] {
        let list = symbols.map { "'" + $0.text + "'" }.sorted().joined(separator: ",")
        let sql = """
            SELECT \(EventColumns.list) FROM events
            WHERE asset IN (\(list)) OR counter_asset IN (\(list)) OR quote IN (\(list))
               OR fee_asset IN (\(list)) OR kind = 'void' ORDER BY seq
            """
        return try guarded { try self.query(sql, []) }
    }

    public func event(reference: String) throws -> LedgerEvent? {
        guard let parsed = EventReference(reference) else { return nil }
        let sql = "SELECT \(EventColumns.list) FROM events WHERE "
        return try guarded {
            switch parsed {
            case .sequence(let number): try self.query(sql + "seq = ?", [.integer(number)]).first
            case .id(let id): try self.query(sql + "id = ?", [.text(id.text)]).first
            }
        }
    }

    public func assetClass(of symbol: AssetSymbol) throws -> AssetClass? {
        // Two index walks from the newest end, one row each, instead of one UNION sorted by
        // seq: that materialised every event of the asset (20,000 table lookups for one
        // `add` on a 1M-event ledger).
        let asAsset = try newestClass(
            """
            SELECT seq, asset_class FROM events WHERE asset = ?1 AND asset_class IS NOT NULL
            ORDER BY seq DESC LIMIT 1
            """, symbol)
        let asCounter = try newestClass(
            """
            SELECT seq, counter_class FROM events WHERE counter_asset = ?1
            ORDER BY seq DESC LIMIT 1
            """, symbol)
        let newest = [asAsset, asCounter].compactMap { $0 }.max { $0.seq < $1.seq }
        return newest.flatMap { AssetClass(rawValue: $0.text) }
    }

    /// The sequence number and class text of the one row `sql` selects for `symbol`.
    private func newestClass(_ sql: String, _ symbol: AssetSymbol) throws -> (seq: Int64, text: String)? {
        try guarded {
            let statement = try self.database.prepare(sql)
            defer { statement.reset() }
            try statement.bind([.text(symbol.text)])
            guard try statement.step(), let text = statement.text(1) else { return nil }
            return (statement.int(0), text)
        }
    }

    public func append(_ drafts: [LedgerEvent], check: (any EventReading) throws -> Void) throws -> [LedgerEvent] {
        try append(drafts, receipt: nil, check: check)
    }

    /// Appends `drafts` like ``append(_:check:)`` and, in the same transaction, stores the
    /// receipt of the import they came from (so a receipt exists exactly when its events do).
    /// `receipt` is asked for after `check`, with the number of events appended.
    public func append(
        _ drafts: [LedgerEvent], receipt: ((Int) -> ImportReceipt)?, check: (any EventReading) throws -> Void
    ) throws -> [LedgerEvent] {
        let (stored, anchored) = try guarded {
            try self.database.immediateTransaction {
                let before = try ChainLinker.chainHead(self.database)
                try check(self)
                let stored = try EventAppender.append(drafts, to: self.database)
                if let receipt {
                    try ImportReceiptSchema.insert([receipt(stored.count)], into: self.database)
                }
                return (stored, try self.anchorBeforeCommit(from: before))
            }
        }
        confirmAnchor(anchored)
        return stored
    }

    public func chainHead() throws -> ChainHead {
        try guarded { try ChainLinker.chainHead(self.database) }
    }

    public func setting(_ key: String) throws -> String? {
        try guarded {
            let statement = try self.database.prepare("SELECT value FROM settings WHERE key = ?")
            defer { statement.reset() }
            try statement.bind([.text(key)])
            return try statement.step() ? statement.text(0) : nil
        }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try guarded {
            try self.database.immediateTransaction {
                try self.database.prepare(
                    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
                )
                .run([.text(key), .text(value)])
            }
        }
    }

    /// Runs SQL against the raw database (tests use it to tamper behind the tool's back).
    public func executeRaw(_ sql: String) throws(SQLiteError) {
        try database.execute(sql)
    }

    func query(_ sql: String, _ arguments: [SQLiteValue]) throws -> [LedgerEvent] {
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var events: [LedgerEvent] = []
        let decoder = EventRowDecoder()
        while try statement.step() { events.append(try decoder.event(from: statement)) }
        return events
    }

    /// Maps SQLite failures to store errors with the ledger's path.
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw error.isBusy ? StoreError.busy(path: path) : StoreError.sqlite(error)
        }
    }
}
