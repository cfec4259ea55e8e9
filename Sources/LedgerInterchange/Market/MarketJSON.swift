import LedgerCore

/// JSON and CSV of the market views (`ledger market`, `market search`, `market show`,
/// `watch list`): a `schema` key, numbers as exact decimal strings, `null` where the source
/// gives no figure. Documented in docs/MARKET.md.
public enum MarketJSON {
    public static let topSchema = "ledger.market/1"
    public static let searchSchema = "ledger.market-search/1"
    public static let coinSchema = "ledger.market-coin/1"
    public static let watchSchema = "ledger.watchlist/1"

    public static func top(
        _ list: TopList, page: TopListPage, query: TopListQuery, favorites: Set<AssetSymbol>, fetchedAt: Timestamp
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", topSchema)
        header(list, fetchedAt, &writer)
        writer.key("screen")
        if let screen = list.screen { writer.string(screen.id) } else { writer.null() }
        writer.field("change", query.change.rawValue)
        writer.field("sort", query.sort.rawValue)
        writer.key("reverse")
        writer.bool(query.reverse)
        writer.key("favorites_only")
        writer.bool(query.favoritesOnly)
        writer.field("page", Int64(page.page))
        writer.field("pages", Int64(page.pages))
        writer.field("matching", Int64(page.matching))
        writer.key("coins")
        writer.beginArray()
        for entry in page.entries { coin(entry, favorite: favorites.contains(entry.symbol), &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    public static func search(
        _ query: String, results: [AssetSearchResult], origin: String, favorites: Set<AssetSymbol>
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", searchSchema)
        writer.field("query", query)
        writer.field("source", origin)
        writer.key("matches")
        writer.beginArray()
        for result in results {
            writer.beginObject()
            writer.field("id", result.id)
            writer.field("symbol", result.symbol)
            writer.field("name", result.name)
            writer.key("rank")
            if let rank = result.rank { writer.integer(Int64(rank)) } else { writer.null() }
            writer.key("favorite")
            writer.bool(AssetSymbol(result.symbol).map(favorites.contains) ?? false)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// One coin with its share of the market and the user's holding (null when not held).
    public static func coin(
        _ entry: TopListEntry, list: TopList, fetchedAt: Timestamp, favorite: Bool, share: MarketShare?,
        holding: CoinHolding?, headlines: [Headline]? = nil
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", coinSchema)
        header(list, fetchedAt, &writer)
        writer.key("coin")
        coin(entry, favorite: favorite, &writer)
        writer.key("market_share")
        if let share {
            writer.beginObject()
            writer.field("pct", share.percent.description)
            writer.field("total_market_cap", share.total.description)
            switch share.basis {
            case .wholeMarket(let source):
                writer.field("of", "whole_market")
                writer.field("total_source", source)
            case .topList(let count):
                writer.field("of", "top_list")
                writer.field("coins", Int64(count))
            }
            writer.endObject()
        } else {
            writer.null()
        }
        writer.key("holding")
        holdingObject(holding, &writer)
        if let headlines { NewsJSON.list(headlines, now: fetchedAt, &writer) }
        writer.endObject()
        return writer.text
    }

    private static func header(_ list: TopList, _ fetchedAt: Timestamp, _ writer: inout JSONWriter) {
        writer.field("source", list.source)
        writer.field("quote", list.quote.text)
        writer.field("fetched_at", fetchedAt.description)
    }

    static func coin(_ entry: TopListEntry, favorite: Bool, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("rank", Int64(entry.rank))
        writer.field("symbol", entry.symbol.text)
        writer.field("name", entry.name)
        writer.key("favorite")
        writer.bool(favorite)
        writer.field("quote", entry.quote.text)
        for (key, value) in figures(entry) { number(key, value, &writer) }
        writer.endObject()
    }

    private static func holdingObject(_ holding: CoinHolding?, _ writer: inout JSONWriter) {
        guard let holding else { return writer.null() }
        writer.beginObject()
        writer.field("quantity", holding.quantity.description)
        writer.field("currency", holding.currency.text)
        ReportJSON.partial("cost_basis", holding.costBasis, complete: holding.costComplete, &writer)
        number("value", holding.value, &writer)
        number("unrealized_pnl", holding.unrealizedPnL, &writer)
        number("unrealized_pnl_pct", holding.unrealizedPercent, &writer)
        writer.field("unvalued_events", Int64(holding.unvaluedEvents))
        writer.endObject()
    }

    /// The figures of an entry, in the order JSON and CSV both use: every change period,
    /// null where the source gave none.
    static func figures(_ entry: TopListEntry) -> [(String, ExactDecimal?)] {
        [
            ("price", entry.price), ("change_1h_pct", entry.change1h), ("change_24h_pct", entry.change24h),
            ("change_7d_pct", entry.change7d), ("change_30d_pct", entry.change30d), ("change_1y_pct", entry.change1y),
            ("market_cap", entry.marketCap), ("circulating_supply", entry.circulatingSupply),
            ("total_supply", entry.totalSupply), ("volume_24h", entry.volume24h), ("high_24h", entry.high24h),
            ("low_24h", entry.low24h),
        ]
    }

    static func number(_ key: String, _ value: ExactDecimal?, _ writer: inout JSONWriter) {
        writer.key(key)
        if let value { writer.string(value.description) } else { writer.null() }
    }

    /// One row per coin of the page, exact figures, empty cells where unknown.
    public static func topCSV(_ list: TopList, page: TopListPage, favorites: Set<AssetSymbol>) -> String {
        var writer = CSVWriter()
        writer.row(
            ["rank", "symbol", "name", "favorite", "quote"] + figures(page.entries.first ?? placeholder(list)).map(\.0)
                + ["source"])
        for entry in page.entries {
            writer.row(
                [
                    String(entry.rank), entry.symbol.text, entry.name,
                    favorites.contains(entry.symbol) ? "true" : "false", entry.quote.text,
                ]
                    + figures(entry).map { $0.1?.description ?? "" } + [list.source])
        }
        return writer.text
    }

    private static func placeholder(_ list: TopList) -> TopListEntry {
        TopListEntry(
            rank: 0, symbol: list.quote, name: "", quote: list.quote, price: nil, change24h: nil, change7d: nil,
            marketCap: nil,
            circulatingSupply: nil, totalSupply: nil, volume24h: nil, high24h: nil, low24h: nil)
    }
}

extension MarketJSON {
    /// The watchlist in the order added, with what the cache knows of each coin.
    public static func watchlist(_ coins: [WatchedCoin]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", watchSchema)
        writer.key("coins")
        writer.beginArray()
        for coin in coins {
            writer.beginObject()
            writer.field("symbol", coin.symbol.text)
            writer.key("name")
            if let name = coin.entry?.name { writer.string(name) } else { writer.null() }
            number("price", coin.entry?.price ?? coin.price?.price, &writer)
            writer.key("quote")
            if let quote = coin.entry?.quote ?? coin.price?.quote { writer.string(quote.text) } else { writer.null() }
            number("change_24h_pct", coin.entry?.change24h, &writer)
            number("change_7d_pct", coin.entry?.change7d, &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}
