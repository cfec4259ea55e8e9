/// A required outflow that was not held.
public struct Shortfall: Equatable, Sendable {
    public let key: PositionKey
    /// What the event takes out.
    public let needed: ExactDecimal
    /// What was held just before it.
    public let held: ExactDecimal
    /// The event that would take out more than was held.
    public let event: LedgerEvent
}

/// Running quantities per account and asset, folded over events in replay order. This is the
/// cheap check behind "you cannot sell what you do not hold"; lots and cost live in the
/// valuation fold.
public struct PositionBook: Sendable {
    public private(set) var balances: [PositionKey: ExactDecimal] = [:]

    public init() {}

    /// The balance of one asset in one account.
    public func balance(_ key: PositionKey) -> ExactDecimal { balances[key] ?? .zero }

    /// One balance an event changes: its net change over the event's quantity changes, and
    /// whether it is guarded (some change to it is an outflow that must be held). Judging by
    /// the net change means a sell with a BTC fee needs both, while a buy of ETH whose fee is
    /// paid in ETH is paid out of what it brings in.
    public struct NetChange: Sendable {
        public let key: PositionKey
        public var delta: ExactDecimal
        public var guarded: Bool
    }

    /// The balances `event` changes, each once, in the order first changed. A list, not a
    /// dictionary: an event changes two or three, and the import folds one per row.
    public static func netChanges(_ event: LedgerEvent) -> [NetChange] {
        withNetChanges(event) { Array($0) }
    }

    /// ``netChanges(_:)`` handed to `body` in place, with no array made (``apply(_:)`` runs
    /// for every event `verify` and an import check).
    static func withNetChanges<T>(_ event: LedgerEvent, _ body: (UnsafeBufferPointer<NetChange>) -> T) -> T {
        // At most two changes and a fee (``LedgerEvent/forEachQuantityChange(_:)``).
        withUnsafeTemporaryAllocation(of: NetChange.self, capacity: 3) { net in
            var count = 0
            event.forEachQuantityChange { change in
                let outflow = change.mustBeHeld && change.delta.isNegative
                if let index = net[..<count].firstIndex(where: { $0.key == change.key }) {
                    net[index].delta += change.delta
                    net[index].guarded = net[index].guarded || outflow
                } else {
                    precondition(count < net.count, "an event makes at most three balance changes")
                    (net.baseAddress! + count).initialize(
                        to: NetChange(key: change.key, delta: change.delta, guarded: outflow))
                    count += 1
                }
            }
            defer { net.baseAddress!.deinitialize(count: count) }
            return body(UnsafeBufferPointer(rebasing: net[..<count]))
        }
    }

    /// True when `change` is guarded and takes the balance below zero.
    public func isShort(_ change: NetChange) -> Bool {
        change.guarded && (balance(change.key) + change.delta).isNegative
    }

    /// Adds each net change to its balance.
    public mutating func apply(_ changes: [NetChange]) {
        for change in changes { balances[change.key, default: .zero] += change.delta }
    }

    /// Applies one event; returns the first outflow that took more than was held, if any.
    /// The event is applied in full either way.
    @discardableResult
    public mutating func apply(_ event: LedgerEvent) -> Shortfall? {
        if case .split(let asset, let ratio) = event.action {
            applySplit(asset.symbol, ratio)
            return nil
        }
        // Each balance found once (the changes' keys differ, so what each held before the
        // event is what it holds when reached): `verify` and the import fold every event.
        return Self.withNetChanges(event) { net in
            var shortfall: Shortfall?
            for change in net {
                let held = Self.add(change.delta, to: &balances[change.key, default: .zero])
                if case .none = shortfall, change.guarded, (held + change.delta).isNegative {
                    shortfall = Shortfall(key: change.key, needed: change.delta.negated, held: held, event: event)
                }
            }
            return shortfall
        }
    }

    /// Applies `event` unless `first` holds a shortfall already, and keeps the first one found
    /// there: a fold that checks until its first shortfall (`verify`, an import's closing
    /// check). `Shortfall?` is tested by its case, never copied or compared with `==`: it holds
    /// an event (416 bytes), and `shortfall == nil; shortfall = apply(event)` copied it several
    /// times per event (`memmove` was 2 % of `verify`: docs/PERFORMANCE.md).
    public mutating func apply(_ event: LedgerEvent, keepingFirst first: inout Shortfall?) {
        guard case .none = first, let found = apply(event) else { return }
        first = found
    }

    /// Adds `delta` to `balance`; returns what it was.
    private static func add(_ delta: ExactDecimal, to balance: inout ExactDecimal) -> ExactDecimal {
        let held = balance
        balance += delta
        return held
    }

    /// Scales every balance of `symbol` by a split's ratio, rounding toward zero as the lots
    /// do (``LotBook``), so balances and lots agree on a split that does not divide evenly.
    public mutating func applySplit(_ symbol: AssetSymbol, _ ratio: SplitRatio) {
        let numerator = ExactDecimal(ratio.numerator)
        let denominator = ExactDecimal(ratio.denominator)
        for (key, quantity) in balances where key.asset == symbol {
            balances[key] = LotBook.scaled(quantity, numerator, denominator)
        }
    }

    /// Folds `events` (voided ones removed, then replay order) and returns the first shortfall
    /// at or after `from` (replay position) on one of `keys` (all keys when nil).
    public static func firstShortfall(
        in events: [LedgerEvent], from: LedgerEvent? = nil, keys: Set<PositionKey>? = nil
    ) -> Shortfall? {
        var book = PositionBook()
        for event in EventReplay.effective(events) {
            let shortfall = book.apply(event)
            guard let shortfall else { continue }
            if let from, LedgerEvent.replayOrder(event, from) { continue }
            if let keys, !keys.contains(shortfall.key) { continue }
            return shortfall
        }
        return nil
    }
}
