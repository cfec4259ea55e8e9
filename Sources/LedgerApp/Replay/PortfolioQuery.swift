import LedgerCore
import LedgerStore

/// The portfolio read of `ledger portfolio` and the server's portfolio page and
/// `GET /api/v1/portfolio`: open, options, the holdings report from a snapshot when one is
/// valid (or a full replay that leaves one), its diagnostics reported.
public struct PortfolioQuery: Sendable {
    public var valuation: ValuationQuery
    public var perAccount: Bool
    /// False replays the whole log (`--full-replay`: benchmarks and checks).
    public var useSnapshots: Bool

    public init(valuation: ValuationQuery, perAccount: Bool = false, useSnapshots: Bool = true) {
        self.valuation = valuation
        self.perAccount = perAccount
        self.useSnapshots = useSnapshots
    }

    /// A report and where it came from (its options and the ledger's currency).
    public struct Answer {
        public let report: HoldingsReport
        public let source: ReportSource
    }

    /// The ledger of `opener`, read: the options are checked before it is opened.
    public func answer(_ opener: LedgerOpener) throws -> Answer {
        let source = try ReportSource.open(opener, query: valuation, perAccount: perAccount)
        return Answer(report: try report(source), source: source)
    }

    /// The source of an open ledger (the server's read handle, or an empty ledger).
    public func source(_ store: any BookStores, context: AppContext) throws -> ReportSource {
        try valuation.validate()
        return try ReportSource(store: store, query: valuation, perAccount: perAccount, context: context)
    }

    /// The holdings report of `source` (what a kept answer stands for).
    public func report(_ source: ReportSource) throws -> HoldingsReport {
        try source.runner().holdings(source.options, useSnapshots: useSnapshots)
    }
}
