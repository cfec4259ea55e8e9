import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerMarketData

/// Stooq in its real shapes, served on 127.0.0.1: many symbols in one quote request (CSV with
/// CRLF line ends, an `N/D` row for an unknown symbol), daily history, the `No data` body, and
/// the HTML page it sends when it throttles. Prices are exact decimals from the CSV text, in
/// the exchange's currency (London's pence in pounds), stamped from Warsaw time.
@Suite("stooq")
struct StooqSourceTests {
    let usd = symbol("USD")
    typealias Response = LocalHTTPServer.Response

    func observation(_ asset: String, _ quote: String, _ time: String, _ price: String) -> PriceObservation {
        PriceObservation(
            asset: symbol(asset), quote: symbol(quote), observedAt: Events.time(time), price: decimal(price),
            source: "stooq")
    }

    @Test("many symbols in one request; an N/D row is an unknown symbol, not a zero")
    func batch() throws {
        let harness = try MarketHarness()
        let batch = try harness.source("stooq").latestPrices(
            of: [symbol("AAPL"), symbol("MSFT"), symbol("XYZ")], in: usd)
        #expect(
            harness.requests("stooq").map(\.target) == ["/stooq/q/l/?s=aapl.us+msft.us+xyz.us&f=sd2t2ohlcv&h&e=csv"])
        #expect(
            batch.observations == [
                observation("AAPL", "USD", "2024-05-31T20:00:09Z", "192.25"),
                observation("MSFT", "USD", "2024-05-31T20:00:06Z", "415.13"),
            ])
        #expect(batch.failures == [symbol("XYZ"): .unknownSymbol(source: "stooq", symbol: "XYZ")])
        #expect(batch.failures[symbol("XYZ")]?.description == "stooq does not know 'XYZ'")
    }

    @Test("exchange suffixes: Xetra in EUR, London's pence in pounds, Tokyo in yen; winter time is CET")
    func exchanges() throws {
        let harness = try MarketHarness()
        let batch = try harness.source("stooq").latestPrices(
            of: [symbol("SAP.DE"), symbol("VOD.L"), symbol("7203.T"), symbol("SHOP.TO")], in: usd)
        #expect(harness.requests("stooq").map(\.query) == ["s=sap.de+vod.uk+7203.jp&f=sd2t2ohlcv&h&e=csv"])
        #expect(
            batch.observations == [
                observation("SAP.DE", "EUR", "2024-05-31T15:35:12Z", "168.42"),
                observation("VOD.L", "GBP", "2024-05-31T15:35:18Z", "0.7422"),
                observation("7203.T", "JPY", "2024-05-31T06:00:00Z", "3417"),
            ])
        // Toronto is not on Stooq: known without asking.
        #expect(batch.failures == [symbol("SHOP.TO"): .unknownSymbol(source: "stooq", symbol: "SHOP.TO")])
        let winter = StooqCSV.timestamp(LocalDate.parse("2024-01-12")!, secondsOfDay: 22 * 3600 + 9)
        #expect(winter == Events.time("2024-01-12T21:00:09Z"))
        // The last Sunday of March 2024 is the 31st: summer time from 01:00 UTC.
        #expect(
            StooqCSV.timestamp(LocalDate.parse("2024-03-31")!, secondsOfDay: 3600)
                == Events.time("2024-03-31T00:00:00Z"))
        #expect(
            StooqCSV.timestamp(LocalDate.parse("2024-03-31")!, secondsOfDay: 4 * 3600)
                == Events.time("2024-03-31T02:00:00Z"))
    }

    @Test("daily history: closes at the end of each UTC day, pence divided; 'No data' is an unknown symbol")
    func history() throws {
        let harness = try MarketHarness()
        let start = LocalDate.parse("2024-05-29")!
        let end = LocalDate.parse("2024-05-31")!
        let closes = try harness.source("stooq").dailyPrices(of: symbol("AAPL"), in: usd, from: start, through: end)
        #expect(harness.requests("stooq").map(\.query) == ["s=aapl.us&i=d&d1=20240529&d2=20240531"])
        #expect(
            closes == [
                observation("AAPL", "USD", "2024-05-29T23:59:59Z", "190.29"),
                observation("AAPL", "USD", "2024-05-30T23:59:59Z", "191.29"),
                observation("AAPL", "USD", "2024-05-31T23:59:59Z", "192.25"),
            ])
        let pounds = try harness.source("stooq").dailyPrices(of: symbol("VOD.L"), in: usd, from: start, through: end)
        #expect(pounds.map(\.price) == [decimal("0.735"), decimal("0.7422")])
        #expect(pounds.allSatisfy { $0.quote == symbol("GBP") })
        #expect(throws: MarketDataError.unknownSymbol(source: "stooq", symbol: "ZZZZ")) {
            try harness.source("stooq").dailyPrices(of: symbol("ZZZZ"), in: usd, from: start, through: end)
        }
    }

    @Test("the throttle page (HTML with HTTP 200) fails the whole source, saying what it is")
    func throttled() throws {
        let page = Response(
            headers: ["Content-Type": "text/html"],
            body: "<!DOCTYPE html>\n<html><head><title>stooq</title></head><body>Checking your browser…</body></html>")
        let harness = try MarketHarness(routes: ["/stooq/q/l/": [page], "/stooq/q/d/l/": [page]])
        let expected = MarketDataError.badResponse(source: "stooq", detail: StooqCSV.htmlPage)
        let error = #expect(throws: expected) {
            try harness.source("stooq").latestPrices(of: [symbol("AAPL"), symbol("MSFT")], in: usd)
        }
        #expect(error?.isSourceFailure == true)
        #expect(error?.description.contains("HTML page instead of CSV") == true)
        #expect(throws: expected) {
            try harness.source("stooq").candles(of: symbol("AAPL"), in: usd, interval: .day, count: 5)
        }
    }
}
