import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// CoinGecko `/global` (the whole market's capitalisation) and the 100-coin top list the
/// market views page through, against recorded bodies on 127.0.0.1.
@Suite struct CoinGeckoGlobalTests {
    @Test func totalMarketCapIsExactAndInTheQuoteAsked() throws {
        let harness = try MarketHarness()
        let source = harness.source("coingecko") as! CoinGeckoSource
        #expect(try source.totalMarketCap(in: symbol("USD")) == decimal("2602000000000"))
        #expect(try source.totalMarketCap(in: symbol("EUR")) == decimal("2398500000000.5"))
        #expect(harness.requests("coingecko").map(\.path) == ["/coingecko/global", "/coingecko/global"])
    }

    @Test func aQuoteTheBodyLacksIsAnUnknownSymbol() throws {
        let harness = try MarketHarness()
        let source = harness.source("coingecko") as! CoinGeckoSource
        #expect(throws: MarketDataError.unknownSymbol(source: "coingecko", symbol: "XAU")) {
            try source.totalMarketCap(in: symbol("XAU"))
        }
    }

    @Test func anErrorBodyIsAnAPIError() throws {
        let body = #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit."}}"#
        let harness = try MarketHarness(routes: ["/coingecko/global": [.init(status: 200, body: body)]])
        let source = harness.source("coingecko") as! CoinGeckoSource
        #expect(throws: MarketDataError.apiError(source: "coingecko", message: "You've exceeded the Rate Limit.")) {
            try source.totalMarketCap(in: symbol("USD"))
        }
    }

    @Test func aBodyWithoutTotalsIsABadResponse() throws {
        let harness = try MarketHarness(routes: ["/coingecko/global": [.init(status: 200, body: #"{"data":{}}"#)]])
        let source = harness.source("coingecko") as! CoinGeckoSource
        #expect(
            throws: MarketDataError.badResponse(source: "coingecko", detail: "/global has no data.total_market_cap")
        ) {
            try source.totalMarketCap(in: symbol("USD"))
        }
    }

    @Test func theHundredCoinListIsRankedAndComplete() throws {
        let harness = try MarketHarness()
        let list = try harness.source("coingecko").topList(count: 100, in: symbol("USD"))
        #expect(list.entries.count == 100)
        #expect(list.entries.map(\.rank) == Array(1...100))
        #expect(list.entries.first { $0.symbol == symbol("NOT") }?.change7d == nil)
        #expect(list.entries.first { $0.symbol == symbol("XMR") }?.totalSupply == nil)
    }
}
