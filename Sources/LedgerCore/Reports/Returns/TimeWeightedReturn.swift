/// The time-weighted return of a series, daily-linked with each day's flow at the start of the
/// day: rₜ = Vₜ / (Vₜ₋₁ + Fₜ) − 1, TWR = Π(1 + rₜ) − 1 (docs/RETURNS.md).
public struct TimeWeightedReturn: Hashable, Sendable {
    /// The return over the whole period.
    public let cumulative: ExactDecimal
    /// (1 + cumulative)^(365 / days) − 1, only for a period of more than 365 days.
    public let annualised: ExactDecimal?
    /// Days whose value was unknown, linked over as one sub-period with their neighbours.
    public let bridgedDays: Int

    /// The TWR of `days` (base day first); nil when the first or last value, or any flow, is
    /// unknown.
    public static func linked(_ days: [ReturnsDay]) -> TimeWeightedReturn? {
        guard var last = days.first?.value, days.last?.value != nil else { return nil }
        var growth = ExactDecimal.one
        var pending = ExactDecimal.zero
        var bridged = 0
        for day in days.dropFirst() {
            guard let flow = day.flow else { return nil }
            pending += flow
            guard let value = day.value else {
                bridged += 1
                continue
            }
            let capital = last + pending
            // No capital at the start of the day: nothing was invested to earn a return.
            if capital.isPositive { growth = growth * value / capital }
            last = value
            pending = .zero
        }
        let periodDays = days.count - 1
        return TimeWeightedReturn(
            cumulative: growth - .one, annualised: annualised(growth: growth, days: periodDays), bridgedDays: bridged)
    }

    /// growth^(365 / days) − 1 for a period over a year (−100 % when everything was lost).
    static func annualised(growth: ExactDecimal, days: Int) -> ExactDecimal? {
        guard days > 365 else { return nil }
        guard let log = growth.naturalLogarithm() else { return ExactDecimal(-1) }
        return (log * ExactDecimal(365) / ExactDecimal(days)).exponential() - .one
    }
}

/// The figures of one series (the portfolio's or a benchmark's) over the period.
public struct ReturnFigures: Sendable {
    public let startValue: ExactDecimal?
    public let endValue: ExactDecimal?
    /// The sum of the period's flows; nil when one is unknown.
    public let contributions: ExactDecimal?
    public let timeWeighted: TimeWeightedReturn?
    /// Nil when the start or end value or a flow is unknown.
    public let moneyWeighted: Result<MoneyWeightedReturn, MoneyWeightedFailure>?

    public init(_ days: [ReturnsDay]) {
        startValue = days.first?.value
        endValue = days.last?.value
        let flows = days.dropFirst().map(\.flow)
        contributions = flows.contains(nil) ? nil : flows.compactMap { $0 }.sum()
        timeWeighted = TimeWeightedReturn.linked(days)
        moneyWeighted = Self.moneyWeighted(days)
    }

    /// End value − start value − contributions.
    public var gain: ExactDecimal? {
        guard let startValue, let endValue, let contributions else { return nil }
        return endValue - startValue - contributions
    }

    static func moneyWeighted(_ days: [ReturnsDay]) -> Result<MoneyWeightedReturn, MoneyWeightedFailure>? {
        guard let start = days.first?.value, let end = days.last?.value else { return nil }
        var flows = [CashFlow(day: 0, amount: -start)]
        for (index, day) in days.enumerated().dropFirst() {
            guard let flow = day.flow else { return nil }
            // At the start of its day: the close of the day before, `index − 1` days after the base.
            flows.append(CashFlow(day: index - 1, amount: -flow))
        }
        flows.append(CashFlow(day: days.count - 1, amount: end))
        return XIRR.solve(flows, days: days.count - 1)
    }
}
