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
        max(
            1,
            min(
                fullChunk.rows,
                Int(sqlite3_limit(database.handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) / (EventColumns.names.count + 2)))
    }

    /// Appends `drafts` after the chain's head and returns them as stored (sequences assigned).
    /// `asGiven`: without the read-back rule (``EventEncoder/checksReadBack``), for tests only.
    static func append(_ drafts: [LedgerEvent], to database: SQLiteDatabase, asGiven: Bool = false) throws
        -> [LedgerEvent]
    {
        var chain = try ChainLinker(database)
        var encoder = try EventEncoder(database)
        encoder.checksReadBack = !asGiven
        let chunkSize = chunkSize(database)
        let first = chain.head.count + 1
        var start = 0
        while start < drafts.count {
            var chunk = try encoder.encode(
                drafts[start..<min(start + chunkSize, drafts.count)], firstSequence: first + Int64(start))
            chain.link(&chunk)
            try write(chunk, to: database, keepingCount: encoder.keepsReplayCount)
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
    /// are encoded on a second thread (and on this one when it would wait) while this one
    /// reads them, links their hashes and writes the rows; `next` runs on this thread.
    static func appendStreaming(to database: SQLiteDatabase, from next: () throws -> LedgerEvent?) throws -> Int {
        let appender = try StreamingAppender(database)
        while let event = try next() { try appender.add(event) }
        return try appender.finish()
    }

    /// Writes a chunk: the events first, since each replay row's trigger checks that its event
    /// exists. `keepingCount`: the replay rows' count trigger is set aside (a bulk load), so the
    /// count is written here, once for the chunk.
    /// `full`: the two statements of a full chunk, prepared once by the caller (``FullChunkStatements``).
    static func write(
        _ chunk: EncodedChunk, to database: SQLiteDatabase, keepingCount: Bool, full: FullChunkStatements? = nil
    ) throws(SQLiteError) {
        if chunk.events.rows > 0 {
            try statement(
                chunk.events.rows, held: full?.events, full: fullChunk.events, eventsTarget,
                columns: EventEncoder.valuesPerRow, in: database
            ).run(chunk.events)
        }
        if chunk.replay.rows > 0 {
            try statement(
                chunk.replay.rows, held: full?.replay, full: fullChunk.replay, replayTarget, columns: 3, in: database
            )
            .run(chunk.replay)
            if keepingCount {
                try database.prepare("UPDATE counters SET value = ? WHERE name = 'replay_rows'")
                    .run([.integer(chunk.lastSequence)])
            }
        }
    }

    /// The INSERT of `rows` rows: `held` or `full` for a full chunk, else made for the count.
    private static func statement(
        _ rows: Int, held: SQLiteStatement?, full: String, _ target: String, columns: Int, in database: SQLiteDatabase
    ) throws(SQLiteError) -> SQLiteStatement {
        guard rows == fullChunk.rows else {
            return try database.prepare(insertSQL(target, columns: columns, rows: rows))
        }
        if let held { return held }
        return try database.prepare(full)
    }

    static var fullChunkRows: Int { fullChunk.rows }

    private static let eventsTarget = "events (\(EventColumns.list), prev_hash, hash)"
    private static let replayTarget = "event_replay (occurred_at, seq, data)"

    /// The two statements of a chunk of 64 (the usual size), made once: made for every chunk,
    /// their text (6 KB for the events) and the statement cache's hash of it were 2,200
    /// instructions an event (callgrind, docs/PERFORMANCE.md).
    private static let fullChunk = (
        rows: 64, events: insertSQL(eventsTarget, columns: EventEncoder.valuesPerRow, rows: 64),
        replay: insertSQL(replayTarget, columns: 3, rows: 64)
    )

    /// The statements of a full chunk, prepared once for a run of chunks: looked up for each
    /// chunk, the statement cache hashed and compared their 6 KB of text and cleared their 2,304
    /// parameters a second time (`sqlite3_clear_bindings`), ~2,500 instructions an event on
    /// the thread that writes (callgrind, docs/PERFORMANCE.md). Valid while the database's
    /// statement cache is, that is for the caller's transaction.
    struct FullChunkStatements {
        let events: SQLiteStatement
        let replay: SQLiteStatement

        init(_ database: SQLiteDatabase) throws(SQLiteError) {
            events = try database.prepare(fullChunk.events)
            replay = try database.prepare(fullChunk.replay)
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
/// import appending a file's rows as they are parsed).
///
/// Each chunk is numbered and encoded (columns, canonical JSON, replay row) on a second
/// thread, or on this one when it would otherwise wait (``AssistedWorker``); this thread then
/// links the chunk into the hash chain, the one step that must go in order, and writes it.
///
/// After an error it must not be used again (its chain has moved past what was written): the
/// caller rolls its transaction back.
final class StreamingAppender {
    private let database: SQLiteDatabase
    private let worker: AssistedWorker<(events: [LedgerEvent], first: Int64), EncodedChunk>
    private var chain: ChainLinker
    private let chunkSize: Int
    /// Nil when this SQLite takes fewer parameters than a full chunk binds (no chunk is full).
    private let full: EventAppender.FullChunkStatements?
    /// The replay rows' count is written by the appender (``EventEncoder/keepsReplayCount``).
    private let keepsReplayCount: Bool
    private var pending: [LedgerEvent] = []
    private var nextSequence: Int64
    private var inFlight = 0
    private(set) var appended = 0
    /// Chunks handed over and not yet written: enough that the encoder can run ahead while
    /// this thread writes (an import runs three threads on two cores).
    static let maximumInFlight = 8

    init(_ database: SQLiteDatabase) throws {
        self.database = database
        chain = try ChainLinker(database)
        let encoder = try EventEncoder(database)
        keepsReplayCount = encoder.keepsReplayCount
        // A refused draft's error comes back through `worker.next()`.
        worker = AssistedWorker { try encoder.encode($0.events[...], firstSequence: $0.first) }
        chunkSize = EventAppender.chunkSize(database)
        full = try chunkSize == EventAppender.fullChunkRows ? EventAppender.FullChunkStatements(database) : nil
        nextSequence = chain.head.count + 1
        pending.reserveCapacity(chunkSize)
    }

    deinit { worker.stop() }

    /// Queues one event; a full chunk goes to the worker, and with ``maximumInFlight`` chunks in
    /// flight this thread writes the oldest.
    func add(_ event: LedgerEvent) throws {
        pending.append(event)
        guard pending.count == chunkSize else { return }
        submitPending()
        if inFlight == Self.maximumInFlight { try writeNext() }
    }

    /// Writes everything queued and returns how many events were appended in all.
    func finish() throws -> Int {
        if !pending.isEmpty { submitPending() }
        while inFlight > 0 { try writeNext() }
        return appended
    }

    private func submitPending() {
        worker.submit((pending, nextSequence))
        nextSequence += Int64(pending.count)
        inFlight += 1
        pending.removeAll(keepingCapacity: true)
    }

    private func writeNext() throws {
        guard var chunk = try worker.next() else {
            inFlight = 0
            return
        }
        chain.link(&chunk)
        try EventAppender.write(chunk, to: database, keepingCount: keepsReplayCount, full: full)
        appended += chunk.events.rows
        inFlight -= 1
    }
}

/// The rows of up to ``EventAppender/chunkSize(_:)`` events, ready to bind once
/// ``ChainLinker/link(_:)`` has filled in each row's two hashes.
struct EncodedChunk {
    var events: BoundRows
    var replay: BoundRows
    /// The events' canonical JSON, one after another: what the hash chain signs.
    var canonical: [UInt8]
    /// Where each event's canonical JSON ends in ``canonical``.
    var canonicalEnds: [Int]
    /// The sequence of the chunk's last event.
    var lastSequence: Int64 = 0

    init(capacity: Int) {
        events = BoundRows(reservingValues: capacity * EventEncoder.valuesPerRow, bytes: capacity * 400)
        replay = BoundRows(reservingValues: capacity * 3, bytes: capacity * 96)
        canonical = []
        canonical.reserveCapacity(capacity * 512)
        canonicalEnds = []
        canonicalEnds.reserveCapacity(capacity)
    }
}

/// Turns numbered events into rows: columns, canonical JSON, replay row. Chunks do not depend
/// on each other (the hashes are linked afterwards), so any thread may encode any of them.
struct EventEncoder: Sendable {
    /// Values per `events` row: the record's columns, then `prev_hash` and `hash`.
    static let valuesPerRow = EventColumns.names.count + 2
    /// True when every event in the log has its replay row, so that the new ones get theirs
    /// (rows only ever extend a complete run: see ``ReplayRows``).
    let addsReplayRows: Bool
    /// True when the replay rows' count trigger is set aside (a bulk load,
    /// ``LedgerEvents/perRowTriggers``): the writer then keeps the count, once a chunk.
    let keepsReplayCount: Bool
    /// True (always, but in tests that make the ledgers another writer could): each event's
    /// record must read back (``EventRecordV1/readsBack(_:)``).
    var checksReadBack = true

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        addsReplayRows = try ReplayRows.areComplete(database)
        keepsReplayCount = try addsReplayRows ? LedgerEvents.keepsCount("event_replay_count", database) : false
    }

    /// The rows of `events`, numbered from `firstSequence`; their hashes are left empty.
    /// Throws ``StoreError/unreadableDraft(_:)`` for an event whose record the ledger could not
    /// read back (``EventRecordV1/readsBack(_:)``), before any of its rows is made.
    func encode(_ events: ArraySlice<LedgerEvent>, firstSequence: Int64) throws(StoreError) -> EncodedChunk {
        var chunk = EncodedChunk(capacity: events.count)
        var json = CanonicalEventJSON()
        for (offset, draft) in events.enumerated() {
            var event = draft
            event.sequence = firstSequence + Int64(offset)
            chunk.lastSequence = event.sequence
            if checksReadBack, let problem = EventRecordV1.readsBack(event) { throw .unreadableDraft(problem) }
            let packed = PackedEvent.encode(event)
            Self.appendCanonicalJSON(of: event, replayBytes: packed.count, with: &json, to: &chunk.canonical)
            chunk.canonicalEnds.append(chunk.canonical.count)
            EventColumns.add(EventRecordV1(event), to: &chunk.events)
            chunk.events.null()
            chunk.events.null()
            chunk.events.rows += 1
            if addsReplayRows {
                chunk.replay.integer(event.occurredAt.secondsSinceEpoch)
                chunk.replay.integer(event.sequence)
                chunk.replay.blob(packed)
                chunk.replay.rows += 1
            }
        }
        return chunk
    }

    /// Appends the event's canonical JSON (what the chain hashes) as `verify` writes it
    /// (``CanonicalEventJSON``: the times' text kept from one event to the next, no strings
    /// made): the record's own writer cost twice as much, a sixth of the encoding. The cursor
    /// has room for the bound of the replay row's length, which holds every string of the
    /// event, and checks each piece against it.
    private static func appendCanonicalJSON(
        of event: LedgerEvent, replayBytes: Int, with json: inout CanonicalEventJSON, to bytes: inout [UInt8]
    ) {
        let bound = CanonicalEventJSON.bound(textBytes: replayBytes)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: bound))
        let written = bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = LedgerCore.ByteCursor(base: buffer.baseAddress! + start, capacity: bound)
            json.write(event, to: &cursor)
            return cursor.count
        }
        bytes.removeLast(bound - written)
    }
}

/// The hash chain as it is written: links each encoded event to the one before it.
struct ChainLinker {
    /// The last event's sequence and hash, including those linked.
    var head: ChainHead { ChainHead(count: count, hash: String(decoding: previousHex, as: UTF8.self)) }
    private var count: Int64
    private var previous: [UInt8]
    private var previousHex: [UInt8]

    init(_ database: SQLiteDatabase) throws(SQLiteError) {
        let head = try Self.chainHead(database)
        count = head.count
        previousHex = Array(head.hash.utf8)
        previous = HashChain.bytes(fromHex: head.hash)
    }

    /// The last event's sequence and hash, or the genesis head of an empty log.
    static func chainHead(_ database: SQLiteDatabase) throws(SQLiteError) -> ChainHead {
        let statement = try database.prepare("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1")
        defer { statement.reset() }
        guard try statement.step() else { return ChainHead(count: 0, hash: HashChain.genesis) }
        return ChainHead(count: statement.int(0), hash: statement.text(1) ?? "")
    }

    /// Fills in each row's `prev_hash` and `hash`, in order, after the head.
    mutating func link(_ chunk: inout EncodedChunk) {
        var start = 0
        for (row, end) in chunk.canonicalEnds.enumerated() {
            let digest = chunk.canonical.withUnsafeBytes { bytes in
                HashChain.digest(previous: previous, canonical: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            }
            let hex = HashChain.hexBytes(digest)
            let hashes = row * EventEncoder.valuesPerRow + EventColumns.names.count
            chunk.events.setText(at: hashes, previousHex)
            chunk.events.setText(at: hashes + 1, hex)
            (previous, previousHex) = (digest, hex)
            count += 1
            start = end
        }
    }
}
