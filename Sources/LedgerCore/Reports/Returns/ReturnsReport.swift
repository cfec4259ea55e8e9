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
    /// Per asset, the runs of days it had no usable price (held or flowing, or the benchmark's).
    public let unknownSpans: [UnpricedSpan]

    public init(
        input: ReturnsInput, prices: PriceTable, currency: AssetSymbol, asOf: Timestamp, benchmark: AssetSymbol?
    ) {
        let days = ReturnsSeries.days(input, prices: prices, currency: currency, asOf: asOf)
        self.days = days
        first = input.days.dropFirst().first ?? asOf.date
        last = input.days.last ?? asOf.date
        self.asOf = asOf
        self.currency = currency
        figures = ReturnFigures(days)
        self.benchmark = benchmark.map {
            Benchmark(symbol: $0, following: days, prices: prices, currency: currency, asOf: asOf)
        }
        // The benchmark's missing closes are named too: without them its figures are unknown.
        let benchmarkDays = self.benchmark?.days ?? []
        unknownSpans = PeriodReport.spans(
            days.enumerated().map { index, day in
                let extra = index < benchmarkDays.count ? benchmarkDays[index].unknown : []
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

    public init(
        symbol: AssetSymbol, following portfolio: [ReturnsDay], prices: PriceTable, currency: AssetSymbol,
        asOf: Timestamp
    ) {
        self.symbol = symbol
        let dates = portfolio.map(\.date)
        let closes = dates.indices.map { index in
            ReturnsSeries.close(
                of: symbol, on: dates[index], at: ReturnsSeries.closeTime(index, of: dates, asOf: asOf),
                prices: prices, currency: currency)
        }
        var units: ExactDecimal? = .zero
        var days: [ReturnsDay] = []
        for (index, day) in portfolio.enumerated() {
            // The start value buys at the base day's close; a flow at the close before its day.
            units =
                index == 0
                ? Self.buying(day.value, at: closes[0], with: units)
                : Self.buying(day.flow, at: closes[index - 1], with: units)
            let value = closes[index].flatMap { close in units.map { $0 * close } }
            days.append(
                ReturnsDay(
                    date: day.date, value: value, pricedValue: value ?? .zero, flow: index == 0 ? .zero : day.flow,
                    unknown: closes[index] == nil ? [symbol] : []))
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
