/// The replay of `ledger returns`: the one `report` uses for its value chart (``PeriodFold``,
/// what was held at each day's close) plus the external flows of each day of the period.
public struct ReturnsFold {
    private var period: PeriodFold
    private let asOf: Timestamp
    /// The period's first day (nil: the first event's): flows before it are not noted.
    private let first: LocalDate?
    private var flows: [LocalDate: [AssetSymbol: ExactDecimal]] = [:]
    private let grouping: ReturnsGrouping?
    /// Per day, what each position gained (+) or lost (−) by events that are a sleeve's flows.
    private var moved: [LocalDate: [PositionKey: ExactDecimal]] = [:]

    /// A fold from `first` (nil: the first event's date) to the as-of date of `options`, split
    /// into sleeves `by` a grouping when one is given (`.account` needs `options.perAccount`).
    public init(options: ValuationOptions, prices: PriceTable, first: LocalDate?, by grouping: ReturnsGrouping? = nil) {
        period = PeriodFold(
            options: options, prices: prices, kind: .all, first: first, recordsAccounts: grouping == .account)
        asOf = options.asOf
        self.first = first
        self.grouping = grouping
    }

    /// A fold for `report`'s period of `kind` ending on the as-of date (its value chart draws
    /// the net contributions too).
    public init(options: ValuationOptions, prices: PriceTable, kind: ReportPeriodKind) {
        period = PeriodFold(options: options, prices: prices, kind: kind)
        asOf = options.asOf
        first = kind == .all ? nil : ReportPeriod.ending(kind, on: options.asOf.date).first
        grouping = nil
    }

    /// The report period, once ``finish()`` has run.
    public private(set) var reportPeriod: ReportPeriod?

    /// The replay's state so far (its diagnostics are reported like every report's).
    public var state: PortfolioState { period.fold.state }

    /// Applies one event in replay order (voided events left out; a linked withdrawal and
    /// deposit arrive as one transfer, which is no flow).
    public mutating func apply(_ event: LedgerEvent) {
        // Before the period (or after as-of) only the replay: its flows are not the period's.
        guard event.occurredAt <= asOf, first.map({ event.occurredAt.date >= $0 }) ?? true else {
            return period.apply(event)
        }
        let sleeves = grouping != nil && event.movesSleeves
        let typed: Bool
        if case .manual = event.provenance { typed = true } else { typed = false }
        // The event's balance changes, worked out once for both uses (only when one needs them).
        let changes = sleeves || typed ? event.quantityChanges : []
        let positions = sleeves ? Self.positions(changes) : []
        let held = positions.map(period.fold.state.heldQuantity)
        let spent = typed ? Self.spending(changes) : []
        let balances = spent.map { period.fold.state.balance($0.key) ?? .zero }
        period.apply(event)
        let day = event.occurredAt.date
        for (key, was) in zip(positions, held) {
            let delta = period.fold.state.heldQuantity(key) - was
            if !delta.isZero { moved[day, default: [:]][key, default: .zero] += delta }
        }
        // Fiat a typed event spent beyond the balance came from outside: money paid in (the
        // replay's netFiatPaidIn), a flow of that currency like a deposit.
        for ((key, delta), was) in zip(spent, balances) {
            // Only fiat stops at zero; a key the fiat balances do not have is an asset's lots.
            guard let balance = period.fold.state.balance(key) else { continue }
            let shortfall = balance - was - delta
            if shortfall.isPositive { flows[day, default: [:]][key.asset, default: .zero] += shortfall }
        }
        switch event.action {
        case .deposit(let amount): flows[day, default: [:]][amount.asset.symbol, default: .zero] += amount.quantity
        case .withdraw(let amount): flows[day, default: [:]][amount.asset.symbol, default: .zero] -= amount.quantity
        default: break
        }
    }

    /// What a typed event takes out of each position (negative sums of its `changes`), for the
    /// fiat shortfall: only typed events stop a fiat balance at zero (imported ones take it
    /// below, an overdraft the series counts by itself).
    static func spending(_ changes: [QuantityChange]) -> [(key: PositionKey, delta: ExactDecimal)] {
        var sums: [(key: PositionKey, delta: ExactDecimal)] = []
        for change in changes {
            if let at = sums.firstIndex(where: { $0.key == change.key }) {
                sums[at].delta += change.delta
            } else {
                sums.append((change.key, change.delta))
            }
        }
        return sums.filter(\.delta.isNegative)
    }

    /// The positions `changes` touch, each once, in their order.
    static func positions(_ changes: [QuantityChange]) -> [PositionKey] {
        var keys: [PositionKey] = []
        for change in changes where !keys.contains(change.key) { keys.append(change.key) }
        return keys
    }

    /// The series days (base day first), the signed quantities at each close, and the
    /// quantities deposited (+) or withdrawn (−) on each day of the period.
    public mutating func finish() -> ReturnsInput {
        let (_, reportPeriod, closes) = period.finish()
        self.reportPeriod = reportPeriod
        let within = { (day: LocalDate) in day >= reportPeriod.first && day <= reportPeriod.last }
        let days = reportPeriod.seriesDays
        let sleeves =
            grouping.map { grouping in
                SleeveSplit.inputs(
                    grouping, days: days, closes: closes, accountCloses: period.accountCloses,
                    moved: moved.filter { within($0.key) }, classes: state.assetClasses)
            } ?? []
        return ReturnsInput(
            days: days, closes: closes, flows: flows.filter { within($0.key) }, sleeves: sleeves)
    }
}

/// What the replay gives the returns: days, closes and flows in quantities, not yet valued.
public struct ReturnsInput: Sendable {
    public let days: [LocalDate]
    public let closes: [[AssetSymbol: ExactDecimal]]
    public let flows: [LocalDate: [AssetSymbol: ExactDecimal]]
    /// The sleeves of `--by`, sorted by name; empty without it.
    public let sleeves: [ReturnsSleeveInput]

    public init(
        days: [LocalDate], closes: [[AssetSymbol: ExactDecimal]], flows: [LocalDate: [AssetSymbol: ExactDecimal]],
        sleeves: [ReturnsSleeveInput] = []
    ) {
        self.days = days
        self.closes = closes
        self.flows = flows
        self.sleeves = sleeves
    }
}
