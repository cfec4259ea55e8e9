/// One line of the holdings table.
public struct HoldingRow: Hashable, Sendable {
    public let asset: AssetSymbol
    public let assetClass: AssetClass
    /// The account, when lots are kept per account.
    public let account: String?
    public let quantity: ExactDecimal
    /// The known part of the cost basis; all of it when ``costComplete``.
    public let costBasis: ExactDecimal
    /// False when part of the cost basis could not be valued (a missing price on an
    /// acquisition day, or no rate for a fiat balance).
    public let costComplete: Bool
    /// The price at the report's as-of time; nil when unpriced (never taken as zero).
    public let price: PriceQuote?
    /// Share of the total priced value, in percent (nil when unpriced).
    public internal(set) var allocationPercent: ExactDecimal?

    /// Cost basis per unit; nil when the cost basis is incomplete.
    public var averageCost: ExactDecimal? { quantity.isPositive && costComplete ? costBasis / quantity : nil }
    public var value: ExactDecimal? { price.map { $0.value * quantity } }
    /// Value minus cost basis; nil when either is unknown (a P&L on part of a cost is no P&L).
    public var unrealizedPnL: ExactDecimal? { costComplete ? value.map { $0 - costBasis } : nil }
    public var unrealizedPercent: ExactDecimal? {
        guard let pnl = unrealizedPnL, costBasis.isPositive else { return nil }
        return pnl * 100 / costBasis
    }
}

/// The totals under the holdings table.
public struct HoldingsTotals: Hashable, Sendable {
    /// Value of the priced holdings.
    public let value: ExactDecimal
    /// Cost basis of every holding, priced or not (the known part when not ``costComplete``).
    public let costBasis: ExactDecimal
    public let costComplete: Bool
    /// Unrealized P&L of the priced holdings whose cost is complete.
    public let unrealizedPnL: ExactDecimal
    /// False when a priced holding's cost is incomplete (its P&L is left out of the total).
    public let unrealizedComplete: Bool
    public let realizedPnL: ExactDecimal
    public let income: ExactDecimal
    public let feesPaid: ExactDecimal
    public let netFiatPaidIn: ExactDecimal
    /// Holdings with no price at as-of, and their cost basis (the known part when not
    /// ``unpricedCostComplete``).
    public let unpricedAssets: [AssetSymbol]
    public let unpricedCost: ExactDecimal
    public let unpricedCostComplete: Bool
    /// The running totals (realized, income, fees, fiat paid in) that lack a valuation.
    public let incomplete: IncompleteTotals
}

extension HoldingsTotals {
    /// Realized P&L is gains minus fees: incomplete when either lacks a valuation.
    public var realizedComplete: Bool { incomplete.isDisjoint(with: [.realized, .fees]) }
    public var incomeComplete: Bool { !incomplete.contains(.income) }
    public var netFiatPaidInComplete: Bool { !incomplete.contains(.netFiatPaidIn) }
}

/// What `ledger portfolio` shows: holdings valued at as-of, with totals.
public struct HoldingsReport: Sendable {
    public private(set) var options: ValuationOptions
    public let rows: [HoldingRow]
    public let totals: HoldingsTotals
    public let diagnostics: [LedgerDiagnostic]
    /// The valuations the replay could not make (the figures they feed are incomplete).
    public let missingPrices: [MissingPrice]
    public let eventCount: Int

    /// The same report as of `time`: what a replay then gives when no event or price is dated
    /// after the earlier of the two moments (LedgerApp's kept portfolios).
    public func asOf(_ time: Timestamp) -> HoldingsReport {
        var report = self
        report.options.asOf = time
        return report
    }

    /// True when every figure is known: no valuation missing, every holding priced.
    public var complete: Bool {
        missingPrices.isEmpty && totals.unpricedAssets.isEmpty && totals.costComplete && totals.incomplete.isEmpty
    }

    /// Values every open position of `state` with the latest price at or before as-of.
    public init(state: PortfolioState, prices: PriceTable) {
        options = state.options
        var rows = Self.positions(state, prices).map { position in
            HoldingRow(
                asset: position.asset, assetClass: state.assetClass(of: position.asset) ?? position.asset.inferredClass,
                account: state.options.perAccount ? position.account : nil, quantity: position.quantity,
                costBasis: position.cost, costComplete: position.costComplete,
                price: prices.price(of: position.asset, in: state.options.currency, at: state.options.asOf)
            )
        }
        let total = rows.compactMap(\.value).sum()
        for index in rows.indices where total.isPositive {
            rows[index].allocationPercent = rows[index].value.map { $0 * 100 / total }
        }
        self.rows = rows.sorted(by: Self.display)
        let priced = rows.filter { $0.price != nil }
        let unpriced = rows.filter { $0.price == nil }
        totals = HoldingsTotals(
            value: total, costBasis: rows.map(\.costBasis).sum(), costComplete: rows.allSatisfy(\.costComplete),
            unrealizedPnL: priced.compactMap(\.unrealizedPnL).sum(),
            unrealizedComplete: priced.allSatisfy(\.costComplete),
            realizedPnL: state.realizedPnL, income: state.income, feesPaid: state.feesPaid,
            netFiatPaidIn: state.netFiatPaidIn,
            unpricedAssets: Array(Set(unpriced.map(\.asset))).sorted(), unpricedCost: unpriced.map(\.costBasis).sum(),
            unpricedCostComplete: unpriced.allSatisfy(\.costComplete), incomplete: state.incompleteTotals
        )
        diagnostics = state.diagnostics + state.cashNotices
        missingPrices = state.missingPrices
        eventCount = state.eventCount
    }

    private struct Position {
        let asset: AssetSymbol
        let account: String
        let quantity: ExactDecimal
        let cost: ExactDecimal
        var costComplete = true
    }

    /// Open lots and fiat balances, one per position, zero positions left out. Fiat's cost
    /// basis is its value: holding cash makes no P&L here.
    private static func positions(_ state: PortfolioState, _ prices: PriceTable) -> [Position] {
        var result: [Position] = []
        state.forEachBook { key, book in
            let quantity = book.quantity
            guard quantity.isPositive else { return }
            result.append(
                Position(
                    asset: key.asset, account: key.account, quantity: quantity, cost: book.cost,
                    costComplete: book.costComplete))
        }
        let options = state.options
        // Pooled reports show one line per currency, summed over the accounts.
        var fiat: [PositionKey: ExactDecimal] = [:]
        state.forEachBalance { key, balance in
            let shown =
                options.perAccount ? key : PositionKey(account: ValuationOptions.pooledAccount, asset: key.asset)
            fiat[shown, default: .zero] += balance
        }
        // A balance below zero (an imported overdraft) is shown: it is owed.
        for (key, balance) in fiat where !balance.isZero {
            let rate = prices.price(of: key.asset, in: options.currency, at: options.asOf)?.value
            result.append(
                Position(
                    asset: key.asset, account: key.account, quantity: balance, cost: rate.map { $0 * balance } ?? .zero,
                    costComplete: rate != nil))
        }
        return result
    }

    /// Largest value first; unpriced holdings last, by symbol.
    private static func display(_ lhs: HoldingRow, _ rhs: HoldingRow) -> Bool {
        switch (lhs.value, rhs.value) {
        case (let left?, let right?) where left != right: return left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default: return (lhs.asset, lhs.account ?? "") < (rhs.asset, rhs.account ?? "")
        }
    }
}
