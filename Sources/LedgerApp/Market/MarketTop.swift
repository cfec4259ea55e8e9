import LedgerCore
import LedgerStore

/// `ledger market [top]` as a use case: the checked request (how many coins, which page in
/// which order) and the page of the top list it selects, fresh or cached. The CLI and the
/// server's market page and API share it, and so its checks and messages.
public struct MarketTop: Sendable {
    /// How many coins of the top list (1 to ``MarketFeed/maxCount``).
    public let count: Int
    public let query: TopListQuery
    public let assetClass: AssetClass
    /// The screen of a stock or ETF list (nil for crypto).
    public let screen: StockScreen?

    /// The page of a top list a request selected, and the list it came from (cut to `count`).
    public struct Shown: Sendable {
        public let list: TopList
        public let page: TopListPage
        public let fetchedAt: Timestamp
    }

    /// Checks the request as `ledger market` does: `count` (default 100), a page from 1 (nil
    /// shows every coin on one page, unless `perPage` is given), `perPage` from 1 (default 20),
    /// a class other than fiat, a screen of that class (stock and etf; its default when nil)
    /// and a change period (default 24h).
    public init(
        count: String?, page: Int?, perPage: Int?, sort: TopListSort = .rank, reverse: Bool = false,
        favoritesOnly: Bool = false, assetClass: String = "crypto", screen: String? = nil, change: String? = nil
    ) throws(MarketCommandError) {
        if let count, Int(count).map({ (1...MarketFeed.maxCount).contains($0) }) != true {
            throw .notACount(count, maximum: MarketFeed.maxCount)
        }
        if let page, page < 1 { throw .pageBelowOne(page) }
        if let perPage, perPage < 1 { throw .perPageBelowOne(perPage) }
        // Only the classes with a list: the crypto top list and the stock and ETF screens.
        guard let parsed = AssetClass(rawValue: assetClass.lowercased()),
            parsed == .crypto || StockScreen.known[parsed] != nil
        else {
            throw .notAMarketClass(assetClass)
        }
        self.count = count.flatMap(Int.init) ?? 100
        self.assetClass = parsed
        self.screen = try Self.screen(screen, of: parsed)
        guard let period = ChangePeriod(rawValue: change?.lowercased() ?? "24h") else {
            throw .notAChangePeriod(change ?? "")
        }
        query = TopListQuery(
            sort: sort, reverse: reverse, favoritesOnly: favoritesOnly, page: page ?? (perPage == nil ? nil : 1),
            perPage: perPage ?? 20, change: period)
    }

    private static func screen(_ text: String?, of assetClass: AssetClass) throws(MarketCommandError) -> StockScreen? {
        if assetClass == .crypto {
            if let text { throw .notAScreen(text, assetClass: assetClass) }
            return nil
        }
        guard let screen = StockScreen(text, assetClass: assetClass) else {
            throw .notAScreen(text ?? "", assetClass: assetClass)
        }
        return screen
    }

    /// A page past the end of `count` coins, known before anything is fetched.
    public func checkPage() throws(MarketCommandError) {
        if let page = query.page, !query.favoritesOnly, page > (count + query.perPage - 1) / query.perPage {
            throw pastTheEnd(matching: count)
        }
    }

    /// The page of the top list in `quote` (``MarketFeed/topList(count:in:assetClass:)``:
    /// fetched, else cached with a warning), with `watched` marking the favourites.
    public func run(feed: MarketFeed, quote: AssetSymbol, watched: Set<AssetSymbol>) throws -> Shown {
        let fetched =
            try screen.map { try feed.screened($0, count: count, in: quote) }
            ?? feed.topList(count: count, in: quote, assetClass: assetClass)
        let list = TopList(
            quote: fetched.value.quote, source: fetched.value.source,
            entries: Array(fetched.value.entries.prefix(count)), screen: fetched.value.screen)
        guard let shown = query.apply(list.entries, favorites: watched) else {
            let matching =
                query.favoritesOnly ? list.entries.filter { watched.contains($0.symbol) }.count : list.entries.count
            throw pastTheEnd(matching: matching)
        }
        return Shown(list: list, page: shown, fetchedAt: fetched.fetchedAt)
    }

    private func pastTheEnd(matching: Int) -> MarketCommandError {
        .pastTheEnd(page: query.page ?? 1, matching: matching, perPage: query.perPage, watchedOnly: query.favoritesOnly)
    }
}
