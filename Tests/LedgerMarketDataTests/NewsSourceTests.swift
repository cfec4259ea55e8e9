import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// The news adapters against the loopback server, with bodies in the real shapes:
/// CryptoCompare's `/data/v2/news/` and Yahoo's `/v1/finance/search` news list.
@Suite("Market-data adapters: news")
struct NewsSourceTests {
    typealias Response = LocalHTTPServer.Response

    func news(_ harness: MarketHarness, _ name: String) throws -> any NewsSource {
        try #require(harness.source(name) as? any NewsSource)
    }

    @Test("CryptoCompare: the headlines about a coin, with publisher, time, link and the coins they are about")
    func cryptoCompare() throws {
        let harness = try MarketHarness()
        let headlines = try news(harness, "cryptocompare").headlines(NewsQuery(symbols: [symbol("BTC")]))
        #expect(headlines.count == 4)
        #expect(
            headlines.first
                == Headline(
                    source: "cryptocompare", id: "38012211", publishedAt: Timestamp(secondsSinceEpoch: 1_717_242_000),
                    title: "Bitcoin ETF inflows reach a monthly record as the price holds above $67,000",
                    url: "https://www.coindesk.example/markets/2024/06/01/bitcoin-etf-inflows-record/",
                    publisher: "CoinDesk", symbols: [symbol("BTC")], language: "EN"))
        let query = try #require(harness.requests("cryptocompare").first).query
        #expect(query.contains("categories=BTC") && query.contains("lang=EN"))
    }

    @Test("CryptoCompare: several coins in one request; each headline keeps the asked coins it is about")
    func severalCoins() throws {
        let harness = try MarketHarness()
        let headlines = try news(harness, "cryptocompare").headlines(
            NewsQuery(symbols: [symbol("BTC"), symbol("ETH")]))
        #expect(harness.requests("cryptocompare").count == 1)
        #expect(headlines.map(\.symbols.count) == [1, 1, 1, 2, 2])
        #expect(headlines.map(\.id).count == 5)
    }

    @Test("CryptoCompare: the general feed tags headlines with their ticker categories only")
    func general() throws {
        let harness = try MarketHarness()
        let headlines = try news(harness, "cryptocompare").headlines(NewsQuery(symbols: [], limit: 3))
        #expect(headlines.count == 3)
        #expect(headlines.map(\.symbols) == [[symbol("BTC")], [symbol("ETH")], [symbol("BTC")]])
    }

    @Test("CryptoCompare: an error behind HTTP 200 is an API error with its message")
    func errorBody() throws {
        let harness = try MarketHarness()
        #expect(throws: MarketDataError.apiError(source: "cryptocompare", message: "lang is not a supported language."))
        {
            try news(harness, "cryptocompare").headlines(NewsQuery(symbols: [], language: "XX"))
        }
    }

    @Test("CryptoCompare: pages back with lTs until --since is reached")
    func paging() throws {
        func page(_ items: [(Int, Int64)]) -> Response {
            let rows = items.map { id, time in
                #"{"id":"\#(id)","published_on":\#(time),"title":"T\#(id)","url":"https://x.example/\#(id)","categories":"BTC","lang":"EN","source_info":{"name":"X"},"source":"x"}"#
            }
            return Response(
                body:
                    #"{"Type":100,"Message":"News list successfully returned","Data":[\#(rows.joined(separator: ","))]}"#
            )
        }
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/v2/news/": [page([(3, 3_000), (2, 2_000)]), page([(1, 1_000), (0, 500)])]
        ])
        let query = NewsQuery(symbols: [symbol("BTC")], limit: 10, since: Timestamp(secondsSinceEpoch: 900))
        let headlines = try news(harness, "cryptocompare").headlines(query)
        #expect(headlines.map(\.id) == ["3", "2", "1"])
        let requests = harness.requests("cryptocompare")
        #expect(requests.count == 2)
        #expect(requests.last?.query.contains("lTs=1999") == true)
    }

    @Test("a source that cannot be reached is a network error")
    func dropped() throws {
        let harness = try MarketHarness()
        harness.policy = RetryPolicy(attempts: 1, initialBackoff: 0, maxRetryWait: 0, timeout: 2)
        harness.server.stop()
        let error = #expect(throws: MarketDataError.self) {
            try news(harness, "cryptocompare").headlines(NewsQuery(symbols: [symbol("BTC")]))
        }
        guard case .network(let source, _)? = error else {
            Issue.record("expected a network error, got \(String(describing: error))")
            return
        }
        #expect(source == "cryptocompare")
    }

    @Test("Yahoo: the news of a stock from the search endpoint")
    func yahoo() throws {
        let harness = try MarketHarness()
        let headlines = try news(harness, "yahoo").headlines(NewsQuery(symbols: [symbol("AAPL")], limit: 5))
        #expect(headlines.map(\.publisher) == ["Reuters", "Motley Fool"])
        #expect(headlines.first?.id == "9f3c2a1e-5b7d-3c4e-9a8b-1d2e3f4a5b6c")
        #expect(headlines.first?.symbols == [symbol("AAPL")])
        #expect(headlines.first?.publishedAt == Timestamp(secondsSinceEpoch: 1_717_225_200))
        let query = try #require(harness.requests("yahoo").first).query
        #expect(query.contains("q=AAPL") && query.contains("quotesCount=0") && query.contains("newsCount=5"))
    }

    @Test("Yahoo: an error body is an API error")
    func yahooError() throws {
        let harness = try MarketHarness(routes: [
            "/yahoo/v1/finance/search": [
                Response(
                    status: 200,
                    body:
                        #"{"finance":{"result":null,"error":{"code":"Bad Request","description":"Invalid Search Query"}}}"#
                )
            ]
        ])
        #expect(throws: MarketDataError.apiError(source: "yahoo", message: "Invalid Search Query")) {
            try news(harness, "yahoo").headlines(NewsQuery(symbols: [symbol("AAPL")]))
        }
    }
}
