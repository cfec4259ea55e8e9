import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// Each adapter's own ways of failing: errors behind HTTP 200, malformed JSON, an HTML page,
/// unknown and ambiguous symbols, empty lists, and FX on a weekend.
@Suite("Market-data adapters: failures")
struct AdapterFailureTests {
    typealias Response = LocalHTTPServer.Response
    let usd = symbol("USD")

    @Test("CryptoCompare's error behind HTTP 200 is an API error with its message")
    func errorBehind200() throws {
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/top/mktcapfull": [
                Response(
                    body:
                        #"{"Response":"Error","Message":"tsym is a required param.","HasWarning":false,"Type":2,"RateLimit":{},"Data":{},"ParamWithError":"tsym"}"#
                )
            ]
        ])
        #expect(throws: MarketDataError.apiError(source: "cryptocompare", message: "tsym is a required param.")) {
            try harness.source("cryptocompare").topList(count: 10, in: usd)
        }
    }

    @Test("CryptoCompare's rate limit behind HTTP 200 says so")
    func rateLimitBehind200() throws {
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/pricemultifull": [
                Response(
                    body:
                        #"{"Response":"Error","Message":"You are over your rate limit please upgrade your account!","Type":99,"RateLimit":{"calls_made":{}}}"#
                )
            ]
        ])
        let error = #expect(throws: MarketDataError.self) {
            try harness.source("cryptocompare").latestPrices(of: [symbol("BTC")], in: usd)
        }
        #expect(
            error?.description
                == "cryptocompare reported an error: rate limit reached: You are over your rate limit please upgrade your account!"
        )
    }

    @Test("an unknown pair on CryptoCompare is an unknown symbol")
    func unknownPair() throws {
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/v2/histohour": [
                Response(
                    body:
                        #"{"Response":"Error","Message":"cccagg_or_exchange market does not exist for this coin pair (FOO-USD)","Type":2,"Data":{}}"#
                )
            ]
        ])
        #expect(throws: MarketDataError.unknownSymbol(source: "cryptocompare", symbol: "FOO")) {
            try harness.source("cryptocompare").candles(of: symbol("FOO"), in: usd, interval: .hour, count: 10)
        }
    }

    @Test("malformed JSON is a bad response naming where it broke")
    func malformed() throws {
        let harness = try MarketHarness(routes: [
            "/coingecko/simple/price": [Response(body: #"{"bitcoin":{"usd":67543.1,}}"#)]
        ])
        let error = #expect(throws: MarketDataError.self) {
            try harness.source("coingecko").latestPrices(of: [symbol("BTC")], in: usd)
        }
        #expect(error?.description.hasPrefix("coingecko sent an unusable response: malformed JSON") == true)
    }

    @Test("an HTML page where JSON was expected is named as such", arguments: ["coingecko", "yahoo"])
    func html(source: String) throws {
        let path = source == "coingecko" ? "/coingecko/simple/price" : "/yahoo/v8/finance/chart/NVDA"
        let harness = try MarketHarness(routes: [
            path: [
                Response(
                    headers: ["Content-Type": "text/html"],
                    body: "<!DOCTYPE html><html><body>Just a moment...</body></html>")
            ]
        ])
        let asset = source == "coingecko" ? symbol("BTC") : symbol("NVDA")
        #expect(
            throws: MarketDataError.badResponse(
                source: source, detail: "an HTML page where JSON was expected (a captcha or an error page?)")
        ) {
            try harness.source(source).latestPrices(of: [asset], in: usd)
        }
    }

    @Test("an empty top list is an error, not an empty report")
    func emptyList() throws {
        let harness = try MarketHarness(routes: ["/coingecko/coins/markets": [Response(body: "[]")]])
        #expect(throws: MarketDataError.empty(source: "coingecko", what: "coins for the top list")) {
            try harness.source("coingecko").topList(count: 10, in: usd)
        }
    }

    @Test("an ambiguous symbol lists its candidates; an override settles it; the coin list is fetched once")
    func ambiguous() throws {
        let harness = try MarketHarness(routes: [
            "/coingecko/simple/price": [
                Response(
                    body:
                        #"{"pepe":{"usd":0.0000152,"last_updated_at":1717242900},"ondo-finance":{"usd":1.25,"last_updated_at":1717242900}}"#
                )
            ]
        ])
        let first = try harness.source("coingecko").latestPrices(of: [symbol("PEPE"), symbol("ONDO")], in: usd)
        #expect(
            first.failures[symbol("PEPE")]
                == .ambiguousSymbol(source: "coingecko", symbol: "PEPE", candidates: ["pepe", "pepe-2"]))
        #expect(first.failures[symbol("PEPE")]?.description.contains(#""ids": {"PEPE": "pepe"}"#) == true)
        #expect(first.covered == [symbol("ONDO")])
        harness.overrides = ["PEPE": "pepe"]
        let second = try harness.source("coingecko").latestPrices(of: [symbol("PEPE")], in: usd)
        #expect(second.observations.map(\.price) == [decimal("0.0000152")])
        #expect(harness.server.requests.filter { $0.path == "/coingecko/coins/list" }.count == 1)
    }

    @Test("a symbol unknown to CoinGecko's list is reported without a price request")
    func unknownCoin() throws {
        let harness = try MarketHarness()
        let batch = try harness.source("coingecko").latestPrices(of: [symbol("NOTACOIN")], in: usd)
        #expect(batch.failures == [symbol("NOTACOIN"): .unknownSymbol(source: "coingecko", symbol: "NOTACOIN")])
        #expect(harness.server.requests.map(\.path) == ["/coingecko/coins/list"])
    }

    @Test("Frankfurter on a Saturday answers with Friday's rates, and says so")
    func weekend() throws {
        let harness = try MarketHarness()
        let rates = try harness.source("frankfurter").fxRates(base: symbol("EUR"), on: LocalDate.parse("2024-06-01")!)
        #expect(rates.date == LocalDate.parse("2024-05-31")!)
        #expect(rates.isFromEarlierDay)
        #expect(rates.rates[symbol("AUD")] == decimal("1.6308"))
    }

    @Test("Frankfurter's 404 for an unknown currency is an unknown symbol")
    func unknownCurrency() throws {
        let harness = try MarketHarness(routes: [
            "/frankfurter/latest": [Response(status: 404, body: #"{"message":"not found"}"#)]
        ])
        #expect(throws: MarketDataError.unknownSymbol(source: "frankfurter", symbol: "XYZ")) {
            try harness.source("frankfurter").fxRates(base: symbol("XYZ"), on: nil)
        }
    }

    @Test(
        "CryptoCompare candles for 10 minutes, 10 hours and 10 days skip empty periods",
        arguments: CandleInterval.allCases)
    func candles(interval: CandleInterval) throws {
        let harness = try MarketHarness()
        let candles = try harness.source("cryptocompare").candles(
            of: symbol("BTC"), in: usd, interval: interval, count: 11)
        #expect(candles.count == (interval == .day ? 10 : 11))
        #expect(candles.last?.close == decimal("67110"))
        let query = try #require(harness.server.requests.first?.query)
        #expect(query.contains("limit=10") && query.contains("fsym=BTC") && query.contains("tsym=USD"))
    }
}
