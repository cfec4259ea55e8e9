import LedgerCore
import LedgerStore

/// The gains read of `ledger gains`: the realized gains of the disposals between two days, by
/// the lot method of the options or by several methods compared (`--compare`), each report from
/// its own fold of one pass over the log, the replay's diagnostics reported once.
public struct GainsQuery: Sendable {
    public var valuation: ValuationQuery
    /// The first and last day of the disposals counted; nil: from the start, up to as-of.
    public var since: LocalDate?
    public var until: LocalDate?
    /// Nil: the method of the options alone; else one report per method, in this order.
    public var methods: [BookingMethod]?

    public init(
        valuation: ValuationQuery, since: LocalDate? = nil, until: LocalDate? = nil, methods: [BookingMethod]? = nil
    ) {
        self.valuation = valuation
        self.since = since
        self.until = until
        self.methods = methods
    }

    /// The reports and where they came from (the options and the ledger's currency).
    public struct Answer {
        /// One per method asked for; the first is the options' own method when none was.
        public let reports: [GainsReport]
        public let source: ReportSource

        /// True when every report's totals are whole (no price was missing).
        public var complete: Bool { reports.allSatisfy(\.totals.complete) }
    }

    /// The ledger of `opener`, read: the options are checked before it is opened.
    public func answer(_ opener: LedgerOpener) throws -> Answer {
        let source = try ReportSource.open(opener, query: valuation)
        return Answer(reports: try reports(source), source: source)
    }

    /// The reports of `source`: one replay folding every method asked for.
    public func reports(_ source: ReportSource) throws -> [GainsReport] {
        let runner = try source.runner()
        let base = source.options
        let states = try runner.replay(
            (methods ?? [base.method]).map { method in
                var options = base
                options.method = method
                return options
            })
        let reports = states.map { GainsReport(state: $0, since: since, until: until) }
        try runner.report(reports[0].diagnostics)
        return reports
    }
}
