import CSQLite
import LedgerCore
import LedgerInterchange

/// Appends events to the log inside the caller's write transaction: sequence numbers, the hash
/// chain, and each event's replay row, written up to 64 rows per INSERT.
///
/// Why chunks: inside a transaction, SQLite keeps an undo journal of every page a statement
/// touches when that statement may abort half-way, which the append-only triggers make every
/// INSERT into `events` and `event_replay` do. One statement per event journaled the same
/// rightmost pages of the table and its six indexes again for each event; one per 64 events
/// journals them once per chunk (docs/PERFORMANCE.md, "Import").
///
/// Nothing is visible to other connections before the transaction commits, so a chunk written
/// before an error is simply rolled back with the rest.
enum EventAppender {
    /// 64 events per INSERT, fewer if this SQLite takes fewer parameters per statement (an
    /// events row binds 29; builds before 3.32 allowed 999 in all).
    static func chunkSize(_ database: SQLiteDatabase) -> Int {
        max(1, min(64, Int(sqlite3_limit(database.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) / (EventColumns.names.count + 2)))
    }

    /// Appends `drafts` after the chain's head and returns them as stored (sequences assigned).
    static func append(_ drafts: [LedgerEvent], to database: SQLiteDatabase) throws -> [LedgerEvent] {
        let encoder = try EventEncoder(database)
        let chunkSize = chunkSize(database)
        let first = encoder.head.count + 1
        var start = 0
        while start < drafts.count {
            try write(encoder.encode(drafts[start..<min(start + chunkSize, drafts.count)]), to: database)
            start += chunkSize
        }
        // As stored: the drafts numbered after the head they were appended to.
        return drafts.enumerated().map { offset, draft in
            var event = draft
            event.sequence = first + Int64(offset)
            return event
        }
    }

    /// Appends every event `next` gives until it gives nil, and returns how many. The events
    /// are hashed and encoded on a second thread while this one reads them and writes the rows
    /// (for an import, hashing is a third of the append); `next` runs on this thread.
    static func appendStreaming(to database: SQLiteDatabase, from next: () throws -> LedgerEvent?) throws -> Int {
        let appender = try StreamingAppender(database)
        while let event = try next() { try appender.add(event) }
        return try appender.finish()
    }

    /// Writes a chunk: the events first, since each replay row's trigger checks that its event
    /// exists.
    static func write(_ chunk: EncodedChunk, to database: SQLiteDatabase) throws(SQLiteError) {
        if chunk.events.rows > 0 {
            try database.prepare(insertSQL("events (\(EventColumns.list), prev_hash, hash)", columns: EventColumns.names.count + 2, rows: chunk.events.rows))
                .run(chunk.events)
        }
        if chunk.replay.rows > 0 {
            try database.prepare(insertSQL("event_replay (occurred_at, seq, data)", columns: 3, rows: chunk.replay.rows))
                .run(chunk.replay)
        }
    }

    /// `INSERT INTO target VALUES (?, …), …` for `rows` rows (prepared once per row count, and
    /// the database caches it: in practice the full chunk and one tail).
    private static func insertSQL(_ target: String, columns: Int, rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return "INSERT INTO \(target) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}

/// Appends events handed over one at a time, in chunks: the push form of
/// ``EventAppender/appendStreaming(to:from:)``, for a caller that is itself fed events (an
/// import appending a file's rows as they are parsed). Events are hashed and encoded on a
/// second thread while this one writes the chunk before.
final class StreamingAppender {
    private let database: SQLiteDatabase
    private let worker: BatchWorker<[LedgerEvent], EncodedChunk>
    private let chunkSize: Int
    private var pending: [LedgerEvent] = []
    private var inFlight = 0
    private(set) var appended = 0
    /// Chunks handed to the worker and not yet written. More than two lets this thread keep
    /// taking events while the worker waits for a core (an import runs three threads on two
    /// cores); at most the worker's two queues and the one it holds, or both sides would wait.
    static let maximumInFlight = 2 * BatchPipe.depth

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        let encoder = try EventEncoder(database)
        worker = BatchWorker { encoder.encode($0[...]) }
        chunkSize = EventAppender.chunkSize(database)
        pending.reserveCapacity(chunkSize)
    }

    deinit { worker.stop() }

    /// Queues one event; a full chunk goes to the worker, and with ``maximumInFlight`` chunks in
    /// flight this thread writes the oldest while the worker encodes the others.
    func add(_ event: LedgerEvent) throws {
        pending.append(event)
        guard pending.count == chunkSize else { return }
        try submitPending()
        if inFlight == Self.maximumInFlight { try writeNext() }
    }

    /// Writes everything queued and returns how many events were appended in all.
    func finish() throws -> Int {
        if !pending.isEmpty { try submitPending() }
        worker.close()
        while inFlight > 0 { try writeNext() }
        return appended
    }

    private func submitPending() throws {
        // A worker that failed takes nothing more; its error comes out of next(), after the
        // chunks it finished before.
        guard worker.submit(pending) else {
            while try worker.next() != nil {}
            throw StoreError.corruptRecord("the event encoder stopped")
        }
        inFlight += 1
        pending.removeAll(keepingCapacity: true)
    }

    private func writeNext() throws {
        guard let chunk = try worker.next() else { inFlight = 0; return }
        try EventAppender.write(chunk, to: database)
        appended += chunk.events.rows
        inFlight -= 1
    }
}

/// The rows of up to ``EventAppender/chunkSize(_:)`` events, ready to bind.
struct EncodedChunk {
    var events: BoundRows
    var replay: BoundRows

    init(capacity: Int) {
        events = BoundRows(reservingValues: capacity * (EventColumns.names.count + 2), bytes: capacity * 400)
        replay = BoundRows(reservingValues: capacity * 3, bytes: capacity * 96)
    }
}

/// Turns events into rows after the chain's head: sequence, hash, replay row. One thread at a
/// time (it keeps the head).
final class EventEncoder {
    /// The chain's head after the last event encoded.
    private(set) var head: ChainHead
    /// How many events have replay rows, counting those encoded (see ``ReplayRows``).
    private var covered: Int64

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        head = try Self.chainHead(database)
        covered = try ReplayRows.count(database)
    }

    /// The last event's sequence and hash, or the genesis head of an empty log.
    static func chainHead(_ database: SQLiteDatabase) throws(SQLiteError) -> ChainHead {
        let statement = try database.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        guard try statement.step() else { return ChainHead(count: 0, hash: HashChain.genesis) }
        return ChainHead(count: statement.int(0), hash: statement.text(1) ?? "")
    }

    func encode(_ events: ArraySlice<LedgerEvent>) -> EncodedChunk {
        var chunk = EncodedChunk(capacity: events.count)
        for draft in events {
            var event = draft
            event.sequence = head.count + 1
            let record = EventRecordV1(event)
            let hash = HashChain.hash(previous: head.hash, record: record)
            EventColumns.add(record, to: &chunk.events)
            chunk.events.text(head.hash)
            chunk.events.text(hash)
            chunk.events.rows += 1
            // Rows only ever extend a complete run: a ledger whose rows stopped (a row that did
            // not decode when they were filled) gets no more of them.
            if covered == event.sequence - 1 {
                chunk.replay.integer(event.occurredAt.secondsSinceEpoch)
                chunk.replay.integer(event.sequence)
                chunk.replay.blob(PackedEvent.encode(event))
                chunk.replay.rows += 1
                covered = event.sequence
            }
            head = ChainHead(count: event.sequence, hash: hash)
        }
        return chunk
    }
}
