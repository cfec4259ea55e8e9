import Foundation
import LedgerServer
import Testing

/// `GET /market` and `/api/v1/market` against the loopback market server: 20 rows a page,
/// changes coloured, the CLI's messages for bad input, the shared cache (one request for
/// everyone while it is fresh, its handle kept between requests), and a failed source shown
/// with the cached list.
@Suite("market pages: the top list", .serialized)
struct MarketPageTests {
    @Test("the top 100, 20 rows a page, changes coloured, from one request")
    func topList() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/market", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains("Top 100 coins by market cap · USD"))
        #expect(page.body.components(separatedBy: "<tr><td").count - 1 == 20)
        #expect(page.body.contains(#"<a href="/market/BTC">Bitcoin</a>"#))
        #expect(page.body.contains(#"<td class="n neg" data-label="24h">-1.2%</td>"#))
        #expect(page.body.contains(#"<td class="n pos wide" data-label="7d">+2.5%</td>"#))
        #expect(page.body.contains("page 1/5 · 20 per page · 100 coins"))
        #expect(page.body.contains("Prices in USD from coingecko, fetched 2024-06-01T12:00:"))
        // One script only: /live.js, which keeps the prices current (the page is complete without it).
        #expect(page.body.components(separatedBy: "<script").count - 1 == 1)
        #expect(page.body.contains(#"<script src="/live.js" defer></script>"#))
        let third = try await client.get("/market?top=50&page=3", as: "bob")
        #expect(third.body.contains("page 3/3 · 20 per page · 50 coins"))
        #expect(third.body.components(separatedBy: "<tr><td").count - 1 == 10)
        // Bob's page came from the cache alice's request filled.
        #expect(server.requests("/coingecko/coins/markets").count == 1)
        try await server.stop()
    }

    @Test("?change=30d shows, colours and sorts by the 30-day change, and the pager keeps it")
    func changePeriod() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/market?change=30d&sort=change", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains("<th class=\"n\">30d</th>") || page.body.contains(">30d</th>"))
        #expect(page.body.contains("<option selected>30d</option>"))
        #expect(page.body.contains("change=30d&amp;per-page") || page.body.contains("change=30d&amp;page=2"))
        let api = try await client.get("/api/v1/market?change=1y&top=50", as: "alice")
        #expect(api.body.contains(#""change": "1y""#) && api.body.contains(#""change_30d_pct": "14.69""#))
        let bad = try await client.get("/market?change=2w", as: "alice")
        #expect(bad.status == 400)
        #expect(bad.body.contains("--change &#39;2w&#39; is not a period; use one of 1h, 24h, 7d, 30d, 1y"))
        try await server.stop()
    }

    @Test("bad input gets the CLI's sentence and nothing is fetched")
    func badInput() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let cases: [(String, String)] = [
            (
                "/market?top=abc",
                "&#39;abc&#39; is not a number of coins; N goes from 1 to 250, e.g. &#39;ledger market 50&#39;"
            ),
            ("/market?page=6", "--page 6 is past the last page: 100 coins make 5 pages of 20"),
            ("/market?per-page=0", "--per-page 0 must be at least 1"),
            ("/market?sort=age", "sort &#39;age&#39; is not one of rank, change, price, name, volume"),
            ("/market?vs=U$D", "is not a currency code"),
        ]
        for (path, message) in cases {
            let response = try await client.get(path, as: "alice")
            #expect(response.status == 400, "\(path)")
            #expect(response.body.contains(message), "\(path): \(response.body)")
        }
        let api = try await client.get("/api/v1/market?page=0", as: "alice")
        #expect(api.status == 400)
        #expect(api.body == #"{"error":"--page 0 is not a page; pages count from 1"}"# + "\n")
        #expect(server.requests("/coingecko/coins/markets").isEmpty)
        try await server.stop()
    }

    @Test("a source that fails: the page says what failed and shows the cached list with its age")
    func offline() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        #expect(try await client.get("/market", as: "alice").status == 200)
        server.market.stop()
        server.clock.advance(600)
        let page = try await client.get("/market", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains("warning: could not fetch the top list: "))
        #expect(page.body.contains("using the cached copy from 10 min ago (coingecko)"))
        #expect(page.body.components(separatedBy: "<tr><td").count - 1 == 20)
        try await server.stop()
    }

    @Test("nothing cached and no source: 502 and what failed")
    func nothingCached() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        server.market.stop()
        let page = try await client.get("/market", as: "alice")
        #expect(page.status == 502)
        #expect(page.body.contains("no top list in USD is cached"))
        let api = try await client.get("/api/v1/market", as: "alice")
        #expect(api.status == 502)
        #expect(api.body.hasPrefix(#"{"error":"no top list in USD is cached"#))
        try await server.stop()
    }

    @Test("/api/v1/market is `ledger market -O json` for the same request")
    func json() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        server.ledger("alice", ["watch", "add", "SOL"])
        let api = try await client.get("/api/v1/market?top=50&per-page=10&page=2&sort=change", as: "alice")
        #expect(api.status == 200)
        #expect(api.header("content-type") == "application/json; charset=utf-8")
        let cli = server.ledger(
            "alice", ["market", "50", "--per-page", "10", "--page", "2", "--sort", "change", "-O", "json"])
        #expect(cli.status == 0)
        #expect(withoutFetchTimes(api.body) == withoutFetchTimes(cli.output))
        #expect(api.body.contains(#""schema": "ledger.market/1""#))
        try await server.stop()
    }

    @Test("/market?class=stock lists Yahoo's stock screen, never the coins; the screen and page links keep the class")
    func stocks() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let page = try await client.get("/market?class=stock", as: "alice")
        #expect(page.status == 200, "\(page.body.prefix(500))")
        #expect(page.body.contains(#"<a href="/market/NVDA?class=stock">"#), "\(page.body)")
        #expect(!page.body.contains("Bitcoin"))
        #expect(page.body.contains(#"<option value="day_gainers">day gainers</option>"#))
        #expect(page.body.contains(#"<input type="hidden" name="class" value="stock">"#))
        #expect(page.body.contains("<strong>Stocks</strong>"))
        let gainers = try await client.get("/market?class=stock&screen=day_gainers", as: "alice")
        #expect(gainers.status == 200 && !gainers.body.contains("Bitcoin"))
        let etfs = try await client.get("/market?class=etf", as: "alice")
        #expect(etfs.status == 200 && !etfs.body.contains("Bitcoin"))
        let wrong = try await client.get("/market?class=stock&screen=top_etfs_us", as: "alice")
        #expect(wrong.status == 400, "\(wrong.status)")
        try await server.stop()
    }

    @Test("a stock's page: the stock sources' price (live), its screen row, the chart, Buy and Sell with the class")
    func stockPage() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        _ = try await client.get("/market?class=stock", as: "alice")
        let page = try await client.get("/market/NVDA?class=stock", as: "alice")
        #expect(page.status == 200, "\(page.body)")
        #expect(page.body.contains("<title>NVIDIA"), "\(page.body)")
        #expect(page.body.contains("(NVDA) · ledger</title>"))
        #expect(page.body.contains(#" data-live="NVDA USD stock" data-price="1096.33">1,096.33 USD</span>"#))
        #expect(page.body.contains(#"<span class="amount neg">-0.8%</span>"#), "\(page.body)")
        #expect(page.body.contains("/add?kind=buy&amp;asset=NVDA&amp;price=1096.33&amp;quote=USD&amp;class=stock"))
        #expect(page.body.contains(#"<a href="/market/NVDA?class=stock&amp;days=90">90 days</a>"#))
        #expect(!page.body.contains("is not among the top"))
        let refused = try await client.get("/market/NVDA?class=shares", as: "alice")
        #expect(refused.status == 400)
        #expect(refused.body.contains("--class &#39;shares&#39; is not an asset class"))
        try await server.stop()
    }

    @Test("the handle a page keeps on the shared cache shows the top list the fetcher records through its own")
    func keptCacheHandle() async throws {
        let server = try MarketTestServer()
        #expect(server.ledger("alice", ["add", "buy", "BTC", "0.1", "@", "30000", "--offline"]).status == 0)
        let client = try await server.start()
        #expect(try await client.get("/market", as: "alice").body.contains(">67,543.12</span>"))
        // An hour on the page's list is stale; the fetcher records a newer one (BTC moved).
        server.clock.advance(3600)
        let fixture = try String(
            contentsOfFile: MarketTestServer.fixtures + "/coingecko/coins/markets[per_page=100].json", encoding: .utf8)
        server.market.set(
            "/coingecko/coins/markets", [.init(body: fixture.replacingOccurrences(of: "67543.12", with: "70123.45"))])
        let run = await LedgerServer.fetchNow(server.state)
        #expect(run.failures.isEmpty, "\(run.failures)")
        let page = try await client.get("/market", as: "alice")
        #expect(page.body.contains(">70,123.45</span>"), "\(page.body)")
        #expect(!page.body.contains("67,543.12"))
        // The page read the fetcher's list from the cache: the page's first request and the fetcher's, no third.
        #expect(server.requests("/coingecko/coins/markets").count == 2)
        try await server.stop()
    }
}
