/// Realized gains in a period: every disposal piece, with totals.
public struct GainsReport: Sendable {
    public let method: BookingMethod
    public let currency: AssetSymbol
    public let since: LocalDate?
    public let until: LocalDate?
    public let disposals: [Disposal]
    public let totals: Totals
    public let diagnostics: [LedgerDiagnostic]
    /// The dividends received in the period, with the tax withheld from each.
    public let dividends: [DividendRecord]
    /// Every valuation the replay could not make (some may concern events outside the period).
    public let missingPrices: [MissingPrice]

    public struct Totals: Hashable, Sendable {
        public let proceeds: ExactDecimal
        public let costBasis: ExactDecimal
        public let gain: ExactDecimal
        public let shortTermGain: ExactDecimal
        public let longTermGain: ExactDecimal
        /// Whether each sum is whole: false when a disposal it adds up lacks a valuation (its
        /// proceeds, its cost, or either for a gain).
        public let proceedsComplete: Bool
        public let costComplete: Bool
        public let gainComplete: Bool
        public let shortTermComplete: Bool
        public let longTermComplete: Bool

        /// Every sum is whole.
        public var complete: Bool { proceedsComplete && costComplete }
    }

    /// The dividends' totals (gross, tax withheld, net).
    public var dividendTotals: DividendTotals { DividendTotals(dividends) }

    /// The disposals of `state` whose disposal date lies in `since…until` (inclusive; open
    /// ends when nil), in disposal order.
    public init(state: PortfolioState, since: LocalDate?, until: LocalDate?) {
        method = state.options.method
        currency = state.options.currency
        self.since = since
        self.until = until
        let chosen = state.disposals.filter { disposal in
            let date = disposal.disposed.date
            return (since.map { date >= $0 } ?? true) && (until.map { date <= $0 } ?? true)
        }
        disposals = chosen
        dividends = state.dividends.filter { dividend in
            let date = dividend.received.date
            return (since.map { date >= $0 } ?? true) && (until.map { date <= $0 } ?? true)
        }
        totals = Totals(
            proceeds: chosen.map(\.proceeds).sum(), costBasis: chosen.map(\.cost).sum(),
            gain: chosen.map(\.gain).sum(),
            shortTermGain: chosen.filter { $0.term == .short }.map(\.gain).sum(),
            longTermGain: chosen.filter { $0.term == .long }.map(\.gain).sum(),
            proceedsComplete: chosen.allSatisfy(\.proceedsComplete), costComplete: chosen.allSatisfy(\.costComplete),
            gainComplete: chosen.allSatisfy(\.complete),
            shortTermComplete: chosen.filter { $0.term == .short }.allSatisfy(\.complete),
            longTermComplete: chosen.filter { $0.term == .long }.allSatisfy(\.complete)
        )
        diagnostics = state.diagnostics
        missingPrices = state.missingPrices
    }
}

/// How the portfolio is split, by asset, class or account.
public struct AllocationReport: Sendable {
    public enum Grouping: String, CaseIterable, Sendable { case asset, `class`, account }

    public struct Slice: Hashable, Sendable {
        public let label: String
        public let value: ExactDecimal
        /// Fraction of the total, 0…1.
        public let share: ExactDecimal
        /// Share of the total in percent, computed as value × 100 ÷ total (the same rounding
        /// as the portfolio's `allocation_pct`).
        public let percent: ExactDecimal
    }

    public let grouping: Grouping
    public let slices: [Slice]
    public let total: ExactDecimal
    public let unpricedAssets: [AssetSymbol]

    /// Groups the priced rows of `holdings` (which must be per account for `.account`).
    public init(holdings: HoldingsReport, by grouping: Grouping) {
        self.grouping = grouping
        var values: [String: ExactDecimal] = [:]
        for row in holdings.rows {
            guard let value = row.value else { continue }
            let label =
                switch grouping {
                case .asset: row.asset.text
                case .class: row.assetClass.rawValue
                case .account: row.account ?? ValuationOptions.pooledAccount
                }
            values[label, default: .zero] += value
        }
        let total = values.values.sum()
        self.total = total
        slices = values.map { label, value in
            Slice(
                label: label, value: value, share: total.isPositive ? value / total : .zero,
                percent: total.isPositive ? value * 100 / total : .zero)
        }.sorted { ($0.value, $1.label) > ($1.value, $0.label) }
        unpricedAssets = holdings.totals.unpricedAssets
    }
}
