/// Whether a gain was held long enough for long-term treatment: more than one year, by the
/// calendar (IRS Publication 544, "Holding Period": counted from the day after acquisition, the
/// day of disposal included), so a sale on the first anniversary is still short term.
public enum HoldingTerm: String, Sendable {
    case short, long

    /// The term of a holding from `acquired` to `disposed` (UTC dates): the one rule of `gains`
    /// and `tax` (``TaxCalendar/heldMoreThanOneYear(acquired:disposed:)``).
    public init(acquired: LocalDate, disposed: LocalDate) {
        self = TaxCalendar.heldMoreThanOneYear(acquired: acquired, disposed: disposed) ? .long : .short
    }
}

/// One realized piece: part of one lot disposed of by one event.
public struct Disposal: Hashable, Sendable {
    public let asset: AssetSymbol
    public let account: String
    public let quantity: ExactDecimal
    public let acquired: Timestamp
    public let disposed: Timestamp
    /// What the piece brought in, fees deducted, in the valuation currency.
    public let proceeds: ExactDecimal
    public let cost: ExactDecimal
    /// The event that disposed of it.
    public let sequence: Int64
    /// False when the proceeds lack a valuation (a missing price on the disposal's day):
    /// ``proceeds`` is then the known part.
    public var proceedsComplete = true
    /// False when the cost of the lot piece lacks a valuation (a missing price when it was
    /// acquired): ``cost`` is then the known part.
    public var costComplete = true

    /// Whether the gain is known: both its proceeds and its cost.
    public var complete: Bool { proceedsComplete && costComplete }

    public var gain: ExactDecimal { proceeds - cost }

    /// Whole days between acquisition and disposal (by UTC date).
    public var holdingDays: Int { disposed.date.daysSinceEpoch - acquired.date.daysSinceEpoch }

    /// Long when held more than one year by the calendar (``HoldingTerm/init(acquired:disposed:)``):
    /// 366 days across a 29 February is exactly one year, short term.
    public var term: HoldingTerm { HoldingTerm(acquired: acquired.date, disposed: disposed.date) }
}

/// What a replay is asked to compute.
public struct ValuationOptions: Hashable, Sendable {
    public var method: BookingMethod
    /// Lots per account (true) or pooled across accounts (false, the default).
    public var perAccount: Bool
    /// The currency every cost, proceeds and value is expressed in.
    public var currency: AssetSymbol
    /// Events after this instant are left out, and holdings are valued at it.
    public var asOf: Timestamp

    public init(method: BookingMethod = .fifo, perAccount: Bool = false, currency: AssetSymbol, asOf: Timestamp) {
        self.method = method
        self.perAccount = perAccount
        self.currency = currency
        self.asOf = asOf
    }

    /// The account name lots are kept under when pooled.
    public static let pooledAccount = "*"
}
