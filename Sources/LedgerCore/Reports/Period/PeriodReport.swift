/// Everything `ledger report` shows, as values: the state at as-of (holdings, allocation, P&L),
/// what changed over the period (start value, change, top movers, realized gains), the value
/// series with its gaps, how fresh the prices are, and the chain head the books had.
///
/// Built by a pure function of the replayed period, the price table and a few facts the shell
/// looks up (the chain head, when each price was fetched).
public struct PeriodReport: Sendable {
    public let period: ReportPeriod
    public let holdings: HoldingsReport
    /// Disposals dated inside the period.
    public let gains: GainsReport
    public let allocation: AllocationReport
    /// The close of the base day, then of each day of the period.
    public let series: [DailyValue]
    /// Assets held but unpriced, per run of consecutive days of the series.
    public let unpricedSpans: [UnpricedSpan]
    /// The largest price effects over the period, at most ``moverLimit``.
    public let movers: [Mover]
    /// Assets held at the start whose price effect is unknown (no price on the base day or at
    /// as-of).
    public let unrankedAssets: [AssetSymbol]
    /// One line per priced holding whose price is market data (not the identity).
    public let freshness: [PriceFreshness]
    public let chain: ChainStamp
    /// The headlines of held assets, with `--news` (nil without).
    public var news: ReportNews?
    /// The money invested at each close of ``series``: the start value plus the net
    /// contributions since (`ledger returns`' definition; empty when not worked out). The HTML
    /// report draws it beside the value.
    public var invested: [ExactDecimal?] = []

    /// How many movers a report lists.
    public static let moverLimit = 5

    public init(
        state: PortfolioState, period: ReportPeriod, closes: [[AssetSymbol: ExactDecimal]],
        prices: PriceTable, chain: ChainStamp, fetchedAt: [AssetSymbol: Timestamp]
    ) {
        self.period = period
        self.chain = chain
        let closes = closes.map { $0.filter { $0.value.isPositive } }
        holdings = HoldingsReport(state: state, prices: prices)
        let options = state.options
        gains = GainsReport(state: state, since: period.kind == .all ? nil : period.first, until: period.last)
        allocation = AllocationReport(holdings: holdings, by: .asset)
        series = Self.series(period: period, closes: closes, prices: prices, options: options)
        unpricedSpans = Self.spans(series)
        let ranked = Self.movers(held: closes.first ?? [:], period: period, prices: prices, options: options)
        movers = Array(ranked.movers.prefix(Self.moverLimit))
        unrankedAssets = ranked.unranked
        freshness = holdings.rows.compactMap { row in
            guard let price = row.price, price.source != "identity" else { return nil }
            return PriceFreshness(
                asset: row.asset, observedAt: price.observedAt, source: price.source,
                fetchedAt: fetchedAt[row.asset], asOf: options.asOf)
        }
    }

    public var options: ValuationOptions { holdings.options }

    /// The value at the close of the base day; nil when a held asset had no price that day.
    public var startValue: ExactDecimal? { series.first?.value }

    /// The value at as-of (the holdings table's total); nil when a holding is unpriced, since
    /// the total then leaves it out.
    public var endValue: ExactDecimal? {
        holdings.totals.unpricedAssets.isEmpty ? holdings.totals.value : nil
    }

    /// End value minus start value, when both are known.
    public var change: ExactDecimal? {
        guard let startValue, let endValue else { return nil }
        return endValue - startValue
    }

    /// The change in percent of the start value (nil when unknown or the start was zero).
    public var changePercent: ExactDecimal? {
        guard let change, let startValue, startValue.isPositive else { return nil }
        return change * 100 / startValue
    }

    /// Held assets with no price at all at as-of.
    public var unpricedAssets: [AssetSymbol] { holdings.totals.unpricedAssets }
}

/// The end of the ledger's hash chain when the report was made: the event count and the hash
/// of the last event (what `ledger verify` prints).
public struct ChainStamp: Hashable, Sendable {
    public let events: Int64
    public let hash: String

    public init(events: Int64, hash: String) {
        self.events = events
        self.hash = hash
    }
}

/// How old the price behind a holding is.
public struct PriceFreshness: Hashable, Sendable {
    public let asset: AssetSymbol
    public let observedAt: Timestamp
    public let source: String
    /// When the ledger recorded (fetched, imported or was told) that price.
    public let fetchedAt: Timestamp?
    /// Seconds from the observation to as-of.
    public let ageSeconds: Int64

    public init(asset: AssetSymbol, observedAt: Timestamp, source: String, fetchedAt: Timestamp?, asOf: Timestamp) {
        self.asset = asset
        self.observedAt = observedAt
        self.source = source
        self.fetchedAt = fetchedAt
        ageSeconds = max(0, asOf.secondsSinceEpoch - observedAt.secondsSinceEpoch)
    }
}

extension PeriodReport {
    /// The priced holdings whose price was observed more than `seconds` before as-of, oldest
    /// first (ties by symbol): what `--max-price-age` refuses.
    public func stalePrices(olderThan seconds: Int64) -> [PriceFreshness] {
        freshness.filter { $0.ageSeconds > seconds }
            .sorted { ($0.ageSeconds, $1.asset) > ($1.ageSeconds, $0.asset) }
    }
}
