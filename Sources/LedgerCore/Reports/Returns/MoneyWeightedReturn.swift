/// One cash flow of the investor, dated by its day from the period's base day: negative for
/// money put in (the start value, a deposit), positive for money taken out (a withdrawal, the
/// end value).
public struct CashFlow: Hashable, Sendable {
    public let day: Int
    public let amount: ExactDecimal

    public init(day: Int, amount: ExactDecimal) {
        self.day = day
        self.amount = amount
    }
}

/// The money-weighted return (XIRR) of a period: the rate r with
/// `0 = Σ Pᵢ / (1 + r)^(dᵢ / 365)` (docs/RETURNS.md).
public struct MoneyWeightedReturn: Hashable, Sendable {
    /// The return over the whole period, (1 + r)^(days / 365) − 1.
    public let periodRate: ExactDecimal
    /// r, the annual rate; nil for a period of 365 days or less, which is never annualised.
    public let annualRate: ExactDecimal?
    /// The bisection steps the solver took.
    public let iterations: Int
}

/// Why a period has no money-weighted return.
public enum MoneyWeightedFailure: Error, Hashable, Sendable {
    /// The net present value never changes sign: no rate makes it zero.
    case noRate
    /// It changes sign more than once: the flows have several rates, and none is "the" return.
    case severalRates
    /// Every flow is zero.
    case noMoney

    public var reason: String {
        switch self {
        case .noRate: "no rate of return makes these flows' value zero (the money in was never matched by money out)"
        case .severalRates: "these flows fit more than one rate of return, so none is reported"
        case .noMoney: "nothing was invested in the period"
        }
    }
}

/// The XIRR solver, in exact decimals. It solves for y = ln(1 + period rate), so each flow is
/// discounted by e^(−y·sᵢ) with sᵢ = dᵢ / days in [0, 1]: it scans y over
/// [ln 10⁻⁶, ln 10⁴] (a period rate from −99.9999 % to +999 900 %) in ``gridSteps`` steps for
/// sign changes of the net present value, then bisects the one bracket to ``tolerance``.
public enum XIRR {
    public static let gridSteps = 96
    /// The bracket's width at which bisection stops (in y; far below 0.0001 %).
    public static let tolerance = ExactDecimal(units: 1_000)
    /// The places a rate is given to (10⁻¹⁰ %): the digits beyond are the solver's, not the flows'.
    public static let ratePlaces = 12
    static let lowest = ExactDecimal(units: -13_815_510_557_964_274_104) // ln 10⁻⁶
    static let highest = ExactDecimal(units: 9_210_340_371_976_182_736) // ln 10⁴

    /// The rate of `flows` over a period of `days` days (at least 1).
    public static func solve(_ flows: [CashFlow], days: Int) -> Result<MoneyWeightedReturn, MoneyWeightedFailure> {
        let days = max(days, 1)
        let flows = flows.filter { !$0.amount.isZero }
        guard !flows.isEmpty else { return .failure(.noMoney) }
        let span = ExactDecimal(days)
        let ordered = flows.sorted { $0.day < $1.day }
        let npv = { (y: ExactDecimal) in Self.sign(of: ordered, days: days, at: y) }
        let found = Self.brackets(npv)
        guard let (low, high) = found.first else { return .failure(.noRate) }
        guard found.count == 1 else { return .failure(.severalRates) }
        var (a, b, iterations) = (low, high, 0)
        let signAtA = npv(a)
        while b - a > tolerance, iterations < 200 {
            let middle = (a + b) / ExactDecimal(2)
            if npv(middle) == signAtA { a = middle } else { b = middle }
            iterations += 1
        }
        let y = (a + b) / ExactDecimal(2)
        let annual = days > 365 ? (y * ExactDecimal(365) / span).exponential() - .one : nil
        return .success(
            MoneyWeightedReturn(
                periodRate: (y.exponential() - .one).rounded(places: ratePlaces),
                annualRate: annual?.rounded(places: ratePlaces), iterations: iterations))
    }

    /// The grid intervals where the net present value changes sign, in order; a grid point
    /// where it is exactly zero is an interval of its own (a root touched without a change
    /// counts once).
    static func brackets(_ npv: (ExactDecimal) -> Int) -> [(ExactDecimal, ExactDecimal)] {
        let step = (highest - lowest) / ExactDecimal(gridSteps)
        var found: [(ExactDecimal, ExactDecimal)] = []
        var previous = (y: lowest, sign: npv(lowest))
        if previous.sign == 0 { found.append((lowest, lowest)) }
        for index in 1...gridSteps {
            let y = index == gridSteps ? highest : lowest + step.multiplied(byInteger: index)
            let sign = npv(y)
            if sign == 0 {
                found.append((y, y))
            } else if previous.sign != 0, sign != previous.sign {
                found.append((previous.y, y))
            }
            previous = (y, sign)
        }
        return found
    }

    /// The sign of Σ Pᵢ e^(−y·dᵢ/days) for `flows` sorted by day. It is computed as
    /// Σ Pᵢ qᵏⁱ with q = e^(−|y|/days) ≤ 1 and kᵢ = dᵢ for y ≥ 0, or kᵢ = days − dᵢ for y < 0
    /// (the sum times e^y: the same sign): one exponential per rate and the powers of q by
    /// multiplication, each at 18 places, so no term overflows and a rate costs one e^x, not one
    /// per flow.
    static func sign(of flows: [CashFlow], days: Int, at y: ExactDecimal) -> Int {
        let q = ((y.isNegative ? y : -y) / ExactDecimal(days)).exponential()
        var total = ExactDecimal.zero
        var power = ExactDecimal.one
        var reached = 0
        func add(_ flow: CashFlow) {
            let k = y.isNegative ? days - flow.day : flow.day
            if k != reached { power = power * Self.power(q, k - reached) }
            reached = k
            total += flow.amount * power
        }
        if y.isNegative { flows.reversed().forEach(add) } else { flows.forEach(add) }
        return total.isZero ? 0 : total.isNegative ? -1 : 1
    }

    /// `base` to the non-negative integer `exponent`, by squaring.
    static func power(_ base: ExactDecimal, _ exponent: Int) -> ExactDecimal {
        // x¹ = x exactly (1 · x rounds nothing): most flows are a day apart.
        if exponent == 1 { return base }
        var (result, square, rest) = (ExactDecimal.one, base, exponent)
        while rest > 0 {
            if rest & 1 == 1 { result = result * square }
            rest >>= 1
            if rest > 0 { square = square * square }
        }
        return result
    }
}
