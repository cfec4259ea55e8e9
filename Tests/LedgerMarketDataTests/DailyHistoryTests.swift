import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// Daily history in the real shapes: Frankfurter's time series, CryptoCompare's histoday paged
/// backwards with `toTs`, CoinGecko's market_chart/range. Every daily price is the day's close,
/// stamped at 23:59:59 UTC; ECB rates when they are published (16:00 Frankfurt time).
@Suite("daily history")
struct DailyHistoryTests {
    let usd = symbol("USD"), eur = symbol("EUR"), btc = symbol("BTC")

    func day(_ text: String) -> LocalDate { LocalDate.parse(text)! }

    func histoday(_ rows: [(String, String)]) -> LocalHTTPServer.Response {
        let data = rows.map { time, close in
            #"{"time":\#(Events.time(time).secondsSinceEpoch),"high":\#(close),"low":\#(close),"open":\#(close),"volumefrom":1,"volumeto":1,"close":\#(close),"conversionType":"direct","conversionSymbol":""}"#
        }
        return LocalHTTPServer.Response(
            body:
                #"{"Response":"Success","Message":"","HasWarning":false,"Type":100,"RateLimit":{},"Data":{"Aggregated":false,"TimeFrom":0,"TimeTo":0,"Data":[\#(data.joined(separator: ","))]}}"#
        )
    }

    @Test("Frankfurter: one time-series request, exact rates stamped at publication, weekends absent")
    func frankfurterRange() throws {
        let harness = try MarketHarness()
        let prices = try harness.source("frankfurter").dailyPrices(
            of: eur, in: usd, from: day("2024-01-01"), through: day("2024-03-31"))
        #expect(
            harness.requests("frankfurter").map(\.target) == [
                "/frankfurter/2024-01-01..2024-03-31?base=USD&symbols=EUR"
            ])
        #expect(
            prices
                == [
                    ("2024-01-02T15:00:00Z", "0.91058"), ("2024-01-03T15:00:00Z", "0.91542"),
                    ("2024-01-05T15:00:00Z", "0.91583"),
                    ("2024-03-27T15:00:00Z", "0.92379"), ("2024-03-28T15:00:00Z", "0.92696"),
                ].map {
                    PriceObservation(
                        asset: usd, quote: eur, observedAt: Events.time($0.0), price: decimal($0.1),
                        source: "frankfurter")
                })
        // Saturday 2024-01-06 at noon: the rate published on Friday holds.
        #expect(
            PriceTable(prices).price(of: eur, in: usd, at: Events.time("2024-01-06T12:00:00Z"))?.value == .one
                / decimal("0.91583"))
    }

    @Test("Frankfurter: a range longer than a year is asked a year at a time")
    func frankfurterYears() throws {
        let body = LocalHTTPServer.Response(
            body:
                #"{"amount":1.0,"base":"USD","start_date":"2023-01-02","end_date":"2023-01-02","rates":{"2023-01-02":{"EUR":0.93545}}}"#
        )
        let harness = try MarketHarness(routes: [
            "/frankfurter/2023-01-01..2024-01-01": [body], "/frankfurter/2024-01-02..2024-03-31": [body],
        ])
        let prices = try harness.source("frankfurter").dailyPrices(
            of: eur, in: usd, from: day("2023-01-01"), through: day("2024-03-31"))
        #expect(
            harness.requests("frankfurter").map(\.path) == [
                "/frankfurter/2023-01-01..2024-01-01", "/frankfurter/2024-01-02..2024-03-31",
            ])
        // The second answer's date lies outside its range: dropped, not misfiled.
        #expect(prices.map(\.observedAt) == [Events.time("2023-01-02T15:00:00Z")])
    }

    @Test("ECB rates are stamped at 16:00 Frankfurt time: 15:00 UTC in winter, 14:00 UTC in summer")
    func publication() {
        #expect(FXRates.publishedAt(day("2024-03-29")) == Events.time("2024-03-29T15:00:00Z"))
        #expect(FXRates.publishedAt(day("2024-04-02")) == Events.time("2024-04-02T14:00:00Z"))
        #expect(FXRates.publishedAt(day("2024-10-25")) == Events.time("2024-10-25T14:00:00Z"))
        #expect(FXRates.publishedAt(day("2024-10-28")) == Events.time("2024-10-28T15:00:00Z"))
    }

    @Test("CryptoCompare: 2,501 days take two histoday pages, the second ending where the first began")
    func cryptoComparePaging() throws {
        let end = day("2024-03-10")
        let start = end.adding(days: -2500)
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/v2/histoday": [
                histoday([("2018-09-18", "6500.5"), ("2024-03-09", "68955.88"), ("2024-03-10", "68480.515000000001")]),
                histoday([(start.description, "0"), ("2017-07-02", "2501.25"), ("2018-09-17", "6499.75")]),
            ]
        ])
        let prices = try harness.source("cryptocompare").dailyPrices(of: btc, in: usd, from: start, through: end)
        #expect(
            harness.requests("cryptocompare").map(\.query) == [
                "fsym=BTC&tsym=USD&limit=2000&toTs=1710028800",
                "fsym=BTC&tsym=USD&limit=499&toTs=\(end.adding(days: -2001).startOfDay.secondsSinceEpoch)",
            ])
        #expect(end.adding(days: -2000) == day("2018-09-18") && start == day("2017-05-06"))
        #expect(
            prices.map(\.observedAt)
                == ["2017-07-02", "2018-09-17", "2018-09-18", "2024-03-09", "2024-03-10"].map { day($0).endOfDay })
        #expect(prices.last?.price == decimal("68480.515000000001"))
        // A valuation at 17:00 on 2024-03-10 uses the close of 03-09, not that day's own close.
        #expect(
            PriceTable(prices).price(of: btc, in: usd, at: Events.time("2024-03-10T17:00:00Z"))?.value
                == decimal("68955.88"))
    }

    @Test("CryptoCompare: a page starting with an empty candle (before the listing) ends the paging")
    func cryptoCompareListing() throws {
        let harness = try MarketHarness(routes: [
            "/cryptocompare/data/v2/histoday": [
                histoday([("2018-09-17", "0"), ("2024-03-10", "5.5")])
            ]
        ])
        let prices = try harness.source("cryptocompare").dailyPrices(
            of: btc, in: usd, from: day("2010-01-01"), through: day("2024-03-10"))
        #expect(harness.requests("cryptocompare").count == 1)
        #expect(prices.map(\.price) == [decimal("5.5")])
    }

    @Test("a day not over yet has no close: its last price is stamped at the time of the fetch")
    func openDay() throws {
        let harness = try MarketHarness()
        let prices = try harness.source("cryptocompare").dailyPrices(
            of: btc, in: usd, from: day("2024-05-31"), through: day("2024-06-01"))
        #expect(prices.map(\.observedAt) == [day("2024-05-31").endOfDay, Timestamp(secondsSinceEpoch: 1_717_243_200)])
        #expect(prices.map(\.price) == [decimal("67100"), decimal("67110")])
    }

    @Test(
        "CoinGecko: market_chart/range from the first day's midnight through the next midnight after the last; a midnight point closes the day before"
    )
    func coinGeckoRange() throws {
        let harness = try MarketHarness()
        let prices = try harness.source("coingecko").dailyPrices(
            of: btc, in: usd, from: day("2024-05-29"), through: day("2024-06-01"))
        #expect(
            harness.requests("coingecko").map(\.query) == [
                "vs_currency=usd&from=1716940800&to=1717286400&precision=full"
            ])
        #expect(
            prices
                == [("2024-05-29", "68350.1"), ("2024-05-30", "67500.25"), ("2024-05-31", "67450")].map {
                    PriceObservation(
                        asset: btc, quote: usd, observedAt: day($0.0).endOfDay, price: decimal($0.1),
                        source: "coingecko")
                })
    }

    @Test("Yahoo: daily bars are closes stamped at the end of their day")
    func yahooCloses() throws {
        let harness = try MarketHarness()
        let prices = try harness.source("yahoo").dailyPrices(
            of: symbol("NVDA"), in: usd, from: day("2024-05-29"), through: day("2024-06-01"))
        #expect(
            prices.map(\.observedAt) == [
                day("2024-05-29").endOfDay, day("2024-05-30").endOfDay, day("2024-05-31").endOfDay,
            ])
        #expect(prices.map(\.price) == [decimal("1148.25"), decimal("1105.0"), decimal("1096.33")])
    }
}
