import LedgerTestSupport
import Testing

/// `GET /news` and the coin page's news: the headlines `ledger news` shows, as links.
@Suite("the news page")
struct NewsPageTests {
    @Test("/news shows the general crypto headlines as links; the coin page shows the coin's own")
    func headlines() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let news = try await client.get("/news", as: "alice")
        #expect(news.status == 200, "\(news.body.prefix(500))")
        #expect(
            news.body.contains(
                #"<a href="https://www.coindesk.example/markets/2024/06/01/bitcoin-etf-inflows-record/" rel="noopener noreferrer">"#
            ), "\(news.body)")
        #expect(news.body.contains("Ether staking deposits climb ahead of the Pectra upgrade"))
        let coin = try await client.get("/market/BTC?days=10", as: "alice")
        #expect(coin.body.contains("<h2>News</h2>"))
        #expect(coin.body.contains("Bitcoin ETF inflows reach a monthly record"), "\(coin.body)")
        #expect(coin.body.contains(#"<a href="/news?asset=BTC">More news about BTC</a>"#))
        let asked = server.market.requests.map(\.target).filter { $0.contains("/news") }
        #expect(asked.contains { $0.contains("categories=BTC") }, "\(asked)")
        try await server.stop()
    }

    @Test("a word that is not a symbol is refused with the CLI's sentence")
    func badSymbol() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/news?asset=B-D", as: "alice")
        #expect(page.status == 400, "\(page.status)")
        #expect(page.body.contains("&#39;B-D&#39; is not an asset symbol"), "\(page.body)")
        try await server.stop()
    }
}
