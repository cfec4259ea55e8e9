import LedgerCore
import LedgerStore

/// The streaming side of the event log (``EventLogStore``), as the reports read it. Each read
/// is one statement or one `REPEATABLE READ` transaction, so a replay and the position it
/// reports see the same log while other servers append. The replay streams the user's events
/// in replay order from a cursor, ``replayBatch`` rows at a time (the database orders them:
/// LedgerCore's ``LedgerEvent/replayOrder`` is occurred-at, then sequence), after reading the
/// voids and links whole (few) and the events the links name, so LedgerCore's own rules
/// (``EventReplay``, ``TransferLinks``) decide what counts: no second copy of them, and no
/// more of the log in memory at once than a batch.
extension PostgresEvents {
    /// How many events one `FETCH` of the replay's cursor reads.
    static let replayBatch = 1000

    @discardableResult
    public func forEachEffectiveEvent(through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void) throws
        -> LogPosition
    {
        try session.readTransaction {
            let annotations = try events(where: " AND kind IN ('void', 'link')", ledger.binds())
            let voided = EventReplay.voidedIDs(annotations)
            // A link counts from its own time on; a void whatever its time, as in a ledger file.
            let counted = annotations.filter { Self.isLink($0) && $0.occurredAt <= asOf }
            let links = TransferLinks(log: counted + (try linked(counted)), voided: voided)
            try session.rows(
                """
                DECLARE ledger_replay NO SCROLL CURSOR FOR SELECT sequence, record FROM events
                WHERE user_id = \(ledger.userID) AND occurred_at <= \(asOf.secondsSinceEpoch)
                AND kind NOT IN ('void', 'link') ORDER BY occurred_at, sequence
                """)
            do {
                var fetched = Self.replayBatch
                while fetched == Self.replayBatch {
                    let rows = try session.rows("FETCH \(Self.replayBatch) FROM ledger_replay")
                    fetched = rows.count
                    for row in rows {
                        let (sequence, record) = try row.decode((Int64, String).self)
                        let event = try Self.decode(record, sequence: sequence)
                        if voided[event.id] == nil { try links.replay(event, body) }
                    }
                }
            } catch {
                // Closed, so that a caller's transaction this one joined may replay again.
                _ = try? session.rows("CLOSE ledger_replay")
                throw error
            }
            try session.rows("CLOSE ledger_replay")
            return LogPosition(head: try chainHead(), lastOccurred: try lastOccurredAt())
        }
    }

    /// The events `links` name (a link counts only while both are in the log), at any time.
    private func linked(_ links: [LedgerEvent]) throws -> [LedgerEvent] {
        let ids = links.flatMap { event -> [String] in
            guard case .link(let link) = event.action else { return [] }
            return [link.withdrawal.description, link.deposit.description]
        }
        guard !ids.isEmpty else { return [] }
        var binds = ledger.binds()
        binds.append(ids)
        return try events(where: " AND id = ANY($2::text[])", binds)
    }

    @discardableResult
    public func forEachEvent(after sequence: Int64, through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void)
        throws -> LogPosition
    {
        let (tail, position) = try session.readTransaction { try chained(after: sequence) }
        for event in tail.filter({ $0.occurredAt <= asOf }).sorted(by: LedgerEvent.replayOrder) { try body(event) }
        return position
    }

    public func forEachEvent(_ body: (LedgerEvent) throws -> Void) throws {
        for event in try allEvents() { try body(event) }
    }

    public func forEachEventNewestFirst(_ body: (LedgerEvent) throws -> Bool) throws {
        for event in try allEvents().sorted(by: LedgerEvent.replayOrder).reversed() {
            guard try body(event) else { return }
        }
    }

    public func voidEvents() throws -> [LedgerEvent] {
        try events(where: " AND kind = 'void'", ledger.binds())
    }

    public func lastOccurredAt() throws -> Timestamp? {
        try session.rows("SELECT MAX(occurred_at) FROM events WHERE user_id = $1", ledger.binds())
            .first?.decode(Int64?.self).map(Timestamp.init(secondsSinceEpoch:))
    }

    public func sequence(ofHash hash: String) throws -> Int64? {
        var binds = ledger.binds()
        binds.append(hash)
        return try session.rows("SELECT sequence FROM events WHERE user_id = $1 AND hash = $2", binds)
            .first?.decode(Int64.self)
    }

    /// PostgreSQL keeps no per-row insert checks to set aside (its triggers refuse changes,
    /// never inserts): `body` runs as it is.
    public func withInsertChecksDeferred<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    /// The events after `sequence` in log order, and where the whole log stands, read in the
    /// caller's transaction.
    private func chained(after sequence: Int64) throws -> ([LedgerEvent], LogPosition) {
        var binds = ledger.binds()
        binds.append(sequence)
        let events = try self.events(where: " AND sequence > $2", binds)
        let head = try chainHead()
        return (events, LogPosition(head: head, lastOccurred: try lastOccurredAt()))
    }

    private static func isLink(_ event: LedgerEvent) -> Bool {
        if case .link = event.action { return true }
        return false
    }
}
