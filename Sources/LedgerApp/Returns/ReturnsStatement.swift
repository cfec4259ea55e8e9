import LedgerCore
import LedgerStore

/// What `ledger returns` (and a client of the app) asks: the options as typed, not yet checked.
public struct ReturnsRequest: Sendable {
    public var period: String
    public var benchmark: String?
    /// `--by asset|class|account`, as typed.
    public var by: String?
    public var valuation: ValuationQuery

    public init(
        period: String = "30d", benchmark: String? = nil, by: String? = nil,
        valuation: ValuationQuery = ValuationQuery()
    ) {
        self.period = period
        self.benchmark = benchmark
        self.by = by
        self.valuation = valuation
    }

    /// Checks what can be checked before the ledger is opened (usage errors, exit 64).
    public func validate() throws {
        try valuation.validate()
        _ = try periodChoice()
        _ = try benchmarkSymbol()
        _ = try grouping()
    }

    func grouping() throws -> ReturnsGrouping? {
        try by.map {
            guard let grouping = ReturnsGrouping(rawValue: $0.lowercased()) else { throw ReturnsError.notAGrouping($0) }
            return grouping
        }
    }

    func periodChoice() throws -> ReturnsPeriod {
        guard let choice = ReturnsPeriod(period) else { throw ReturnsError.notAPeriod(period) }
        return choice
    }

    func benchmarkSymbol() throws -> AssetSymbol? {
        try benchmark.map {
            guard let symbol = AssetSymbol($0.uppercased()) else { throw ReturnsError.notABenchmark($0) }
            return symbol
        }
    }
}

/// The use case behind `ledger returns`: one replay of the books (the ``PeriodFold`` that
/// `report`'s value chart uses, inside ``ReturnsFold``) valued with the recorded daily prices
/// into a ``ReturnsReport`` (docs/RETURNS.md). Replay diagnostics are reported as for every
/// report; what lacks a price is in the report, named.
public enum ReturnsStatement {
    public static func make(_ request: ReturnsRequest, store: OpenBooks, context: AppContext) throws -> ReturnsReport {
        let choice = try request.periodChoice()
        let benchmark = try request.benchmarkSymbol()
        let grouping = try request.grouping()
        var options = try request.valuation.valuation(
            settings: store.settings, now: context.now, perAccount: grouping == .account)
        let last = choice.lastDay(asOf: options.asOf.date)
        if last < options.asOf.date { options.asOf = last.endOfDay }
        let first = choice.firstDay(last: last)
        if let first, first > last { throw ReturnsError.startsAfterAsOf(period: request.period, asOf: last) }
        let runner = try ReplayRunner(store: store, context: context)
        var fold = ReturnsFold(options: options, prices: runner.prices, first: first, by: grouping)
        try store.events.forEachEffectiveEvent(through: options.asOf) { fold.apply($0) }
        try runner.report(fold.state.diagnostics)
        return ReturnsReport(
            input: fold.finish(), prices: runner.prices, currency: options.currency, asOf: options.asOf,
            benchmark: benchmark, by: grouping)
    }
}

/// Why `ledger returns` made no report.
public enum ReturnsError: UserFacingError, Equatable {
    case notAPeriod(String)
    case notABenchmark(String)
    case notAGrouping(String)
    case startsAfterAsOf(period: String, asOf: LocalDate)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .notAPeriod(let text): "--period '\(text)' is not a period; use \(ReturnsPeriod.list)"
        case .notABenchmark(let text): "--benchmark '\(text)' is not an asset symbol; use e.g. --benchmark BTC or SPY"
        case .notAGrouping(let text): "--by '\(text)' is not a grouping; use --by \(ReturnsGrouping.list)"
        case .startsAfterAsOf(let period, let asOf):
            "--period \(period) starts after the as-of date \(asOf); choose an earlier period or a later --as-of"
        }
    }
}
