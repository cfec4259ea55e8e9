/// The replay of `ledger returns`: the one `report` uses for its value chart (``PeriodFold``,
/// what was held at each day's close) plus the external flows of each day of the period.
public struct ReturnsFold {
    private var period: PeriodFold
    private let asOf: Timestamp
    private var flows: [LocalDate: [AssetSymbol: ExactDecimal]] = [:]
    private var paidIn: [LocalDate: ExactDecimal] = [:]

    /// A fold from `first` (nil: the first event's date) to the as-of date of `options`.
    public init(options: ValuationOptions, prices: PriceTable, first: LocalDate?) {
        period = PeriodFold(options: options, prices: prices, kind: .all, first: first)
        asOf = options.asOf
    }

    /// The replay's state so far (its diagnostics are reported like every report's).
    public var state: PortfolioState { period.fold.state }

    /// Applies one event in replay order (voided events left out; a linked withdrawal and
    /// deposit arrive as one transfer, which is no flow).
    public mutating func apply(_ event: LedgerEvent) {
        let before = period.fold.state.netFiatPaidIn
        period.apply(event)
        guard event.occurredAt <= asOf else { return }
        // Fiat in and out, and fiat a typed event spent beyond the balance: the replay's own
        // "paid in", already in the report currency.
        let paid = period.fold.state.netFiatPaidIn - before
        if !paid.isZero { paidIn[event.occurredAt.date, default: .zero] += paid }
        switch event.action {
        case .deposit(let amount) where amount.asset.assetClass != .fiat:
            flows[event.occurredAt.date, default: [:]][amount.asset.symbol, default: .zero] += amount.quantity
        case .withdraw(let amount) where amount.asset.assetClass != .fiat:
            flows[event.occurredAt.date, default: [:]][amount.asset.symbol, default: .zero] -= amount.quantity
        default: break
        }
    }

    /// The series days (base day first), the signed quantities at each close, and the
    /// quantities deposited (+) or withdrawn (−) on each day of the period.
    public mutating func finish() -> ReturnsInput {
        let (_, reportPeriod, closes) = period.finish()
        let within = { (day: LocalDate) in day >= reportPeriod.first && day <= reportPeriod.last }
        return ReturnsInput(
            days: reportPeriod.seriesDays, closes: closes, flows: flows.filter { within($0.key) },
            paidIn: paidIn.filter { within($0.key) })
    }
}

/// What the replay gives the returns: days, closes and flows in quantities, not yet valued.
public struct ReturnsInput: Sendable {
    public let days: [LocalDate]
    public let closes: [[AssetSymbol: ExactDecimal]]
    public let flows: [LocalDate: [AssetSymbol: ExactDecimal]]
    /// Fiat paid in (+) or taken out (−) each day, in the report currency.
    public let paidIn: [LocalDate: ExactDecimal]

    public init(
        days: [LocalDate], closes: [[AssetSymbol: ExactDecimal]], flows: [LocalDate: [AssetSymbol: ExactDecimal]],
        paidIn: [LocalDate: ExactDecimal] = [:]
    ) {
        self.days = days
        self.closes = closes
        self.flows = flows
        self.paidIn = paidIn
    }
}
