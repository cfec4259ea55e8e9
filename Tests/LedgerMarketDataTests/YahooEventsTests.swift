import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerMarketData

/// What Yahoo's chart says beyond prices, against the loopback server: the instrument type
/// `add` classifies by, and splits and dividends (`events=div,splits`) in the real shapes.
@Suite("Yahoo: instrument types, splits and dividends")
struct YahooEventsTests {
    typealias Response = LocalHTTPServer.Response

    static let aapl = """
        {"chart":{"result":[{"meta":{"currency":"USD","symbol":"AAPL","instrumentType":"EQUITY",\
        "regularMarketPrice":192.25},"timestamp":[1717162200],"indicators":{"quote":[{"close":[192.25]}]},\
        "events":{"dividends":{"1715347800":{"amount":0.25,"date":1715347800},\
        "1596807000":{"amount":0.82,"date":1596807000}},"splits":{"1598880600":{"date":1598880600,\
        "numerator":4,"denominator":1,"splitRatio":"4:1"}}}}],"error":null}}
        """

    func yahoo(_ harness: MarketHarness) -> YahooChartSource {
        YahooChartSource(settings: harness.settings("yahoo"), http: harness.http)
    }

    @Test("the instrument type, and nil for Yahoo's 404 of an unknown symbol")
    func instrumentType() throws {
        let harness = try MarketHarness()
        #expect(try yahoo(harness).instrumentType(of: AssetSymbol("NVDA")!) == "EQUITY")
        #expect(try yahoo(harness).instrumentType(of: AssetSymbol("ZZZZ")!) == nil)
    }

    @Test("splits and dividends in the range, oldest first, exact; the request asks for them")
    func corporateActions() throws {
        let harness = try MarketHarness(routes: ["/yahoo/v8/finance/chart/AAPL": [Response(body: Self.aapl)]])
        let actions = try yahoo(harness).corporateActions(
            of: AssetSymbol("AAPL")!, from: LocalDate(year: 2020, month: 8, day: 1)!,
            through: LocalDate(year: 2024, month: 6, day: 1)!)
        let kinds = actions.map { "\($0.date) \($0.kind)" }
        #expect(
            kinds == [
                "2020-08-07 dividend(perShare: 0.82, currency: USD)", "2020-08-31 split(4:1)",
                "2024-05-10 dividend(perShare: 0.25, currency: USD)",
            ])
        #expect(harness.server.requests.first?.query.contains("events=div,splits") == true)
    }

    @Test("exchange suffixes go to Yahoo as they are; a one-letter share class gets Yahoo's dash")
    func symbols() {
        #expect(ExchangeSuffix.yahooSymbol(AssetSymbol("SAP.DE")!) == "SAP.DE")
        #expect(ExchangeSuffix.yahooSymbol(AssetSymbol("7203.T")!) == "7203.T")
        #expect(ExchangeSuffix.yahooSymbol(AssetSymbol("BRK.B")!) == "BRK-B")
        #expect(ExchangeSuffix.yahooSymbol(AssetSymbol("VOO")!) == "VOO")
    }
}
