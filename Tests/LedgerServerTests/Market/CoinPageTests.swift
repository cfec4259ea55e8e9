import Foundation
import Testing

@testable import LedgerServer

/// `GET /market/SYMBOL`, `/api/v1/market/SYMBOL` and `/api/v1/chart/SYMBOL` against the
/// loopback market server: the figures of `market show`, the candlestick SVG and the price
/// history, the JSON of `market show -O json` and `chart -O json`, and the CLI's messages.
@Suite("market pages: one coin", .serialized)
struct CoinPageTests {
    @Test("the coin page: figures, the user's holding, a watch button, the candlestick chart and the history")
    func page() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        #expect(server.ledger("alice", ["add", "buy", "BTC", "0.5", "@", "30000"]).status == 0)
        let page = try await client.get("/market/BTC?days=10", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains("<title>Bitcoin (BTC) · ledger</title>"))
        #expect(page.body.contains("#1 by market cap"))
        #expect(
            page.body.contains(#"<span class="amount" data-live="BTC USD" data-price="67543.12">67,543.12 USD</span>"#))
        #expect(page.body.contains(#"<span class="amount neg">-1.2%</span>"#))
        #expect(page.body.contains("Market share"))
        #expect(page.body.contains("Your holding"))
        #expect(page.body.contains("0.5 BTC"))
        #expect(page.body.contains(#"<form method="post" action="/watchlist">"#))
        #expect(page.body.contains(#"name="_csrf" value="test-csrf""#))
        #expect(page.body.contains(#"class="chart candles""#))
        #expect(page.body.contains("BTC/USD, daily, last 10 days from cryptocompare"))
        #expect(page.body.contains("Price history"))
        #expect(page.body.contains("<td data-label=\"Day\">2024-05-31</td>"))
        // Whole without scripts: the only one is the site's own live-price enhancement.
        #expect(page.body.components(separatedBy: "<script").count == 2)
        #expect(page.body.contains(#"<script src="/live.js" defer></script>"#))
        try await server.stop()
    }

    @Test("the chart's intraday ranges: 10 min in 1-minute candles, 10 h in hourly ones; another range is refused")
    func ranges() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let minutes = try await client.get("/market/BTC?range=10m", as: "alice")
        #expect(minutes.status == 200)
        #expect(minutes.body.contains("BTC/USD, 1m candles, last 10m from "), "\(minutes.body)")
        #expect(minutes.body.contains(#"class="chart candles""#))
        #expect(minutes.body.contains("<th scope=\"col\">Time</th>"))
        #expect(minutes.body.contains("<td data-label=\"Time\">2024-06-01 11:5"))
        #expect(minutes.body.contains("<strong>10 min</strong>"))
        #expect(minutes.body.contains(#"<a href="/market/BTC?days=30">30 days</a>"#))
        let hours = try await client.get("/market/BTC?range=10h", as: "alice")
        #expect(hours.status == 200)
        #expect(hours.body.contains("BTC/USD, 1h candles, last 10h from "), "\(hours.body)")
        #expect(hours.body.contains("<td data-label=\"Time\">2024-06-01 0"))
        let refused = try await client.get("/market/BTC?range=3d", as: "alice")
        #expect(refused.status == 400)
        #expect(
            refused.body.contains("range 3d is not offered; choose 10m or 10h, or days=N (1 to 365) for daily candles"))
        try await server.stop()
    }

    @Test("bad symbols and days get the CLI's sentences")
    func badInput() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let days = try await client.get("/market/BTC?days=400", as: "alice")
        #expect(days.status == 400)
        #expect(days.body.contains("--days 400 must be from 1 to 365"))
        let symbol = try await client.get("/market/B-D", as: "alice")
        #expect(symbol.status == 400)
        #expect(symbol.body.contains("&#39;B-D&#39; is not a symbol; use letters and digits such as BTC or 1INCH"))
        let unknown = try await client.get("/api/v1/market/ZZZ", as: "alice")
        #expect(unknown.status == 404)
        #expect(
            unknown.body.contains(
                "'ZZZ' is not among the top 100 coins in USD (coingecko); 'ledger market search ZZZ' finds coins by name or symbol"
            ))
        try await server.stop()
    }

    @Test("/api/v1/market/SYMBOL and /api/v1/chart/SYMBOL are the CLI's JSON (the coin without the CLI's headlines)")
    func json() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let coin = try await client.get("/api/v1/market/BTC", as: "alice")
        #expect(coin.status == 200)
        let show = server.ledger("alice", ["market", "show", "BTC", "-O", "json"])
        #expect(show.status == 0)
        // The server fetches no news: its coin is the CLI's without the `headlines` list that ends it.
        #expect(show.output.contains(#""headlines": ["#))
        #expect(withoutFetchTimes(coin.body) == withoutFetchTimes(Self.withoutHeadlines(show.output)))
        let chart = try await client.get("/api/v1/chart/BTC?days=10", as: "alice")
        #expect(chart.status == 200)
        #expect(chart.body.contains(#""schema": "ledger.chart/1""#))
        #expect(chart.body.contains(#""interval": "1d""#))
        let cli = server.ledger("alice", ["chart", "BTC", "--range", "10d", "--interval", "1d", "-O", "json"])
        #expect(cli.status == 0)
        #expect(withoutFetchTimes(chart.body) == withoutFetchTimes(cli.output))
        try await server.stop()
    }

    /// `market show -O json` without its last member, `"headlines": […]`.
    static func withoutHeadlines(_ json: String) -> String {
        guard let start = json.range(of: ",\n  \"headlines\": [") else { return json }
        return String(json[..<start.lowerBound]) + "\n}\n"
    }
}

/// Every path the market gives the OpenAPI document is served: without a token each answers
/// 401 (the sign-in gate runs only for a route that exists; an unknown path is 404).
@Suite("the market's OpenAPI paths")
struct OpenAPIMarketPathsTests {
    @Test("each is a route behind the sign-in")
    func served() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        for operation in OpenAPIMarketPaths.operations {
            let path = operation.path.replacingOccurrences(of: "{symbol}", with: "BTC")
            let response = try await client.request(operation.method, path)
            #expect(response.status == 401, "\(operation.method) \(path)")
        }
        #expect(try await client.request("GET", "/api/v1/nothing").status == 404)
        try await server.stop()
    }
}
