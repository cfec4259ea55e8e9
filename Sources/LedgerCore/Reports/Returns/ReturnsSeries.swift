/// One day of the returns series: the value at its close, the external flow of the day, and
/// what could not be priced.
public struct ReturnsDay: Hashable, Sendable {
    public let date: LocalDate
    /// Nil when a held asset has no price within ``ReturnsSeries/carryDays``: unknown, never a
    /// sum with a hole in it.
    public let value: ExactDecimal?
    /// The value of what could be priced (equal to `value` when that is known).
    public let pricedValue: ExactDecimal
    /// Money in (+) or out (−) of the books that day, at the day's close prices; nil when a
    /// flowing asset has no price. Zero on the base day.
    public let flow: ExactDecimal?
    /// The assets without a usable price at the day's close, sorted: held then, or flowing the
    /// next day (a flow is valued at the close before its day).
    public let unknown: [AssetSymbol]

    public init(
        date: LocalDate, value: ExactDecimal?, pricedValue: ExactDecimal, flow: ExactDecimal?,
        unknown: [AssetSymbol] = []
    ) {
        self.date = date
        self.value = value
        self.pricedValue = pricedValue
        self.flow = flow
        self.unknown = unknown
    }
}

/// Values the replay's daily quantities and flows (docs/RETURNS.md, "Value series", "External
/// flows", "Missing prices").
public enum ReturnsSeries {
    /// How many days a price is carried past the day it was observed on.
    public static let carryDays = 5

    public static func days(
        _ input: ReturnsInput, prices: PriceTable, currency: AssetSymbol, asOf: Timestamp
    ) -> [ReturnsDay] {
        days(input, closes: ReturnsCloses(days: input.days, prices: prices, currency: currency, asOf: asOf))
    }

    /// The series of `input` valued at `closes` (made for the same days; shared by the
    /// portfolio, its sleeves and the benchmark, so each close is looked up once).
    public static func days(_ input: ReturnsInput, closes: ReturnsCloses) -> [ReturnsDay] {
        var days: [ReturnsDay] = []
        // The day before a flow whose asset had no price to value it at: that close is missing.
        var flowGaps: [Int: Set<AssetSymbol>] = [:]
        for (index, (day, held)) in zip(input.days, input.closes).enumerated() {
            var unknown: Set<AssetSymbol> = []
            var value = ExactDecimal.zero
            for (asset, quantity) in held where quantity.isPositive {
                if let close = closes.close(of: asset, at: index) {
                    value += close * quantity
                } else {
                    unknown.insert(asset)
                }
            }
            let (flow, gaps): (ExactDecimal?, [AssetSymbol]) =
                index == 0 ? (.zero, []) : self.flow(into: index, input, closes: closes)
            if !gaps.isEmpty { flowGaps[index - 1, default: []].formUnion(gaps) }
            days.append(
                ReturnsDay(
                    date: day, value: unknown.isEmpty ? value : nil, pricedValue: value, flow: flow,
                    unknown: unknown.sorted()))
        }
        for (index, assets) in flowGaps { days[index] = days[index].missing(assets) }
        return days
    }

    /// The external flow of day `index` (> 0) at `closes`, nil when an asset it moves has no
    /// price, and the assets without one. A flow happens at the start of its day: at the close of
    /// the day before (or, for an asset not held then and without that close, at its own day's
    /// close).
    static func flow(
        into index: Int, _ input: ReturnsInput, closes: ReturnsCloses
    ) -> (flow: ExactDecimal?, gaps: [AssetSymbol]) {
        let before = input.closes[index - 1]
        var flow: ExactDecimal? = .zero
        var gaps: [AssetSymbol] = []
        for (asset, quantity) in movements(on: input.days[index], held: input.closes[index], before: before, input) {
            let entry = entryPrice(
                before: closes.close(of: asset, at: index - 1), on: closes.close(of: asset, at: index),
                held: before[asset])
            guard let entry else {
                gaps.append(asset)
                flow = nil
                continue
            }
            flow = flow.map { $0 + entry * quantity }
        }
        return (flow, gaps)
    }

    /// The money invested at each close: the start value plus the net contributions since the
    /// base day (nil when the start value or an earlier flow is unknown). The gap between it and
    /// the value is the gain so far.
    public static func invested(_ days: [ReturnsDay]) -> [ExactDecimal?] {
        var running = days.first?.value
        return days.enumerated().map { index, day in
            if index > 0 { running = running.flatMap { total in day.flow.map { total + $0 } } }
            return running
        }
    }

    /// The price a flow at the start of a day is valued at: the close `before` it; when there is
    /// none and nothing was `held` (no position, or an empty one), the day's own close, so the
    /// flow makes no gain or loss on its first day instead of making the day unknown.
    static func entryPrice(before: ExactDecimal?, on day: ExactDecimal?, held: ExactDecimal?) -> ExactDecimal? {
        if let before { return before }
        return (held ?? .zero).isPositive ? nil : day
    }

    /// The instant day `index` of `days` is valued at: its last second, or as-of on the last day.
    static func closeTime(_ index: Int, of days: [LocalDate], asOf: Timestamp) -> Timestamp {
        index == days.count - 1 ? asOf : days[index].endOfDay
    }

    /// The quantities that crossed the books' boundary on `day`: deposits and withdrawals, and
    /// the growth of a negative balance (cash spent that was never deposited: money brought in)
    /// or its shrinking (paid back: money taken out).
    static func movements(
        on day: LocalDate, held: [AssetSymbol: ExactDecimal], before: [AssetSymbol: ExactDecimal], _ input: ReturnsInput
    ) -> [AssetSymbol: ExactDecimal] {
        var moved = input.flows[day] ?? [:]
        // Only negative balances count: what is owed now less what was owed the day before.
        for (asset, quantity) in held where quantity.isNegative {
            let owedBefore = max(.zero, -(before[asset] ?? .zero))
            if -quantity != owedBefore { moved[asset, default: .zero] += -quantity - owedBefore }
        }
        for (asset, quantity) in before where quantity.isNegative && !(held[asset]?.isNegative ?? false) {
            moved[asset, default: .zero] += quantity
        }
        return moved.filter { !$0.value.isZero }
    }

    /// The latest price of `asset` at or before `time` when it was observed on `day` or at most
    /// ``carryDays`` days before it; nil otherwise.
    public static func close(
        of asset: AssetSymbol, on day: LocalDate, at time: Timestamp, prices: PriceTable, currency: AssetSymbol
    ) -> ExactDecimal? {
        guard let quote = prices.price(of: asset, in: currency, at: time),
            quote.observedAt.date >= day.adding(days: -carryDays)
        else { return nil }
        return quote.value
    }
}

extension ReturnsDay {
    /// The same day with `assets` also lacking a price at its close (for a flow the next day).
    func missing(_ assets: Set<AssetSymbol>) -> ReturnsDay {
        ReturnsDay(
            date: date, value: value, pricedValue: pricedValue, flow: flow,
            unknown: Set(unknown).union(assets).sorted())
    }

    /// The day as the value charts take it: its value and the assets it could not price.
    public var dailyValue: DailyValue { DailyValue(date: date, value: value, unpriced: unknown) }
}
