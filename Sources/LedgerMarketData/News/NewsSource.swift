import LedgerCore

/// What a request for headlines asks: about some assets (none: the source's general feed),
/// in one language, at most `limit`, none published before `since`.
public struct NewsQuery: Sendable, Equatable {
    public var symbols: [AssetSymbol]
    /// An upper-case language code (`EN`, `PT`).
    public var language: String
    public var limit: Int
    public var since: Timestamp?

    public init(symbols: [AssetSymbol], language: String = "EN", limit: Int = 10, since: Timestamp? = nil) {
        self.symbols = symbols
        self.language = language
        self.limit = limit
        self.since = since
    }
}

/// A vendor of news headlines. Calls block until the answer is in and go through
/// ``MarketHTTP`` like every other request (timeouts, retries, pacing).
public protocol NewsSource: Sendable {
    /// The name stored with each headline (`cryptocompare`).
    var name: String { get }

    /// The newest headlines that match `query`, newest first; an empty list when there are none.
    func headlines(_ query: NewsQuery) throws(MarketDataError) -> [Headline]
}

extension NewsQuery {
    /// The symbols a headline is about: those of `tags` (a source's categories or related
    /// tickers) that the query asked for; every ticker tag for the general feed.
    func symbols(tagged tags: [String]) -> [AssetSymbol] {
        // Upper-case tags only: CryptoCompare mixes tickers (BTC) with topics (Market, Trading).
        let tickers = tags.filter { $0 == $0.uppercased() }.compactMap(AssetSymbol.init)
        guard !symbols.isEmpty else { return tickers }
        return tickers.filter(symbols.contains)
    }
}

extension NewsQuery {
    /// True when `headline` was published at or after `since` (always without one).
    func admits(_ headline: Headline) -> Bool {
        guard let since else { return true }
        return headline.publishedAt >= since
    }
}
