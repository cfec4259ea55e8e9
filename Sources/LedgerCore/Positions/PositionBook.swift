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

    /// Applies one event; returns the first outflow that took more than was held, if any.
    /// The event is applied in full either way.
    @discardableResult
    public mutating func apply(_ event: LedgerEvent) -> Shortfall? {
        if case .split(let asset, let ratio) = event.action {
            applySplit(asset.symbol, ratio)
            return nil
        }
        // Judge each balance by the event's net change: a sell with a BTC fee needs both, a
        // buy of ETH whose fee is paid in ETH is paid out of what it brings in.
        var net: [PositionKey: ExactDecimal] = [:]
        var guarded: Set<PositionKey> = []
        let changes = event.quantityChanges
        for change in changes {
            net[change.key, default: .zero] += change.delta
            if change.mustBeHeld && change.delta.isNegative { guarded.insert(change.key) }
        }
        var shortfall: Shortfall?
        for change in changes where guarded.contains(change.key) && shortfall == nil {
            let before = balance(change.key), delta = net[change.key] ?? .zero
            if (before + delta).isNegative {
                shortfall = Shortfall(key: change.key, needed: delta.negated, held: before, event: event)
            }
        }
        for (key, delta) in net { balances[key] = balance(key) + delta }
        return shortfall
    }

    private mutating func applySplit(_ symbol: AssetSymbol, _ ratio: SplitRatio) {
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
