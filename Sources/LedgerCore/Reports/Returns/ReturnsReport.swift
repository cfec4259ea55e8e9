/// Everything `ledger returns` shows, as values: the period, the daily series, the figures of
/// the portfolio and of the benchmark, and the assets whose prices are missing.
public struct ReturnsReport: Sendable {
    public let first: LocalDate
    public let last: LocalDate
    public let asOf: Timestamp
    public let currency: AssetSymbol
    /// The base day's close, then each day of the period.
    public let days: [ReturnsDay]
    public let figures: ReturnFigures
    public let benchmark: Benchmark?
    /// What `--by` split the portfolio into (nil without it) and each sleeve, sorted by name.
    public let grouping: ReturnsGrouping?
    public let sleeves: [ReturnsSleeve]
    /// Per asset, the runs of days it had no usable price (held, or needed for a flow the next
    /// day; the benchmark's and the sleeves' too).
    public let unknownSpans: [UnpricedSpan]

    public init(
        input: ReturnsInput, prices: PriceTable, currency: AssetSymbol, asOf: Timestamp, benchmark: AssetSymbol?,
        by grouping: ReturnsGrouping? = nil
    ) {
        // One lookup per asset and day, shared by the portfolio, its sleeves and the benchmark.
        let closes = ReturnsCloses(days: input.days, prices: prices, currency: currency, asOf: asOf)
        let days = ReturnsSeries.days(input, closes: closes)
        self.days = days
        first = input.days.dropFirst().first ?? asOf.date
        last = input.days.last ?? asOf.date
        self.asOf = asOf
        self.currency = currency
        figures = ReturnFigures(days)
        self.benchmark = benchmark.map {
            Benchmark(symbol: $0, following: days, closes: closes)
        }
        self.grouping = grouping
        sleeves = input.sleeves.map { sleeve in
            let days = ReturnsSeries.days(sleeve.input, closes: closes)
            return ReturnsSleeve(name: sleeve.name, days: days, figures: ReturnFigures(days))
        }
        // The benchmark's and the sleeves' missing closes are named too: without them their
        // figures are unknown.
        let others = (self.benchmark.map { [$0.days] } ?? []) + sleeves.map(\.days)
        unknownSpans = PeriodReport.spans(
            days.enumerated().map { index, day in
                let extra = others.flatMap { index < $0.count ? $0[index].unknown : [] }
                return DailyValue(date: day.date, value: day.value, unpriced: Set(day.unknown + extra).sorted())
            })
    }

    /// Days in the period (the base day not counted).
    public var dayCount: Int { days.count - 1 }
}

/// "What if every dollar had gone into SYMBOL": the start value and every flow buy (or a
/// withdrawal sells) the benchmark at its day's close.
public struct Benchmark: Sendable {
    public let symbol: AssetSymbol
    public let days: [ReturnsDay]
    public let figures: ReturnFigures

    /// The benchmark `symbol` following the `portfolio`'s series, valued at its `closes`
    /// (made for the same days).
    public init(symbol: AssetSymbol, following portfolio: [ReturnsDay], closes series: ReturnsCloses) {
        self.symbol = symbol
        let closes = portfolio.indices.map { series.close(of: symbol, at: $0) }
        var units: ExactDecimal? = .zero
        var days: [ReturnsDay] = []
        for (index, day) in portfolio.enumerated() {
            // The start value buys at the base day's close; a flow at the close before its day,
            // or at its own day's close when nothing was held and the day before has none.
            let before = units
            units =
                index == 0
                ? Self.buying(day.value, at: closes[0], with: units)
                : Self.buying(
                    day.flow, at: ReturnsSeries.entryPrice(before: closes[index - 1], on: closes[index], held: units),
                    with: units)
            // A flow that found no price: the close before is what is missing (when it is known).
            if index > 0, before != nil, units == nil, day.flow != nil {
                days[index - 1] = days[index - 1].missing([symbol])
            }
            // Nothing held is worth nothing, priced or not.
            let empty = units?.isZero ?? false
            let value = empty ? .zero : closes[index].flatMap { close in units.map { $0 * close } }
            days.append(
                ReturnsDay(
                    date: day.date, value: value, pricedValue: value ?? .zero, flow: index == 0 ? .zero : day.flow,
                    unknown: closes[index] == nil && !empty ? [symbol] : []))
        }
        self.days = days
        figures = ReturnFigures(days)
    }

    /// `units` plus what `amount` buys at `price` (a negative amount sells); nil when any is
    /// unknown, or a non-zero amount meets no positive price.
    static func buying(_ amount: ExactDecimal?, at price: ExactDecimal?, with units: ExactDecimal?) -> ExactDecimal? {
        guard let units, let amount else { return nil }
        if amount.isZero { return units }
        guard let price, price.isPositive else { return nil }
        return units + amount / price
    }
}

extension UnpricedSpan {
    /// The command that records the daily prices this span lacks.
    public var fillCommand: String { "ledger prices fetch \(asset.text) --history --since \(from)" }
}
