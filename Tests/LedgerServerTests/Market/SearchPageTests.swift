import LedgerTestSupport
import Testing

/// `GET /market/search`: the coins the CLI's `market search` finds, from every page's header.
@Suite("the search page")
struct SearchPageTests {
    @Test("/market/search?q=sol finds Solana through the source's search and asks no source for a coin called SEARCH")
    func findsSolana() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/market/search?q=sol", as: "alice")
        #expect(page.status == 200, "\(page.body.prefix(500))")
        #expect(page.body.contains(#"<a href="/market/SOL">SOL</a>"#), "\(page.body)")
        #expect(page.body.contains("Solana"))
        #expect(page.body.contains("Matches for &#39;sol&#39; from coingecko"), "\(page.body)")
        let targets = server.market.requests.map(\.target)
        #expect(targets.contains { $0.contains("search?query=sol") }, "\(targets)")
        #expect(!targets.contains { $0.contains("SEARCH") || $0.contains("ids=search") }, "\(targets)")
        try await server.stop()
    }

    @Test("stocks are found in the cached stock lists, linked with their class; before any is cached, it says so")
    func findsStocks() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let before = try await client.get("/market/search?q=nvid", as: "alice")
        #expect(before.status == 200)
        #expect(before.body.contains("No stock or ETF list is cached yet"), "\(before.body)")
        let stocks = try await client.get("/market?class=stock", as: "alice")
        #expect(stocks.status == 200 && stocks.body.contains("NVIDIA"))
        let found = try await client.get("/market/search?q=nvid", as: "alice")
        #expect(found.body.contains(#"<a href="/market/NVDA?class=stock">NVDA</a>"#), "\(found.body)")
        #expect(found.body.contains("in the cached stock and ETF lists (from 2024-06-01T"))
        let none = try await client.get("/market/search?q=zzzzq", as: "alice")
        #expect(none.body.contains("No stock or ETF in the cached stock and ETF lists"))
        try await server.stop()
    }

    @Test("an empty search says what to type; every signed-in page carries the search form")
    func emptyAndHeader() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let empty = try await client.get("/market/search", as: "alice")
        #expect(empty.status == 200)
        #expect(empty.body.contains("Type part of a coin&#39;s or a stock&#39;s name or symbol"))
        for path in ["/market", "/watchlist", "/alerts", "/status"] {
            let page = try await client.get(path, as: "alice")
            #expect(page.body.contains(#"<form method="get" action="/market/search" class="search""#), "\(path)")
        }
        try await server.stop()
    }

    @Test("an unknown coin's page points at the search, never at a command")
    func unknownCoin() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/market/ZZZ", as: "alice")
        // The loopback sources answer ZZZ's candles from their catch-all fixture, so the page
        // stands (200) with the figures' refusal where the figures would be.
        #expect(page.body.contains("the search finds coins by name or symbol"), "\(page.body)")
        #expect(!page.body.contains("ledger market search"), "\(page.body)")
        try await server.stop()
    }
}
