import LedgerCore
import LedgerMarketData
import LedgerStore

/// The splits and dividends `prices fetch --history` reports for the listed assets it fetched
/// (stock, etf, fund, adr, warrant, bond) whose sources include Yahoo, the one source that has
/// them: one chart request per asset with `events=div,splits`, each compared with the ledger
/// (``CorporateActionCheck``). Nothing is recorded; the findings carry the commands.
public struct CorporateActionFetch {
    public let setup: MarketSetup
    /// The books the findings are held against.
    public let books: any BookStores
    public let forcedSource: String?

    public init(setup: MarketSetup, books: any BookStores, forcedSource: String?) {
        self.setup = setup
        self.books = books
        self.forcedSource = forcedSource
    }

    public struct Outcome {
        public var findings: [CorporateActionFinding] = []
        /// Asset → why its splits and dividends could not be had.
        public var failures: [AssetSymbol: MarketDataError] = [:]
        public var requests = 0
    }

    /// The findings for `targets` between `start` and `end`, oldest first per asset.
    public func run(_ targets: FetchTargets, from start: LocalDate, through end: LocalDate) throws -> Outcome {
        var outcome = Outcome()
        let assets = targets.assets.filter {
            $0.assetClass.isListed && setup.order(for: $0.assetClass, forced: forcedSource).contains("yahoo")
        }
        guard !assets.isEmpty else { return outcome }
        guard let yahoo = try setup.source("yahoo") as? YahooChartSource else { return outcome }
        var actions: [CorporateAction] = []
        for (symbol, _) in assets {
            outcome.requests += 1
            do throws(MarketDataError) {
                actions += try yahoo.corporateActions(of: symbol, from: start, through: end)
            } catch {
                outcome.failures[symbol] = error
            }
        }
        let events = try books.events.events(touching: Set(actions.map(\.asset)))
        outcome.findings = CorporateActionCheck.findings(actions, events: events)
        return outcome
    }
}
