import LedgerCore
import LedgerStore

/// The streaming side of the event log (``EventLogStore``), as the reports read it. Each read
/// is one statement or one `REPEATABLE READ` transaction, so a replay and the position it
/// reports see the same log while other servers append. The replay reads the user's whole log
/// and orders it in memory with LedgerCore's own rules (``EventReplay``, ``TransferLinks``),
/// as ``InMemoryEventStore`` does: no second copy of them, but one JSON decode per event
/// (docs/SERVER.md, "What is left of issue 38").
extension PostgresEvents {
    @discardableResult
    public func forEachEffectiveEvent(through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void) throws
        -> LogPosition
    {
        let (log, position) = try session.readTransaction { try chained(after: 0) }
        let voided = EventReplay.voidedIDs(log)
        // A link counts from its own time on; a void whatever its time, as in a ledger file.
        let links = TransferLinks(
            log: log.filter { !Self.isLink($0) || $0.occurredAt <= asOf }, voided: voided)
        let effective = log.filter { event in
            !EventReplay.isAnnotation(event) && voided[event.id] == nil && event.occurredAt <= asOf
        }
        for event in effective.sorted(by: LedgerEvent.replayOrder) { try links.replay(event, body) }
        return position
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
