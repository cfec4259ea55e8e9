import LedgerApp
import LedgerCore
import LedgerRender

/// Stocks and ETFs on the search page: the symbols and names of the stock and ETF screens the
/// server has cached (what the market page's Stocks and ETFs lists fetched), ranked as the coin
/// search ranks, each linked to its stock page with its class. No source of this project
/// searches stocks (Yahoo's search endpoint is read for news only, and the shared format notes
/// describe no stock search), so a stock that is in no cached screen is not found; its page
/// still opens by symbol (`/market/SYMBOL?class=stock`).
enum StockSearch {
    /// One match: the result and the class of the screen it came from.
    struct Found {
        let result: AssetSearchResult
        let assetClass: AssetClass
    }

    /// The matches in every cached stock and ETF screen, in the user's currency or in USD
    /// (Yahoo's screens are), the newest copy of each; and the oldest copy's fetch time.
    static func matches(_ query: String, session: MarketSession) throws -> (found: [Found], fetchedAt: Timestamp?) {
        let quotes = Array(Set([try session.quote(nil), AssetSymbol("USD")!]))
        var classes: [String: AssetClass] = [:]
        var results: [AssetSearchResult] = []
        var oldest: Timestamp?
        for (assetClass, ids) in StockScreen.known.sorted(by: { $0.key < $1.key }) {
            for id in ids {
                guard let screen = StockScreen(id, assetClass: assetClass) else { continue }
                for quote in quotes {
                    guard let list = try session.cache.cachedTopList(in: quote, screen: screen) else { continue }
                    oldest = min(oldest ?? list.fetchedAt, list.fetchedAt)
                    for entry in list.list.entries where classes[entry.symbol.text] == nil {
                        classes[entry.symbol.text] = assetClass
                        results.append(
                            AssetSearchResult(id: "", symbol: entry.symbol.text, name: entry.name, rank: nil))
                    }
                }
            }
        }
        let ranked = SearchRanking.rank(results, query: query)
        return (ranked.map { Found(result: $0, assetClass: classes[$0.symbol] ?? .stock) }, oldest)
    }

    /// The "Stocks and ETFs" section of the search page: the first 20 matches, or what was
    /// searched and what was not.
    static func section(_ query: String, session: MarketSession) -> Markup {
        var html: Markup = "<h2>Stocks and ETFs</h2>\n"
        guard let result = try? matches(query, session: session), let fetchedAt = result.fetchedAt else {
            return html
                + MarketHTML.note(
                    "No stock or ETF list is cached yet, so no stock can be found here; open Stocks or ETFs on the market page first, or a stock's page by its symbol (/market/SYMBOL?class=stock)."
                )
        }
        let found = result.found
        let searched =
            "the cached stock and ETF lists (from \(fetchedAt), \(Age.ago(fetchedAt, now: session.context.now)) or newer)"
        guard !found.isEmpty else {
            return html
                + MarketHTML.note(
                    "No stock or ETF in \(searched) matches '\(query)'. A stock in none of them opens by its symbol: /market/SYMBOL?class=stock."
                )
        }
        let rows = found.prefix(20).map { match -> [MarketHTML.Cell] in
            let link = "/market/\(FormEncoding.escape(match.result.symbol))?class=\(match.assetClass.rawValue)"
            return [
                MarketHTML.Cell(
                    html: "<a href=\"\(link)\">\(match.result.symbol)</a>"),
                .text(match.result.name), .text(match.assetClass.rawValue),
            ]
        }
        html += MarketHTML.table(
            caption: "Matches for '\(query)' in \(searched)",
            headers: [("Symbol", false), ("Name", false), ("Class", false)], rows: Array(rows), cards: false)
        return html
    }
}
