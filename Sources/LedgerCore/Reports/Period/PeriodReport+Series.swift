/// The portfolio's value at the close of one day, from prices observed on that day only.
public struct DailyValue: Hashable, Sendable {
    public let date: LocalDate
    /// Nil when any held asset had no price observed that day: a gap, never a zero.
    public let value: ExactDecimal?
    /// The held assets without a price that day.
    public let unpriced: [AssetSymbol]
}

/// A run of consecutive series days on which a held asset had no price.
public struct UnpricedSpan: Hashable, Sendable {
    public let asset: AssetSymbol
    public let from: LocalDate
    public let to: LocalDate

    public var days: Int { to.daysSinceEpoch - from.daysSinceEpoch + 1 }
}

extension PeriodReport {
    /// Values each series day with the prices observed on that day (for the last day, at or
    /// before as-of). A price from an earlier day is not carried forward: the day is a gap.
    static func series(
        period: ReportPeriod, closes: [[AssetSymbol: ExactDecimal]], prices: PriceTable,
        options: ValuationOptions
    ) -> [DailyValue] {
        zip(period.seriesDays, closes).map { day, held in
            let time = day == period.last ? options.asOf : day.startOfDay.adding(seconds: 86_399)
            var total = ExactDecimal.zero
            var unpriced: [AssetSymbol] = []
            for (asset, quantity) in held.sorted(by: { $0.key < $1.key }) {
                if let price = dayPrice(
                    asset, on: day, at: time, last: day == period.last, prices: prices, currency: options.currency)
                {
                    total += price * quantity
                } else {
                    unpriced.append(asset)
                }
            }
            return DailyValue(date: day, value: unpriced.isEmpty ? total : nil, unpriced: unpriced)
        }
    }

    /// The latest price of `asset` at or before `time` if it was observed on `day` itself; on
    /// the last day (as-of, often today) also the close of the day before, stamped at its last
    /// second: the price the day opened at, all a report made during the day has.
    static func dayPrice(
        _ asset: AssetSymbol, on day: LocalDate, at time: Timestamp, last: Bool, prices: PriceTable,
        currency: AssetSymbol
    ) -> ExactDecimal? {
        guard let quote = prices.price(of: asset, in: currency, at: time),
            quote.observedAt.date == day || last && quote.observedAt == day.startOfDay.adding(seconds: -1)
        else { return nil }
        return quote.value
    }

    /// Groups the unpriced days of `series` into runs per asset, by asset then date.
    static func spans(_ series: [DailyValue]) -> [UnpricedSpan] {
        var open: [AssetSymbol: (LocalDate, LocalDate)] = [:]
        var spans: [UnpricedSpan] = []
        for day in series {
            for (asset, run) in open where !day.unpriced.contains(asset) {
                spans.append(UnpricedSpan(asset: asset, from: run.0, to: run.1))
                open[asset] = nil
            }
            for asset in day.unpriced { open[asset] = (open[asset]?.0 ?? day.date, day.date) }
        }
        spans += open.map { UnpricedSpan(asset: $0.key, from: $0.value.0, to: $0.value.1) }
        return spans.sorted { ($0.asset, $0.from) < ($1.asset, $1.from) }
    }
}
