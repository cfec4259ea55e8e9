import LedgerCore
import LedgerMarketData
import LedgerStore

extension MarketFeed {
    /// Matches from the first crypto source that can search, else from the cache (every
    /// cached top list in any currency, and CoinGecko's cached coin list): what `ledger market
    /// search` and the server's search page ask.
    public func search(_ query: String) throws -> ([AssetSearchResult], String) {
        var problems: [MarketDataError] = []
        if !offline {
            for name in sourceOrder(for: .crypto) {
                do {
                    return (try source(name).search(query), name)
                } catch let error as MarketDataError {
                    if case .unsupported = error { continue }
                    problems.append(error)
                }
            }
        }
        let cached = try cachedSearchResults()
        // An empty cache has nothing to search: "no coin contains BTC" would be a false answer.
        if cached.isEmpty { throw missing("no top list or coin list is cached to search", problems) }
        try fellBack(problems, what: "search results", cached: nil, using: "searching the cache")
        return (cached, "the cache")
    }

    /// The cached top lists' coins, then the cached coin list's coins that no top list holds
    /// (unranked). A coin is the same coin by id (by symbol and name when a list has no ids),
    /// so a coin never takes another's rank because they share a symbol.
    private func cachedSearchResults() throws -> [AssetSearchResult] {
        var entries: [TopListEntry] = []
        for quote in try store.market.cachedTopListQuotes() {
            entries += try store.market.latestTopList(in: quote)?.value.entries ?? []
        }
        var results = entries.map {
            AssetSearchResult(id: $0.id ?? "", symbol: $0.symbol.text, name: $0.name, rank: $0.rank)
        }
        for record in try store.market.symbolIDs(source: "coingecko")?.value ?? [] {
            let coin = AssetSearchResult(
                id: record.id, symbol: record.symbol.uppercased(), name: record.name, rank: nil)
            if !entries.contains(where: { $0.isSameCoin(as: coin) }) { results.append(coin) }
        }
        return results
    }
}
