/// A replay that also notes what was held at the close of every day of a report period, so one
/// pass over the log gives the state at as-of, the disposals of the period and the daily
/// quantities the value series needs.
public struct PeriodFold {
    public private(set) var fold: PortfolioFold
    public let kind: ReportPeriodKind
    public let lastDay: LocalDate
    /// The first day recorded: the period's base day, or (for `.all`) the day before the first
    /// event once it is seen.
    private var firstRecorded: LocalDate?
    private var nextDay: LocalDate?
    private var closes: [[AssetSymbol: ExactDecimal]] = []
    /// Whether each close is also noted per account (``accountCloses``; `ledger returns --by
    /// account`).
    private let recordsAccounts: Bool
    /// What each account held at each close (signed, zeros left out), when ``recordsAccounts``.
    public private(set) var accountCloses: [[PositionKey: ExactDecimal]] = []

    /// A fold valued at `options.asOf` for the period of `kind` that ends on the as-of date.
    public init(options: ValuationOptions, prices: PriceTable, kind: ReportPeriodKind) {
        let first = kind == .all ? nil : ReportPeriod.ending(kind, on: options.asOf.date).first
        self.init(options: options, prices: prices, kind: kind, first: first)
    }

    /// A fold for the period from `first` (nil: the first event's date) to the as-of date.
    public init(
        options: ValuationOptions, prices: PriceTable, kind: ReportPeriodKind, first: LocalDate?,
        recordsAccounts: Bool = false
    ) {
        fold = PortfolioFold(options: options, prices: prices)
        self.kind = kind
        self.recordsAccounts = recordsAccounts
        lastDay = options.asOf.date
        if let first {
            firstRecorded = min(first, lastDay).adding(days: -1)
            nextDay = firstRecorded
        }
    }

    /// Applies one event in replay order (voided events left out), first closing every day
    /// before it.
    public mutating func apply(_ event: LedgerEvent) {
        guard event.occurredAt <= fold.state.options.asOf else { return }
        let date = event.occurredAt.date
        if nextDay == nil {
            firstRecorded = date.adding(days: -1)
            nextDay = firstRecorded
        }
        while let day = nextDay, day < date, day <= lastDay { close(day) }
        fold.apply(event)
    }

    /// The final state, the period, and the quantities held at the close of each of its
    /// series days (base day first; signed, see ``quantities(_:)``).
    public mutating func finish() -> (
        state: PortfolioState, period: ReportPeriod, closes: [[AssetSymbol: ExactDecimal]]
    ) {
        if nextDay == nil {
            firstRecorded = lastDay.adding(days: -1)
            nextDay = firstRecorded
        }
        while let day = nextDay, day <= lastDay { close(day) }
        let first = firstRecorded!.adding(days: 1)
        let period = ReportPeriod(kind: kind, first: first, last: lastDay)
        return (fold.state, period, closes)
    }

    private mutating func close(_ day: LocalDate) {
        closes.append(Self.quantities(fold.state))
        if recordsAccounts { accountCloses.append(Self.accountQuantities(fold.state)) }
        nextDay = day.adding(days: 1)
    }

    /// The open quantity of every asset (lots and fiat, summed over accounts), zeros left out:
    /// a negative total is cash spent that was never deposited (what `ledger returns` counts
    /// as money brought in; `report` values only the positives).
    static func quantities(_ state: PortfolioState) -> [AssetSymbol: ExactDecimal] {
        quantities(state, by: \.asset)
    }

    /// The open quantity of every position (lots and fiat per account), zeros left out.
    static func accountQuantities(_ state: PortfolioState) -> [PositionKey: ExactDecimal] {
        quantities(state, by: { $0 })
    }

    /// The open quantities summed under `key` of each position, zeros left out.
    static func quantities<Key: Hashable>(
        _ state: PortfolioState, by key: (PositionKey) -> Key
    ) -> [Key: ExactDecimal] {
        var held: [Key: ExactDecimal] = [:]
        state.forEachBook { position, book in held[key(position), default: .zero] += book.quantity }
        state.forEachBalance { position, balance in held[key(position), default: .zero] += balance }
        return held.filter { !$0.value.isZero }
    }
}
