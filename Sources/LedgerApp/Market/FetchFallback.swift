import LedgerCore
import LedgerMarketData
import LedgerStore

/// What `prices fetch` does about the assets it could not price, before anything is
/// recorded: the cached price stands in (said on the notices, with its age), unless none is
/// cached and nothing was fetched, or `--max-age` finds it too old.
public struct FetchFallback {
    let targets: FetchTargets
    let result: FetchResult
    let quote: AssetSymbol
    let now: Timestamp

    public init(targets: FetchTargets, result: FetchResult, quote: AssetSymbol, now: Timestamp) {
        self.targets = targets
        self.result = result
        self.quote = quote
        self.now = now
    }

    /// Says, for each asset not fetched, why, and the cached price used instead with its
    /// age. Fails (before anything is recorded) when nothing was fetched and some asset has
    /// no cached price either, or with `maxAge` when a price had to come from the cache and is
    /// older than that, or is missing.
    public func check(store: any BookStores, maxAge: Int64?, notices: any NoticeSink) throws {
        let missing = targets.assets.map(\.symbol).filter { result.pricedBy[$0] == nil }
        guard !missing.isEmpty else { return }
        let table = try store.prices.priceTable()
        var stale: [String] = []
        for asset in missing {
            let reasons = (result.failures[asset] ?? []).map(\.description)
            let why = reasons.isEmpty ? "not fetched" : Self.unique(reasons).joined(separator: "; ")
            guard let cached = table.price(of: asset, in: quote, at: now) else {
                notices.warning("\(asset): \(why); no cached price")
                stale.append("\(asset) (none cached)")
                continue
            }
            let age = Age.ago(cached.observedAt, now: now)
            notices.warning("\(asset): \(why); using the cached \(asset) price from \(age) (\(cached.source))")
            if let maxAge, try staleness(of: asset, cached, store: store) > maxAge {
                stale.append("\(asset) (\(age))")
            }
        }
        let uncached = missing.filter { table.price(of: $0, in: quote, at: now) == nil }
        if result.pricedBy.isEmpty && !uncached.isEmpty {
            throw MarketServiceError.nothingFetchedNorCached(uncached)
        }
        guard maxAge != nil, !stale.isEmpty else { return }
        throw MarketServiceError.pricesTooOld(stale)
    }

    /// How stale a cached price is for `--max-age`: an ECB rate by publication (zero while no
    /// newer rate was due after it was fetched, docs/MARKET-DATA.md), anything else by the age
    /// of its observation.
    private func staleness(of asset: AssetSymbol, _ cached: PriceQuote, store: any BookStores) throws -> Int64 {
        guard asset.inferredClass == .fiat && quote.inferredClass == .fiat,
            ECBRate.isPublication(source: cached.source, observedAt: cached.observedAt)
        else {
            return now.secondsSinceEpoch - cached.observedAt.secondsSinceEpoch
        }
        let stored = try store.prices.observations(asset: asset) + store.prices.observations(asset: quote)
        let fetched =
            stored.filter { $0.observation.observedAt == cached.observedAt && $0.observation.source == cached.source }
            .map(\.fetchedAt).max() ?? cached.observedAt
        return FXRates.staleness(fetchedAt: fetched, now: now)
    }

    private static func unique(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}
