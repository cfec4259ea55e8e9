import LedgerCore
import LedgerMarketData
import LedgerStore

/// `ledger market search TEXT`: the matches ranked, where
/// they came from, the user's watchlist, and the cached top list the text view marks ranks from.
public struct MarketSearch {
    public let results: [AssetSearchResult]
    /// The source that answered, or "the cache".
    public let origin: String
    public let watched: Set<AssetSymbol>
    /// The latest cached top list in the quote asked for (empty when none was asked).
    public let known: [TopListEntry]

    /// Searches through `feed` and keeps what it fetched; `knownIn` names the quote whose
    /// cached top list is read afterwards (the text view's ranks), or nil.
    public static func run(_ query: String, in feed: MarketFeed, knownIn quote: AssetSymbol?) throws -> MarketSearch {
        let (found, origin) = try feed.search(query)
        let results = SearchRanking.rank(found, query: query)
        let watched = try feed.watched()
        try feed.commit()
        let known = try quote.map { try feed.store.market.latestTopList(in: $0)?.value.entries ?? [] } ?? []
        return MarketSearch(results: results, origin: origin, watched: watched, known: known)
    }
}

extension MarketFeed {
    /// The symbols on the user's watchlist (none without books).
    public func watched() throws -> Set<AssetSymbol> {
        Set(try Watchlist.watched(in: books))
    }

    /// Matches from the first crypto source that can search, else from the cache (every
    /// cached top list in any currency, and CoinGecko's cached coin list).
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
