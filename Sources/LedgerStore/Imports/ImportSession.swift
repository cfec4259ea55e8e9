import LedgerCore
import LedgerInterchange

/// Where a staged event came from: the file's position in the command, the line, and the
/// event's position among the file's events (its place among events of the same second).
public struct StagedPlace: Hashable, Sendable {
    public let file: Int
    public let line: Int
    public let index: Int

    public init(file: Int, line: Int, index: Int) {
        self.file = file
        self.line = line
        self.index = index
    }
}

/// One import, inside one `BEGIN IMMEDIATE` transaction: rows are staged in a temporary table
/// (so memory does not grow with the file), checked in replay order together with the ledger's
/// events, then appended in time order with their hashes and receipts — or rolled back.
///
/// Obtain one from ``SQLiteEventStore/importing(write:_:)``; it is valid only inside that call.
public final class SQLiteImportSession {
    let database: SQLiteDatabase
    /// The number of events in the ledger when the import began.
    public let existingCount: Int64
    private var descending: Set<Int> = []

    static let stageSQL = "INSERT OR IGNORE INTO import_staged (\(EventColumns.list), file_no, idx, pre, line) VALUES ("
        + Array(repeating: "?", count: EventColumns.names.count + 4).joined(separator: ", ") + ")"

    init(database: SQLiteDatabase, existingCount: Int64) throws {
        self.database = database
        self.existingCount = existingCount
        try database.execute("""
            CREATE TEMP TABLE import_staged (\(EventColumns.names.joined(separator: ", ")), file_no INTEGER, idx INTEGER, pre INTEGER, line INTEGER);
            CREATE UNIQUE INDEX temp.import_staged_fingerprint ON import_staged(fingerprint);
            CREATE INDEX temp.import_staged_line ON import_staged(file_no, line);
            CREATE TEMP TABLE import_occurrences (key TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
            """)
    }

    /// How many rows with this content key were counted before in the file (0 for the first),
    /// counting this one: the occurrence index of a content fingerprint.
    public func occurrence(of key: String) throws -> Int {
        let statement = try database.prepare("""
            INSERT INTO import_occurrences (key, count) VALUES (?, 0)
            ON CONFLICT(key) DO UPDATE SET count = count + 1 RETURNING count
            """)
        defer { statement.reset() }
        try statement.bind([.text(key)])
        guard try statement.step() else { return 0 }
        return Int(statement.int(0))
    }

    /// True when the ledger already holds an event with `fingerprint` (one staged earlier in
    /// this import is found by ``stage(_:place:before:)``).
    public func isPresent(fingerprint: String) throws -> Bool {
        try database.scalarInt("SELECT 1 FROM events WHERE fingerprint = ?", [.text(fingerprint)]) != nil
    }

    /// Stages an event read at `place`. `before` puts it ahead of the row's own event at the
    /// same time (a zero-basis lot for a sale). False, and nothing staged, when an event with
    /// the same fingerprint is already staged.
    @discardableResult
    public func stage(_ event: LedgerEvent, place: StagedPlace, before: Bool = false) throws -> Bool {
        let statement = try database.prepare(Self.stageSQL)
        try statement.run(EventColumns.values(of: EventRecordV1(event)) + [
            .integer(Int64(place.file)), .integer(Int64(place.index)), .integer(before ? 0 : 1), .integer(Int64(place.line)),
        ])
        return database.changes == 1
    }

    /// Removes what was staged from one line (a row refused after the fact).
    public func unstage(_ place: StagedPlace) throws {
        try database.prepare("DELETE FROM import_staged WHERE file_no = ? AND line = ?")
            .run([.integer(Int64(place.file)), .integer(Int64(place.line))])
    }

    /// Marks a file as newest-first: its rows of one second are appended in reverse file order.
    public func markDescending(file: Int) {
        descending.insert(file)
    }

    /// The number of events staged.
    public func stagedCount() throws -> Int {
        Int(try database.scalarInt("SELECT count(*) FROM import_staged") ?? 0)
    }

    var stagedOrder: String {
        let files = descending.sorted().map(String.init).joined(separator: ",")
        let index = files.isEmpty ? "idx" : "(CASE WHEN file_no IN (\(files)) THEN -idx ELSE idx END)"
        return "ORDER BY occurred_at, file_no, \(index), pre"
    }

    /// Every event that counts, in replay order: the ledger's (voided ones and voids left out)
    /// merged with the staged ones, which follow the ledger's at the same second. `visit` gets
    /// the place of staged events and nil for the ledger's own.
    public func replay(includeStaged: Bool = true, _ visit: (LedgerEvent, StagedPlace?) throws -> Void) throws {
        var voided = Set<EventID>()
        let voids = try database.prepare("SELECT void_target FROM events WHERE kind = 'void'")
        while try voids.step() { if let target = voids.text(0).flatMap(EventID.init) { voided.insert(target) } }
        voids.reset()
        let existing = try database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY occurred_at, seq")
        defer { existing.reset() }
        let staged = try database.prepare("SELECT \(EventColumns.list), file_no, line, idx FROM import_staged \(stagedOrder)")
        defer { staged.reset() }
        let decoder = EventRowDecoder()
        var left = try next(existing, decoder, voided: voided)
        var right = includeStaged ? try next(staged, decoder, voided: []) : nil
        while left != nil || right != nil {
            if let event = left, right.map({ event.occurredAt <= $0.occurredAt }) ?? true {
                try visit(event, nil)
                left = try next(existing, decoder, voided: voided)
            } else if let event = right {
                try visit(event, StagedPlace(file: Int(staged.int(27)), line: Int(staged.int(28)), index: Int(staged.int(29))))
                right = try next(staged, decoder, voided: [])
            }
        }
    }

    /// The next event of `statement` that counts (voids and voided events skipped), decoded
    /// from the row's bytes.
    private func next(_ statement: SQLiteStatement, _ decoder: EventRowDecoder, voided: Set<EventID>) throws -> LedgerEvent? {
        while try statement.step() {
            let event = try decoder.event(from: statement)
            if event.kind == .void || voided.contains(event.id) { continue }
            return event
        }
        return nil
    }

    /// Appends the staged events in replay order (hash-chained after the ledger's last event)
    /// and stores the receipts. Returns the number of events appended.
    public func commit(receipts: [ImportReceipt]) throws -> Int {
        let appender = try EventAppender(database: database)
        let staged = try database.prepare("SELECT \(EventColumns.list) FROM import_staged \(stagedOrder)")
        defer { staged.reset() }
        let decoder = EventRowDecoder()
        var added = 0
        while try staged.step() {
            try appender.append(decoder.event(from: staged))
            added += 1
        }
        try appender.finish()
        let receipt = try database.prepare(ImportReceiptSchema.insertSQL)
        for entry in receipts {
            receipt.reset()
            try receipt.run(ImportReceiptSchema.values(entry))
        }
        return added
    }
}

extension SQLiteEventStore {
    /// Runs one import in one `BEGIN IMMEDIATE` transaction. When `body` returns, the
    /// transaction commits if `write` is true and rolls back otherwise (a dry run); when it
    /// throws, it rolls back. The staging tables are gone afterwards either way.
    public func importing<T>(write: Bool, _ body: (SQLiteImportSession) throws -> T) throws -> T {
        try guarded {
            try self.database.execute("BEGIN IMMEDIATE")
            do {
                let count = try self.database.scalarInt("SELECT count(*) FROM events") ?? 0
                let session = try SQLiteImportSession(database: self.database, existingCount: count)
                let result = try body(session)
                try self.database.execute(write ? "COMMIT" : "ROLLBACK")
                try? self.database.execute("DROP TABLE IF EXISTS temp.import_staged; DROP TABLE IF EXISTS temp.import_occurrences")
                return result
            } catch {
                try? self.database.execute("ROLLBACK")
                throw error
            }
        }
    }
}
