import LedgerCore
import LedgerInterchange

/// Appends events to the log inside the caller's write transaction: sequence numbers, the hash
/// chain, and each event's replay row, written ``batchSize`` rows per INSERT.
///
/// Why batches: inside a transaction, SQLite keeps an undo journal of every page a statement
/// touches when that statement may abort half-way, which the append-only triggers make every
/// INSERT into `events` and `event_replay` do. One statement per event journaled the same
/// rightmost pages of the table and its six indexes again for each event; one per 64 events
/// journals them once per batch (docs/PERFORMANCE.md, "Import").
///
/// Nothing is visible to other connections before the transaction commits, so a batch still
/// pending when an error is thrown is simply rolled back with the rest.
final class EventAppender {
    static let batchSize = 64

    private let database: SQLiteDatabase
    /// The chain's head after the last event appended (pending ones included).
    private(set) var head: ChainHead
    /// How many events have replay rows, pending ones included (see ``ReplayRows``).
    private var covered: Int64
    private var pendingEvents: [SQLiteValue] = []
    private var pendingReplay: [SQLiteValue] = []
    private var pendingEventCount = 0
    private var pendingReplayCount = 0

    init(database: SQLiteDatabase) throws(SQLiteError) {
        self.database = database
        head = try Self.chainHead(database)
        covered = try ReplayRows.count(database)
        pendingEvents.reserveCapacity(Self.batchSize * (EventColumns.names.count + 2))
        pendingReplay.reserveCapacity(Self.batchSize * 3)
    }

    /// The last event's sequence and hash, or the genesis head of an empty log.
    static func chainHead(_ database: SQLiteDatabase) throws(SQLiteError) -> ChainHead {
        let statement = try database.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        guard try statement.step() else { return ChainHead(count: 0, hash: HashChain.genesis) }
        return ChainHead(count: statement.int(0), hash: statement.text(1) ?? "")
    }

    /// Appends `event` after the head (its sequence is assigned here) and returns it as stored.
    /// The rows reach SQLite in batches; ``finish()`` writes the last one.
    @discardableResult
    func append(_ event: LedgerEvent) throws(SQLiteError) -> LedgerEvent {
        var event = event
        event.sequence = head.count + 1
        let record = EventRecordV1(event)
        let hash = HashChain.hash(previous: head.hash, record: record)
        pendingEvents += EventColumns.values(of: record)
        pendingEvents += [.text(head.hash), .text(hash)]
        pendingEventCount += 1
        // Rows only ever extend a complete run: a ledger whose rows stopped (a row that did
        // not decode when they were filled) gets no more of them.
        if covered == event.sequence - 1 {
            pendingReplay += [.integer(event.occurredAt.secondsSinceEpoch), .integer(event.sequence), .blob(PackedEvent.encode(event))]
            pendingReplayCount += 1
            covered = event.sequence
        }
        head = ChainHead(count: event.sequence, hash: hash)
        if pendingEventCount == Self.batchSize { try flush() }
        return event
    }

    /// Writes what is pending: the events first, since each replay row's trigger checks that
    /// its event exists.
    func finish() throws(SQLiteError) {
        try flush()
    }

    private func flush() throws(SQLiteError) {
        if pendingEventCount > 0 {
            try database.prepare(Self.insertSQL("events (\(EventColumns.list), prev_hash, hash)", columns: EventColumns.names.count + 2, rows: pendingEventCount))
                .run(pendingEvents)
        }
        if pendingReplayCount > 0 {
            try database.prepare(Self.insertSQL("event_replay (occurred_at, seq, data)", columns: 3, rows: pendingReplayCount))
                .run(pendingReplay)
        }
        pendingEvents.removeAll(keepingCapacity: true)
        pendingReplay.removeAll(keepingCapacity: true)
        pendingEventCount = 0
        pendingReplayCount = 0
    }

    /// `INSERT INTO target VALUES (?, …), …` for `rows` rows (prepared once per row count, and
    /// the database caches it: in practice the full batch and one tail).
    private static func insertSQL(_ target: String, columns: Int, rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return "INSERT INTO \(target) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
