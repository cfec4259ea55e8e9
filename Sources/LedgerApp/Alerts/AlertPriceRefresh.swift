import LedgerCore
import LedgerMarketData
import LedgerStore

/// Fetches the latest price of every asset the alerts watch, per currency, through the same
/// path as `prices fetch` (each class to its sources in fallback order), and records what came
/// back. An asset no source priced gets one warning; its alerts are then checked against the
/// cache, and fail there if it has no (fresh enough) price.
public struct AlertPriceRefresh {
    /// The user's books (their prices) and market data (the coin lists, the FX rates): a
    /// ledger file holds both.
    public let store: any BookStores & MarketStores
    public let context: MarketContext

    public init(store: any BookStores & MarketStores, context: MarketContext) {
        self.store = store
        self.context = context
    }

    public func refresh(_ alerts: [Alert]) throws {
        let setup = try MarketSetup(store: store, context: context)
        let fetcher = PriceFetcher(setup: setup, forcedSource: nil, progress: Progress(context: context))
        for (quote, targets) in try targetsByQuote(alerts) {
            let result = try fetcher.latest(targets, in: quote)
            try store.prices.record(result.observations, fetchedAt: context.now)
            for rates in result.fxRates { try store.market.recordFXRates(rates, fetchedAt: context.now) }
            warn(targets, result)
        }
        try setup.commit()
    }

    /// The assets to fetch in each currency, with the class that picks their sources: the
    /// alert's `--class`, else the class the ledger's events give the asset, else inferred.
    private func targetsByQuote(_ alerts: [Alert]) throws -> [(AssetSymbol, FetchTargets)] {
        var classes: [AssetSymbol: [AssetSymbol: AssetClass]] = [:]
        for alert in alerts {
            let known = try alert.assetClass ?? store.events.assetClass(of: alert.asset) ?? alert.asset.inferredClass
            classes[alert.quote, default: [:]][alert.asset] = classes[alert.quote]?[alert.asset] ?? known
        }
        return classes.keys.sorted().map { quote in
            let assets = classes[quote]!.keys.sorted().map { ($0, classes[quote]![$0]!) }
            return (quote, FetchTargets(assets: assets))
        }
    }

    private func warn(_ targets: FetchTargets, _ result: FetchResult) {
        for (asset, _) in targets.assets where result.pricedBy[asset] == nil {
            var seen = Set<String>()
            let reasons = (result.failures[asset] ?? []).map(\.description).filter { seen.insert($0).inserted }
            let why = reasons.isEmpty ? "not fetched" : reasons.joined(separator: "; ")
            context.notices.warning("\(asset): \(why); checking its alerts against the cached price")
        }
    }
}

extension FetchTargets {
    /// Exactly these assets and classes (alerts name their own).
    public init(assets: [(symbol: AssetSymbol, assetClass: AssetClass)]) {
        self.assets = assets
    }
}
