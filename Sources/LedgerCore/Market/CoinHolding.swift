/// The user's own position in one coin, valued at a market price: what `ledger market show`
/// prints under "Your holding".
public struct CoinHolding: Hashable, Sendable {
    public let quantity: ExactDecimal
    /// The known part of the cost basis; all of it when ``costComplete``.
    public let costBasis: ExactDecimal
    /// False when part of the cost could not be valued in `currency` (a missing price).
    public var costComplete = true
    /// quantity × price; nil when the market gave no price.
    public let value: ExactDecimal?
    public let currency: AssetSymbol
    /// Events of the ledger that could not be valued in the replay (a missing price or rate):
    /// the cost basis may then be incomplete.
    public var unvaluedEvents = 0

    /// Sums every row of `asset` (one per account when lots are per account); nil when the
    /// ledger holds none of it.
    public init?(rows: [HoldingRow], asset: AssetSymbol, price: ExactDecimal?, currency: AssetSymbol) {
        let mine = rows.filter { $0.asset == asset }
        let quantity = mine.map(\.quantity).sum()
        guard !quantity.isZero else { return nil }
        self.init(quantity: quantity, costBasis: mine.map(\.costBasis).sum(), price: price, currency: currency)
        costComplete = mine.allSatisfy(\.costComplete)
    }

    public init(quantity: ExactDecimal, costBasis: ExactDecimal, price: ExactDecimal?, currency: AssetSymbol) {
        self.quantity = quantity
        self.costBasis = costBasis
        value = price.map { $0 * quantity }
        self.currency = currency
    }

    /// value − cost basis; nil when either is unknown.
    public var unrealizedPnL: ExactDecimal? { costComplete ? value.map { $0 - costBasis } : nil }

    /// The unrealized P&L as a percentage of the cost basis; nil without a cost basis.
    public var unrealizedPercent: ExactDecimal? {
        guard let pnl = unrealizedPnL, costBasis.isPositive else { return nil }
        return pnl * ExactDecimal(100) / costBasis
    }
}
