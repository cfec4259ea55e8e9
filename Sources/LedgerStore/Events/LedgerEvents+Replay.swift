import LedgerCore
import LedgerInterchange

/// Where the log stood when it was read.
public struct LogPosition: Sendable {
    public let head: ChainHead
    /// The latest occurred-at of any event, voided or not (nil when empty).
    public let lastOccurred: Timestamp?

    package init(head: ChainHead, lastOccurred: Timestamp?) {
        self.head = head
        self.lastOccurred = lastOccurred
    }
}

extension LedgerEvents {
    /// Streams the events a replay uses — voids and the events they cancel left out, those
    /// after `asOf` too, a linked withdrawal and deposit as one transfer (``TransferLinks``,
    /// the links recorded up to `asOf`) — in replay order (occurred-at, then sequence), from the replay rows
    /// (or the `events_replay` index when they do not cover the log): no array of the whole
    /// log, no sort. The rows are read and decoded on a second thread while `body` runs here
    /// (``BatchPipe``); `body` must not use the store.
    /// Returns where the log stood (its head and latest occurred-at), read in the same
    /// transaction, so a snapshot of the result can say exactly what it covers.
    @discardableResult
    public func forEachEffectiveEvent(through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void) throws
        -> LogPosition
    {
        try inReplayTransaction(through: asOf) { voided, links, packed in
            try BatchPipe.run(
                recycles: packed,
                produce: { emit, spare in
                    func rows(_ linked: (LedgerEvent) throws -> Void) throws {
                        if packed {
                            try self.forEachReplayRow(through: asOf, skipping: voided, reusing: spare, linked)
                        } else {
                            try self.forEachEventRow(through: asOf, skipping: voided, linked)
                        }
                    }
                    // Without links each event goes straight to the pipe (two closure calls
                    // and their thunks less an event).
                    if links.isEmpty { try rows(emit) } else { try rows { try links.replay($0, emit) } }
                }, consume: body)
        }
    }

    /// ``forEachEffectiveEvent(through:_:)`` as the fold reads the events (``FoldEvent``), in
    /// batches. From the replay rows each event is decoded straight into its view on the reader
    /// thread, no ``LedgerEvent`` made (but for a linked withdrawal or deposit, which
    /// ``TransferLinks`` replays), so nothing per event is counted by two threads
    /// (docs/PERFORMANCE.md, "Cold replay, thirty-first round"). Without complete replay rows
    /// the batches are made from the columns' events.
    @discardableResult
    public func forEachEffectiveBatch(through asOf: Timestamp, _ body: (FoldBatch) throws -> Void) throws
        -> LogPosition
    {
        try inReplayTransaction(through: asOf) { voided, links, packed in
            try BatchPipe.run(
                perBatch: 1, recycles: true,
                produce: { emit, spare in
                    guard packed else {
                        var batcher = FoldBatcher()
                        try self.forEachEventRow(through: asOf, skipping: voided) { event in
                            links.replay(event) { batcher.add($0) }
                            try batcher.flush(reusing: spare, emit)
                        }
                        return try batcher.flush(all: true, emit)
                    }
                    try self.forEachFoldBatch(through: asOf, skipping: voided, links: links, reusing: spare, emit)
                }, consume: body)
        }
    }

    /// Runs `replay` in one read transaction with what both replays read before the rows: the
    /// voided events, the transfer links up to `asOf`, and whether the replay rows cover the
    /// log (else the columns are read). Returns where the log stood, read in the same
    /// transaction. The replay rows are read with the page cache held to ``replayCacheKiB``.
    private func inReplayTransaction(
        through asOf: Timestamp, _ replay: (Set<EventID>, TransferLinks, Bool) throws -> Void
    ) throws -> LogPosition {
        try ledger.guarded {
            try database.readTransaction {
                let voided = try self.voidedIDs()
                let links = try self.transferLinks(through: asOf, voided: voided)
                if try ledger.readsReplayRows && ReplayRows.areComplete(database) {
                    try database.withPageCache(kibibytes: Self.replayCacheKiB) { try replay(voided, links, true) }
                } else {
                    try replay(voided, links, false)
                }
                return try self.position()
            }
        }
    }

    /// The page cache while the replay rows are read: they are read once, in order, so a
    /// larger cache only grows. With the connection's 64 MiB (``LedgerFile/cacheKiB``, for
    /// the row lookups of a read through an index, as the columns' replay is) a 1M-event
    /// replay allocated and faulted in ~60 MB of pages it never read again: half the
    /// process's page faults, on the reader thread (docs/PERFORMANCE.md, "Cold replay,
    /// thirty-second round").
    static let replayCacheKiB = 2_048

    /// The effective events of the replay rows as the fold reads them, a batch at a time: each
    /// batch is filled holding the connection lock (the fold may read prices on the same
    /// connection between two batches) and handed to `emit` after.
    private func forEachFoldBatch(
        through asOf: Timestamp, skipping voided: Set<EventID>, links: TransferLinks,
        reusing spare: () -> FoldBatch?, _ emit: (FoldBatch) throws -> Void
    ) throws {
        let statement = try replayRows(through: asOf)
        defer { try? ledger.sharingConnection { statement.reset() } }
        var rows = FoldRows(statement: statement, voided: voided, links: links)
        var more = true
        while more {
            var batch = FoldBatch(reusing: spare())
            more = try ledger.sharingConnection { try rows.fill(&batch) }
            guard !batch.events.isEmpty else { continue }
            batch.names = rows.decoder.accountNames
            try emit(batch)
        }
        if let failed = rows.failedRow { throw undecodable(row: failed, through: asOf) }
    }

    /// The effective events from their replay rows (``ReplayRows``): one BLOB each. Each row
    /// is stepped and decoded holding the connection lock, since the fold `body` feeds may
    /// read prices on the same connection between two rows (``Ledger/sharingConnection(_:)``).
    /// `spare` returns an event the fold is done with, whose box the next event may reuse.
    private func forEachReplayRow(
        through asOf: Timestamp, skipping voided: Set<EventID>, reusing spare: () -> LedgerEvent?,
        _ body: (LedgerEvent) throws -> Void
    ) throws {
        // The fold starts after the first rows are read: only stepping and the reset at the
        // end can meet its lookups.
        let statement = try replayRows(through: asOf)
        defer { try? ledger.sharingConnection { statement.reset() } }
        let decoder = PackedEventDecoder()
        var (reusable, stepped): (LedgerEvent?, Int) = (nil, 0)
        while let event = try ledger.sharingConnection({
            if reusable == nil { reusable = spare() }
            return try nextReplayRow(
                statement, decoder, skipping: voided, reusing: &reusable, counting: &stepped, through: asOf)
        }) {
            try body(event)
        }
    }

    /// The replay rows up to `asOf`, data only, in replay order. When no row is later than
    /// `asOf` (a report as of now) the statement has no bound: SQLite's check of it on every
    /// row (~200 instructions) and the `seq` column (~80) were a fifth of stepping a row
    /// (docs/PERFORMANCE.md, "Cold replay, thirtieth round"); an error names the row's `seq`
    /// through ``undecodable(row:through:)``.
    private func replayRows(through asOf: Timestamp) throws -> SQLiteStatement {
        let last = try database.scalarInt("SELECT max(occurred_at) FROM event_replay")
        guard let last, last > asOf.secondsSinceEpoch else {
            return try database.prepare("SELECT data FROM event_replay ORDER BY occurred_at, seq")
        }
        let statement = try database.prepare(
            "SELECT data FROM event_replay WHERE occurred_at <= ?1 ORDER BY occurred_at, seq")
        try statement.bind([.integer(asOf.secondsSinceEpoch)])
        return statement
    }

    /// The error for replay row `index` (from 0) of ``replayRows(through:)``, naming its `seq`.
    private func undecodable(row index: Int, through asOf: Timestamp) -> StoreError {
        let sql = "SELECT seq FROM event_replay WHERE occurred_at <= ?1 ORDER BY occurred_at, seq LIMIT 1 OFFSET ?2"
        let found = try? database.scalarInt(sql, [.integer(asOf.secondsSinceEpoch), .integer(Int64(index))])
        return StoreError.corruptRecord("the replay row of event #\((found ?? nil) ?? 0) does not decode")
    }

    /// The next effective event of the replay rows `statement` steps, or nil at the end;
    /// `stepped` counts the rows stepped, for an error to name the row.
    private func nextReplayRow(
        _ statement: SQLiteStatement, _ decoder: PackedEventDecoder, skipping voided: Set<EventID>,
        reusing spare: inout LedgerEvent?, counting stepped: inout Int, through asOf: Timestamp
    )
        throws -> LedgerEvent?
    {
        while try statement.step() {
            stepped += 1
            guard let bytes = statement.borrowedBlob(0), let kind = decoder.kind(of: bytes) else {
                throw undecodable(row: stepped - 1, through: asOf)
            }
            if kind == .void || kind == .link { continue }
            guard let event = decoder.event(from: bytes, reusing: &spare) else {
                throw undecodable(row: stepped - 1, through: asOf)
            }
            if !voided.isEmpty, voided.contains(event.id) { continue }
            return event
        }
        return nil
    }

    /// The effective events from the columns of `events` (a ledger whose replay rows do not
    /// cover every event), stepped under the connection lock as above.
    private func forEachEventRow(
        through asOf: Timestamp, skipping voided: Set<EventID>, _ body: (LedgerEvent) throws -> Void
    ) throws {
        let statement = try database.prepare(
            """
            SELECT \(EventColumns.list) FROM events
            WHERE kind NOT IN ('void', 'link') AND occurred_at <= ?1 ORDER BY occurred_at, seq
            """)
        defer { try? ledger.sharingConnection { statement.reset() } }
        try statement.bind([.integer(asOf.secondsSinceEpoch)])
        let decoder = EventRowDecoder()
        let next = { () throws -> LedgerEvent? in
            while try statement.step() {
                let event = try decoder.event(from: statement)
                if !voided.isEmpty, voided.contains(event.id) { continue }
                return event
            }
            return nil
        }
        while let event = try ledger.sharingConnection(next) { try body(event) }
    }

    /// Streams every event, voids included, in log (sequence) order: what `allEvents()` returns,
    /// without holding the log in memory.
    public func forEachEvent(_ body: (LedgerEvent) throws -> Void) throws {
        try ledger.guarded {
            try database.readTransaction {
                let statement = try database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY seq")
                defer { statement.reset() }
                let decoder = EventRowDecoder()
                while try statement.step() { try body(try decoder.event(from: statement)) }
            }
        }
    }

    /// The head and latest occurred-at of the log now.
    func position() throws -> LogPosition {
        LogPosition(head: try chainHead(), lastOccurred: try lastOccurredAt())
    }

    /// The transfer links recorded up to `asOf` that are in force: not voided, and both their
    /// events in the log and not voided.
    func transferLinks(through asOf: Timestamp, voided: Set<EventID>) throws -> TransferLinks {
        let statement = try database.prepare(Self.transferLinksQuery)
        defer { statement.reset() }
        try statement.bind([.integer(asOf.secondsSinceEpoch)])
        var links: [TransferLink] = []
        while try statement.step() {
            let event = try EventColumns.event(from: statement)
            guard case .link(let link) = event.action, !voided.contains(event.id), !voided.contains(link.withdrawal),
                !voided.contains(link.deposit)
            else { continue }
            links.append(link)
        }
        return TransferLinks(links)
    }

    /// The links recorded up to `?1` whose two events are in the log. `+occurred_at` keeps the
    /// planner on the partial index `events_links` (a few rows): with a range on `occurred_at`
    /// it took `events_replay` and read every event up to as-of to find them (0.2–0.4 s at 1M
    /// events, before the replay could start; docs/PERFORMANCE.md).
    static let transferLinksQuery = """
        SELECT \(EventColumns.list) FROM events
        WHERE kind = 'link' AND +occurred_at <= ?1
          AND EXISTS (SELECT 1 FROM events w WHERE w.id = events.link_withdrawal)
          AND EXISTS (SELECT 1 FROM events d WHERE d.id = events.link_deposit)
        """

    /// The ids every void cancels.
    func voidedIDs() throws -> Set<EventID> {
        let statement = try database.prepare("SELECT void_target FROM events WHERE kind = 'void'")
        defer { statement.reset() }
        var ids = Set<EventID>()
        while try statement.step() {
            if let text = statement.text(0), let id = EventID(text) { ids.insert(id) }
        }
        return ids
    }
}

extension LedgerEvents {
    /// Streams the events appended after `sequence` (none of them voids, as a valid snapshot
    /// guarantees) in replay order, up to `asOf`.
    @discardableResult
    public func forEachEvent(after sequence: Int64, through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void)
        throws -> LogPosition
    {
        try ledger.guarded {
            try database.readTransaction {
                // NOT INDEXED keeps the planner off the `events_replay` index: walking it would
                // visit every event up to as-of (the whole log) to find the few after `sequence`;
                // the rowid range reads only the tail, which SQLite then sorts.
                let statement = try database.prepare(
                    """
                    SELECT \(EventColumns.list) FROM events NOT INDEXED WHERE seq > ?1 AND occurred_at <= ?2
                    ORDER BY occurred_at, seq
                    """)
                defer { statement.reset() }
                try statement.bind([.integer(sequence), .integer(asOf.secondsSinceEpoch)])
                let decoder = EventRowDecoder()
                while try statement.step() { try body(try decoder.event(from: statement)) }
                statement.reset()
                return try self.position()
            }
        }
    }

    /// The latest occurred-at of any event (nil for an empty ledger).
    public func lastOccurredAt() throws -> Timestamp? {
        try ledger.guarded {
            try database.scalarInt("SELECT MAX(occurred_at) FROM events").map(Timestamp.init(secondsSinceEpoch:))
        }
    }
}

/// The replay rows a statement steps, decoded into batches for the fold (``FoldEvent``).
private struct FoldRows {
    let statement: SQLiteStatement
    let voided: Set<EventID>
    let links: TransferLinks
    let decoder = PackedEventDecoder()
    /// The rows stepped so far.
    private var stepped = 0
    /// The place (from 0) of the row that did not decode, once one did not.
    private(set) var failedRow: Int?

    init(statement: SQLiteStatement, voided: Set<EventID>, links: TransferLinks) {
        self.statement = statement
        self.voided = voided
        self.links = links
    }

    /// Decodes effective events into `batch` until it is full; false when the rows ended (or
    /// one did not decode: ``failedRow``).
    mutating func fill(_ batch: inout FoldBatch) throws -> Bool {
        while !batch.isFull {
            guard try statement.step() else { return false }
            stepped += 1
            guard let bytes = statement.borrowedBlob(0), let kind = decoder.kind(of: bytes) else { return failed() }
            if kind == .void || kind == .link { continue }
            guard decoder.append(from: bytes, to: &batch.events) else { return failed() }
            let id = batch.events[batch.events.count - 1].id
            let skipped = !voided.isEmpty && voided.contains(id)
            guard skipped || (!links.isEmpty && links.isLinked(id)) else { continue }
            batch.events.removeLast()
            guard !skipped else { continue }
            guard let full = decoder.event(from: bytes) else { return failed() }
            links.replay(full) { batch.events.append(FoldEvent($0) { decoder.accountIndex($0) }) }
        }
        return true
    }

    private mutating func failed() -> Bool {
        failedRow = stepped - 1
        return false
    }
}

extension EventLogStore {
    /// The effective events as the fold reads them, in batches made from
    /// ``forEachEffectiveEvent(through:_:)`` (a store without replay rows).
    @discardableResult
    public func forEachEffectiveBatch(through asOf: Timestamp, _ body: (FoldBatch) throws -> Void) throws
        -> LogPosition
    {
        var batcher = FoldBatcher()
        let position = try forEachEffectiveEvent(through: asOf) { event in
            batcher.add(event)
            try batcher.flush(body)
        }
        try batcher.flush(all: true, body)
        return position
    }
}
