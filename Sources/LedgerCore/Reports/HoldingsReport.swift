/// One line of the holdings table.
public struct HoldingRow: Hashable, Sendable {
    public let asset: AssetSymbol
    public let assetClass: AssetClass
    /// The account, when lots are kept per account.
    public let account: String?
    public let quantity: ExactDecimal
    public let costBasis: ExactDecimal
    /// The price at the report's as-of time; nil when unpriced (never taken as zero).
    public let price: PriceQuote?
    /// Share of the total priced value, in percent (nil when unpriced).
    public internal(set) var allocationPercent: ExactDecimal?

    public var averageCost: ExactDecimal? { quantity.isPositive ? costBasis / quantity : nil }
    public var value: ExactDecimal? { price.map { $0.value * quantity } }
    public var unrealizedPnL: ExactDecimal? { value.map { $0 - costBasis } }
    public var unrealizedPercent: ExactDecimal? {
        guard let pnl = unrealizedPnL, costBasis.isPositive else { return nil }
        return pnl * 100 / costBasis
    }
}

/// The totals under the holdings table.
public struct HoldingsTotals: Hashable, Sendable {
    /// Value of the priced holdings.
    public let value: ExactDecimal
    /// Cost basis of every holding, priced or not.
    public let costBasis: ExactDecimal
    /// Unrealized P&L of the priced holdings.
    public let unrealizedPnL: ExactDecimal
    public let realizedPnL: ExactDecimal
    public let income: ExactDecimal
    public let feesPaid: ExactDecimal
    public let netFiatPaidIn: ExactDecimal
    /// Holdings with no price at as-of, and their cost basis.
    public let unpricedAssets: [AssetSymbol]
    public let unpricedCost: ExactDecimal
}

/// What `ledger portfolio` shows: holdings valued at as-of, with totals.
public struct HoldingsReport: Sendable {
    public let options: ValuationOptions
    public let rows: [HoldingRow]
    public let totals: HoldingsTotals
    public let diagnostics: [LedgerDiagnostic]
    public let eventCount: Int

    /// Values every open position of `state` with the latest price at or before as-of.
    public init(state: PortfolioState, prices: PriceTable) {
        options = state.options
        var rows = Self.positions(state, prices).map { position in
            HoldingRow(
                asset: position.asset, assetClass: state.assetClasses[position.asset] ?? position.asset.inferredClass,
                account: state.options.perAccount ? position.account : nil, quantity: position.quantity,
                costBasis: position.cost, price: prices.price(of: position.asset, in: state.options.currency, at: state.options.asOf)
            )
        }
        let total = rows.compactMap(\.value).sum()
        for index in rows.indices where total.isPositive {
            rows[index].allocationPercent = rows[index].value.map { $0 * 100 / total }
        }
        self.rows = rows.sorted(by: Self.display)
        let priced = rows.filter { $0.price != nil }, unpriced = rows.filter { $0.price == nil }
        totals = HoldingsTotals(
            value: total, costBasis: rows.map(\.costBasis).sum(),
            unrealizedPnL: priced.compactMap(\.unrealizedPnL).sum(), realizedPnL: state.realizedPnL,
            income: state.income, feesPaid: state.feesPaid, netFiatPaidIn: state.netFiatPaidIn,
            unpricedAssets: Array(Set(unpriced.map(\.asset))).sorted(), unpricedCost: unpriced.map(\.costBasis).sum()
        )
        diagnostics = state.diagnostics
        eventCount = state.eventCount
    }

    private struct Position {
        let asset: AssetSymbol
        let account: String
        let quantity: ExactDecimal
        let cost: ExactDecimal
    }

    /// Open lots and fiat balances, one per position, zero positions left out. Fiat's cost
    /// basis is its value: holding cash makes no P&L here.
    private static func positions(_ state: PortfolioState, _ prices: PriceTable) -> [Position] {
        var result = state.books.compactMap { key, book -> Position? in
            let quantity = book.quantity
            return quantity.isPositive ? Position(asset: key.asset, account: key.account, quantity: quantity, cost: book.cost) : nil
        }
        let options = state.options
        // Pooled reports show one line per currency, summed over the accounts.
        var fiat: [PositionKey: ExactDecimal] = [:]
        for (key, balance) in state.fiat {
            let shown = options.perAccount ? key : PositionKey(account: ValuationOptions.pooledAccount, asset: key.asset)
            fiat[shown, default: .zero] += balance
        }
        for (key, balance) in fiat where balance.isPositive {
            let rate = prices.price(of: key.asset, in: options.currency, at: options.asOf)?.value
            result.append(Position(asset: key.asset, account: key.account, quantity: balance, cost: rate.map { $0 * balance } ?? .zero))
        }
        return result
    }

    /// Largest value first; unpriced holdings last, by symbol.
    private static func display(_ lhs: HoldingRow, _ rhs: HoldingRow) -> Bool {
        switch (lhs.value, rhs.value) {
        case let (left?, right?) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default: return (lhs.asset, lhs.account ?? "") < (rhs.asset, rhs.account ?? "")
        }
    }
}
