import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The top-list cache after 0015: coins by market cap and each stock screen are separate lists
/// (the latest of one never hides the other), an entry keeps its own currency, and every change
/// period comes back exactly, nil where the source gave none.
@Suite("top list cache")
struct TopListCacheTests {
    let usd = AssetSymbol("USD")!, gbp = AssetSymbol("GBP")!

    func entry(_ symbol: String, quote: AssetSymbol, month: String?) -> TopListEntry {
        TopListEntry(
            rank: 1, symbol: AssetSymbol(symbol)!, name: symbol, quote: quote, price: ExactDecimal("27.905"),
            change24h: ExactDecimal("-1.234"), change7d: ExactDecimal("2.5"), marketCap: nil, circulatingSupply: nil,
            totalSupply: nil, volume24h: nil, high24h: nil, low24h: nil, change1h: ExactDecimal("0.1"),
            change30d: month.flatMap { ExactDecimal($0) }, change1y: nil)
    }

    @Test func screensAndCoinsAreSeparateLists() throws {
        let store = try Ledger(path: ":memory:", mode: .createIfMissing)
        let gainers = StockScreen("day_gainers", assetClass: .stock)!
        let coins = TopList(quote: usd, source: "coingecko", entries: [entry("BTC", quote: usd, month: "14.69")])
        let stocks = TopList(
            quote: usd, source: "yahoo", entries: [entry("SHEL.L", quote: gbp, month: nil)], screen: gainers)
        try store.market.recordTopList(coins, fetchedAt: Events.time("2024-06-01T11:00:00Z"))
        try store.market.recordTopList(stocks, fetchedAt: Events.time("2024-06-01T12:00:00Z"))
        let cachedCoins = try #require(try store.market.latestTopList(in: usd))
        #expect(cachedCoins.value == coins)
        #expect(cachedCoins.value.entries[0].change(.month) == ExactDecimal("14.69"))
        let cachedStocks = try #require(try store.market.latestTopList(in: usd, screen: gainers))
        #expect(cachedStocks.value == stocks)
        #expect(cachedStocks.value.entries[0].quote == gbp && cachedStocks.value.entries[0].change30d == nil)
        #expect(try store.market.latestTopList(in: usd, screen: StockScreen(nil, assetClass: .stock)!) == nil)
        #expect(try store.market.cachedTopListQuotes() == [usd])
    }
}
