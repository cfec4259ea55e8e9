import LedgerCore
import LedgerMarketData
import LedgerStore

/// Where `ledger live` gets its prices: one latest-prices poll of every asset through the
/// sources of its class in the fallback order (or `--source`), as `prices fetch` asks them.
public struct LiveFeed {
    /// The assets in the order the user named them, without repeats or the quote itself.
    public let symbols: [AssetSymbol]
    public let quote: AssetSymbol
    let targets: FetchTargets
    let setup: MarketSetup
    let fetcher: PriceFetcher

    /// The feed of the assets `named` in `quote`, their classes read from `store` (nothing is
    /// written to it); no progress line is drawn between updates.
    public init(
        symbols named: [String], quote: AssetSymbol, store: some BookStores & MarketStores, context: MarketContext,
        forcedSource: String?
    ) throws {
        var seen = Set<AssetSymbol>()
        symbols = named.compactMap(AssetSymbol.init).filter { $0 != quote && seen.insert($0).inserted }
        guard !symbols.isEmpty else {
            throw LiveError.onlyTheQuote(quote)
        }
        self.quote = quote
        targets = try FetchTargets(
            named: symbols.map(\.text), events: store.events, settings: store.settings, quote: quote)
        setup = try MarketSetup(store: store, context: context)
        if let forcedSource { _ = try setup.source(forcedSource) }
        var quiet = context
        quiet.showsProgress = false
        fetcher = PriceFetcher(setup: setup, forcedSource: forcedSource, progress: Progress(context: quiet))
    }

    /// Refuses a polling period shorter than a source's minimum interval between requests.
    public func checkInterval(_ seconds: Double, asked: String) throws {
        for (assetClass, _) in targets.byClass {
            for name in setup.order(for: assetClass, forced: fetcher.forcedSource) {
                guard let minimum = try? setup.config.settings(name).minInterval, seconds < minimum else { continue }
                throw LiveError.intervalTooShort(
                    asked: asked, minimum: LiveTicker.seconds(minimum), source: name, seconds: Int(minimum.rounded(.up))
                )
            }
        }
    }

    /// One poll. When no asset got a price because the sources failed (not because they do
    /// not know the asset), the poll itself failed and throws.
    func poll(_ assets: [AssetSymbol]) throws -> PriceBatch {
        let wanted = Set(assets)
        let result = try fetcher.latest(targets, in: quote)
        var batch = PriceBatch(
            observations: result.observations.filter { wanted.contains($0.asset) && $0.quote == quote })
        for (asset, errors) in result.failures where wanted.contains(asset) && result.pricedBy[asset] == nil {
            batch.failures[asset] = errors.first { !$0.isSourceFailure } ?? errors.last
        }
        if batch.observations.isEmpty {
            let failed = assets.flatMap { result.failures[$0] ?? [] }.filter(\.isSourceFailure)
            if !failed.isEmpty { throw SourcesError(failed) }
        }
        return batch
    }
}

/// Every source of a poll failed as a whole: each one named with its reason, in the order
/// asked, without each reason's own advice (the ticker gives one).
struct SourcesError: Error, CustomStringConvertible {
    let reasons: [String]

    init(_ errors: [MarketDataError]) {
        var seen = Set<String>()
        reasons = errors.map { LiveTicker.withoutAdvice($0.description) }.filter { seen.insert($0).inserted }
    }

    var description: String { reasons.joined(separator: "; ") }
}
