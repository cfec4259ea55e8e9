import LedgerCore

/// Read access to a ledger's events.
public protocol EventReading {
    /// Every event, in sequence order.
    func allEvents() throws -> [LedgerEvent]
    /// The events that touch any of `symbols` (as asset, counter asset, quote or fee), plus
    /// every void: what a balance check of those assets needs. Sequence order.
    func events(touching symbols: Set<AssetSymbol>) throws -> [LedgerEvent]
    /// The events of these kinds, in sequence order (``TransferBook`` reads withdrawals,
    /// deposits, links and voids: a few of a long log).
    func events(ofKinds kinds: Set<EventKind>) throws -> [LedgerEvent]
    /// The event with this sequence number (`12`, `#12`) or id, or nil.
    func event(reference: String) throws -> LedgerEvent?
    /// The class the ledger last recorded for `symbol`, or nil if it never appeared.
    func assetClass(of symbol: AssetSymbol) throws -> AssetClass?
}

/// The append-only event log. Implementations: ``LedgerEvents`` and ``InMemoryEventStore``,
/// held to the same contract by the tests.
public protocol EventStore: EventReading {
    /// Appends `drafts` in order as one transaction, assigning sequence numbers and hashes.
    /// `check` runs first under the write lock with the log as it is then; if it throws,
    /// nothing is written. Returns the events as stored.
    func append(_ drafts: [LedgerEvent], check: (any EventReading) throws -> Void) throws -> [LedgerEvent]
    /// The number of events and the hash of the last (the chain head).
    func chainHead() throws -> ChainHead
    /// Re-derives every hash from the stored fields and reports the first that does not match.
    func verifyChain() throws -> ChainVerification
}

/// The event log of a ledger file as the commands stream it (``LedgerEvents``): replays
/// without an array of the whole log, the newest entries, the bulk load of a new ledger.
public protocol EventLogStore: EventStore {
    /// The events a replay uses, in replay order, up to `asOf`; where the log stood.
    @discardableResult
    func forEachEffectiveEvent(through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void) throws -> LogPosition
    /// The same events as the fold reads them, in batches (``FoldBatch``; by default made from
    /// ``forEachEffectiveEvent(through:_:)``).
    @discardableResult
    func forEachEffectiveBatch(through asOf: Timestamp, _ body: (FoldBatch) throws -> Void) throws -> LogPosition
    /// The events appended after `sequence`, in replay order, up to `asOf`.
    @discardableResult
    func forEachEvent(after sequence: Int64, through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void) throws
        -> LogPosition
    /// Every event, voids included, in sequence order.
    func forEachEvent(_ body: (LedgerEvent) throws -> Void) throws
    /// Events newest first in replay order until `body` returns false.
    func forEachEventNewestFirst(_ body: (LedgerEvent) throws -> Bool) throws
    /// Every void, in log order.
    func voidEvents() throws -> [LedgerEvent]
    /// The latest occurred-at of any event (nil for an empty ledger).
    func lastOccurredAt() throws -> Timestamp?
    /// The sequence of the event whose hash is `hash`.
    func sequence(ofHash hash: String) throws -> Int64?
    /// Runs `body` with the per-row insert checks set aside, then checks the whole log once.
    func withInsertChecksDeferred<T>(_ body: () throws -> T) throws -> T
}

/// The end of the hash chain.
public struct ChainHead: Equatable, Sendable {
    public let count: Int64
    /// Hex SHA-256 of the last event; 64 zeros for an empty ledger.
    public let hash: String

    public init(count: Int64, hash: String) {
        self.count = count
        self.hash = hash
    }
}

/// What walking the chain found.
public struct ChainVerification: Equatable, Sendable {
    public let head: ChainHead
    /// The first event that does not match, if any.
    public let firstBreak: ChainBreak?

    public init(head: ChainHead, firstBreak: ChainBreak?) {
        self.head = head
        self.firstBreak = firstBreak
    }
}

/// One place where the stored events and the chain disagree.
public struct ChainBreak: Equatable, Sendable {
    public let sequence: Int64
    public let id: String
    public let reason: String

    package init(sequence: Int64, id: String, reason: String) {
        self.sequence = sequence
        self.id = id
        self.reason = reason
    }
}

extension EventReading {
    public func events(ofKinds kinds: Set<EventKind>) throws -> [LedgerEvent] {
        try allEvents().filter { kinds.contains($0.kind) }
    }

    public func assetClass(of symbol: AssetSymbol) throws -> AssetClass? {
        for event in try events(touching: [symbol]).reversed() {
            if let asset = event.namedAsset(symbol) { return asset.assetClass }
        }
        return nil
    }

    /// Resolves `12`, `#12` or a ULID to an event, or throws ``StoreError/eventNotFound(reference:)``.
    public func requireEvent(_ reference: String) throws -> LedgerEvent {
        guard let event = try event(reference: reference) else { throw StoreError.eventNotFound(reference: reference) }
        return event
    }
}

/// Parses an event reference: a sequence number (with or without `#`) or an event id.
package enum EventReference {
    case sequence(Int64)
    case id(EventID)

    package init?(_ text: String) {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let number = Int64(digits), number > 0 {
            self = .sequence(number)
        } else if let id = EventID(text) {
            self = .id(id)
        } else {
            return nil
        }
    }
}

extension LedgerEvent {
    /// The asset this event is about when it is `symbol` (its primary asset, or what a trade
    /// receives), with the class recorded for it; nil when the event only quotes it, pays a fee
    /// in it or does not touch it. The newest such event gives an asset's class.
    public func namedAsset(_ symbol: AssetSymbol) -> Asset? {
        if let asset = action.primaryAsset, asset.symbol == symbol { return asset }
        if case .trade(_, let received) = action, received.asset.symbol == symbol { return received.asset }
        return nil
    }
}
