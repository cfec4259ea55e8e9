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

/// One import, inside one `BEGIN IMMEDIATE` transaction: rows are staged in a table of a
/// temporary database attached as `staging` (so memory does not grow with the file), checked
/// in replay order together with the ledger's events, then appended in time order with their
/// hashes and receipts — or rolled back.
///
/// A staged event is one ``PackedEvent`` BLOB (the replay rows' form) under its replay-order
/// key, not 27 text columns: the table is read back twice (the holdings check, the append),
/// and packed rows are a fifth of the size, sorted by their key already and decoded without
/// parsing text.
///
/// Obtain one from ``LedgerImports/importing(write:_:)``; it is valid only inside that call.
public final class SQLiteImportSession {
    let database: SQLiteDatabase
    /// The number of events in the ledger when the import began.
    public let existingCount: Int64
    /// Where the chain ended when the import began: what it appends is checked from here.
    private let start: ChainHead
    /// The events this import appended, once ``resultProblem(added:)`` found them intact:
    /// the anchor's check before the COMMIT does not walk them again.
    private(set) var verifiedAppend: (from: ChainHead, to: ChainHead)?
    private var descending: Set<Int> = []
    /// Events staged so far (the `n` of the next one).
    private var stagedSoFar: Int64 = 0
    /// The events the staged voids cancel.
    private var stagedVoids: Set<EventID> = []

    static let stageSQL = """
        INSERT OR IGNORE INTO import_staged (occurred_at, file_no, idx, pre, n, line, fingerprint, data)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    init(database: SQLiteDatabase, existingCount: Int64) throws {
        self.database = database
        self.existingCount = existingCount
        start = try ChainLinker.chainHead(database)
        // (occurred_at, file_no, idx, pre, n) is the replay order of an oldest-first file: the
        // primary key of a table without rowids, so reading in that order needs no sort. `n`
        // counts the events staged, keeping apart the zero-basis lots of one row (one per asset
        // it lacks) in the order they were staged.
        try database.execute(
            """
            CREATE TABLE staging.import_staged (
                occurred_at INTEGER NOT NULL, file_no INTEGER NOT NULL, idx INTEGER NOT NULL, pre INTEGER NOT NULL,
                n INTEGER NOT NULL, line INTEGER NOT NULL, fingerprint TEXT NOT NULL, data BLOB NOT NULL,
                PRIMARY KEY (occurred_at, file_no, idx, pre, n)
            ) WITHOUT ROWID;
            CREATE UNIQUE INDEX staging.import_staged_fingerprint ON import_staged(fingerprint);
            CREATE INDEX staging.import_staged_line ON import_staged(file_no, line);
            CREATE TABLE staging.import_occurrences (key TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
            """)
    }

    /// How many rows with this content key were counted before in the file (0 for the first),
    /// counting this one: the occurrence index of a content fingerprint.
    public func occurrence(of key: String) throws -> Int {
        let statement = try database.prepare(
            """
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
        // Nothing is appended before `commit`: an empty ledger holds none of the file's rows.
        guard existingCount > 0 else { return false }
        return try database.scalarInt("SELECT 1 FROM events WHERE fingerprint = ?", [.text(fingerprint)]) != nil
    }

    /// True when the ledger already holds an event with this id (our own exports are matched
    /// by id).
    public func isPresent(id: EventID) throws -> Bool {
        guard existingCount > 0 else { return false }
        return try database.scalarInt("SELECT 1 FROM events WHERE id = ?", [.text(id.text)]) != nil
    }

    /// True when an event was staged under `key` (see ``stage(_:place:before:key:)``).
    public func isStaged(key: String) throws -> Bool {
        try database.scalarInt("SELECT 1 FROM import_staged WHERE fingerprint = ?", [.text(key)]) != nil
    }

    /// Stages an event read at `place`. `before` puts it ahead of the row's own event at the
    /// same time (a zero-basis lot for a sale). False, and nothing staged, when an event with
    /// the same key is already staged; the key is the event's fingerprint unless given (an
    /// export's events are keyed by id). A staged void takes its target out of ``replay(includeStaged:_:)``.
    @discardableResult
    public func stage(_ event: LedgerEvent, place: StagedPlace, before: Bool = false, key: String? = nil) throws -> Bool
    {
        let statement = try database.prepare(Self.stageSQL)
        try statement.run([
            .integer(event.occurredAt.secondsSinceEpoch), .integer(Int64(place.file)), .integer(Int64(place.index)),
            .integer(before ? 0 : 1), .integer(stagedSoFar), .integer(Int64(place.line)),
            .text(key ?? Self.fingerprint(of: event)),
            .blob(PackedEvent.encode(event)),
        ])
        stagedSoFar += 1
        guard database.changes == 1 else { return false }
        if case .void(let target, _) = event.action { stagedVoids.insert(target) }
        return true
    }

    /// What makes a staged event a duplicate: its fingerprint (every imported event has one).
    private static func fingerprint(of event: LedgerEvent) -> String {
        if case .imported(_, let fingerprint) = event.provenance { return fingerprint.text }
        return event.id.text
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

    var stagedOrder: String {
        let files = descending.sorted().map(String.init).joined(separator: ",")
        let index = files.isEmpty ? "idx" : "(CASE WHEN file_no IN (\(files)) THEN -idx ELSE idx END)"
        return "ORDER BY occurred_at, file_no, \(index), pre, n"
    }

    /// Every event that counts, in replay order: the ledger's (voided ones and voids left out)
    /// merged with the staged ones, which follow the ledger's at the same second. `visit` gets
    /// the place of staged events and nil for the ledger's own.
    public func replay(includeStaged: Bool = true, _ visit: (LedgerEvent, StagedPlace?) throws -> Void) throws {
        var voided = includeStaged ? stagedVoids : []
        let voids = try database.prepare("SELECT void_target FROM events WHERE kind = 'void'")
        while try voids.step() { if let target = voids.text(0).flatMap(EventID.init) { voided.insert(target) } }
        voids.reset()
        let existing = try ExistingEvents(database, voided: voided)
        defer { existing.finish() }
        let staged = try database.prepare("SELECT data, file_no, line, idx FROM import_staged \(stagedOrder)")
        defer { staged.reset() }
        let decoder = PackedEventDecoder()
        var left = try existing.next()
        let nextCounting = { () throws -> LedgerEvent? in
            while let event = try self.nextStaged(staged, decoder) {
                if event.kind != .void && !voided.contains(event.id) { return event }
            }
            return nil
        }
        var right = includeStaged ? try nextCounting() : nil
        while left != nil || right != nil {
            if let event = left, right.map({ event.occurredAt <= $0.occurredAt }) ?? true {
                try visit(event, nil)
                left = try existing.next()
            } else if let event = right {
                try visit(
                    event, StagedPlace(file: Int(staged.int(1)), line: Int(staged.int(2)), index: Int(staged.int(3))))
                right = try nextCounting()
            }
        }
    }

    /// The staged event of the statement's next row.
    private func nextStaged(_ statement: SQLiteStatement, _ decoder: PackedEventDecoder) throws -> LedgerEvent? {
        guard try statement.step() else { return nil }
        guard let bytes = statement.borrowedBlob(0), let event = decoder.event(from: bytes) else {
            throw StoreError.corruptRecord("a staged import row does not decode")
        }
        return event
    }

    /// Before the COMMIT: the events this import appended, checked as `ledger verify` checks
    /// them (numbers, links, hashes, replay rows, each a readable event), and their count
    /// against the `added` the import reports. Reads only the appended events. Nil when they
    /// pass, else what is wrong.
    public func resultProblem(added: Int) throws -> String? {
        let result = try LedgerEvents.walk(database, after: start)
        if let broken = result.firstBreak { return "event #\(broken.sequence) would not verify: \(broken.reason)" }
        let appended = result.head.count - start.count
        guard appended == Int64(added) else {
            return
                "it would report \(added) \(added == 1 ? "event" : "events") imported, but \(appended) would be stored"
        }
        verifiedAppend = (start, result.head)
        return nil
    }

    /// Records the prices the imported rows stated, in the import's transaction.
    public func recordPrices(_ observations: [PriceObservation], fetchedAt: Timestamp) throws {
        if let problem = observations.lazy.compactMap(PriceRecordCheck.problem).first { throw problem }
        try LedgerPrices.upsert(observations, fetchedAt: fetchedAt, into: database)
    }

    /// Appends the staged events in replay order (hash-chained after the ledger's last event)
    /// and stores the receipts. Returns the number of events appended.
    /// `inFileOrder` appends in the order the events were read instead (an export's events,
    /// one per line, keep the order they were exported in).
    public func commit(receipts: [ImportReceipt], inFileOrder: Bool = false) throws -> Int {
        let order = inFileOrder ? "ORDER BY file_no, line" : stagedOrder
        let staged = try database.prepare("SELECT data FROM import_staged \(order)")
        defer { staged.reset() }
        let decoder = PackedEventDecoder()
        let added = try EventAppender.appendStreaming(to: database) { try nextStaged(staged, decoder) }
        try ImportReceiptSchema.insert(receipts, into: database)
        return added
    }
}
