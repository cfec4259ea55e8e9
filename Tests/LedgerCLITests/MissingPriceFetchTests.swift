import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerApp
@testable import LedgerCLI

/// `prices fetch --missing`: the planner (needs → the fewest history requests) and the runner
/// end to end against recorded-shape bodies on 127.0.0.1, with hand-made needs.
@Suite("prices fetch --missing")
struct MissingPriceFetchTests {
    let directory = makeTemporaryDirectory()
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../LedgerMarketDataTests/Fixtures/history").standardized.path

    static func sym(_ text: String) -> AssetSymbol { AssetSymbol(text)! }
    static func day(_ text: String) -> LocalDate { LocalDate.parse(text)! }
    static func need(_ asset: String, _ quote: String, _ day: String, _ sequence: Int64) -> MissingPrice {
        MissingPrice(asset: sym(asset), quote: sym(quote), day: Self.day(day), sequences: [sequence])
    }

    static func classOf(_ symbol: AssetSymbol) -> AssetClass { symbol.inferredClass }

    // MARK: planner

    @Test("one request per pair when its span fits, starting the day before the first need (crypto)")
    func onePerPair() {
        let needs = [
            Self.need("BTC", "USD", "2024-03-10", 5), Self.need("BTC", "USD", "2024-01-15", 2),
            Self.need("BTC", "USD", "2024-03-10", 6),
        ]
        let pairs = MissingPricePlan.pairs(needs, currency: Self.sym("USD"), classOf: Self.classOf)
        #expect(
            pairs == [
                PairNeed(
                    pair: AssetPair(Self.sym("BTC"), Self.sym("USD")), assetClass: .crypto,
                    days: [Self.day("2024-01-15"), Self.day("2024-03-10")])
            ])
        #expect(
            MissingPricePlan.requests(pairs[0], days: pairs[0].days, source: "cryptocompare", limit: 2001).map(
                \.description)
                == ["BTC/USD 2024-01-14..2024-03-10 from cryptocompare"])
    }

    @Test("a crypto quote is never 1:1: the asset and the quote are each fetched in the ledger currency")
    func cryptoQuote() {
        let needs = [
            Self.need("ETH", "USDT", "2024-03-10", 6), Self.need("SOL", "BTC", "2024-03-09", 7),
            Self.need("USD", "USDC", "2024-03-08", 8),
        ]
        let pairs = MissingPricePlan.pairs(needs, currency: Self.sym("USD"), classOf: Self.classOf)
        #expect(
            pairs.map { "\($0.pair.asset)/\($0.pair.quote) \($0.days.map(\.description).joined(separator: ","))" } == [
                "BTC/USD 2024-03-09", "ETH/USD 2024-03-10", "SOL/USD 2024-03-09", "USDC/USD 2024-03-08",
                "USDT/USD 2024-03-10",
            ])
    }

    @Test("currencies and stocks start a week early: weekends and holidays have no rate")
    func fiatLeadIn() {
        let pairs = MissingPricePlan.pairs(
            [Self.need("EUR", "USD", "2024-01-10", 2), Self.need("EUR", "USD", "2024-03-28", 3)],
            currency: Self.sym("USD"), classOf: Self.classOf)
        #expect(
            MissingPricePlan.requests(pairs[0], days: pairs[0].days, source: "frankfurter", limit: 366).map(
                \.description)
                == ["EUR/USD 2024-01-03..2024-03-28 from frankfurter"])
    }

    @Test(
        "a span longer than the source's limit is split where the needs leave a gap; without a limit it is one request")
    func split() {
        let days = ["2018-06-01", "2024-03-09", "2024-03-10"].map(Self.day)
        let need = PairNeed(pair: AssetPair(Self.sym("BTC"), Self.sym("USD")), assetClass: .crypto, days: days)
        #expect(
            MissingPricePlan.requests(need, days: days, source: "cryptocompare", limit: 2001).map(\.description)
                == [
                    "BTC/USD 2024-03-08..2024-03-10 from cryptocompare",
                    "BTC/USD 2018-05-31..2018-06-01 from cryptocompare",
                ])
        #expect(
            MissingPricePlan.requests(need, days: days, source: "coingecko", limit: nil).map(\.description)
                == ["BTC/USD 2018-05-31..2024-03-10 from coingecko"])
        // Needs every 100 days over ~5,000 days: the fewest requests of at most 2,001 days.
        let dense = (0..<50).map { Self.day("2010-07-20").adding(days: $0 * 100) }
        let requests = MissingPricePlan.requests(
            PairNeed(pair: need.pair, assetClass: .crypto, days: dense), days: dense, source: "cryptocompare",
            limit: 2001)
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.last.daysSinceEpoch - $0.first.daysSinceEpoch < 2001 })
        #expect(Set(dense).allSatisfy { day in requests.contains { $0.first < day && day <= $0.last } })
    }

    @Test("a day is covered by a price of the pair, either way round, from its lead-in through its first second")
    func coverage() {
        let need = PairNeed(
            pair: AssetPair(Self.sym("BTC"), Self.sym("USD")), assetClass: .crypto, days: [Self.day("2024-03-10")])
        func observed(_ time: String, _ asset: String = "BTC", _ quote: String = "USD") -> [PriceObservation] {
            [
                PriceObservation(
                    asset: Self.sym(asset), quote: Self.sym(quote), observedAt: Events.time(time), price: .one,
                    source: "test")
            ]
        }
        #expect(need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-09T23:59:59Z")))
        #expect(need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-10T00:00:00Z", "USD", "BTC")))
        #expect(need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-09T00:00:00Z")))
        #expect(!need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-08T23:59:59Z")))
        #expect(!need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-10T00:00:01Z")))
        #expect(!need.isCovered(Self.day("2024-03-10"), by: observed("2024-03-09T23:59:59Z", "BTC", "EUR")))
    }

    // MARK: runner

    /// BTC on two days six years apart (two histoday pages), ETH bought with USDT (ETH/USD and
    /// USDT/USD; CryptoCompare lacks USDT, CoinGecko has it), EUR (Frankfurter), and XYZ that no
    /// source lists.
    static let needs = [
        need("BTC", "USD", "2018-06-01", 1), need("EUR", "USD", "2024-01-10", 2), need("EUR", "USD", "2024-03-28", 3),
        need("BTC", "USD", "2024-03-09", 4), need("BTC", "USD", "2024-03-10", 5), need("ETH", "USDT", "2024-03-10", 6),
        need("XYZ", "USD", "2024-03-10", 7),
    ]

    func environment(_ server: LocalHTTPServer?) -> FixedEnvironment {
        var variables = [
            "LGR_FILE": directory + "/books.ledger", "HOME": directory,
            "LGR_FALLBACK_CRYPTO": "cryptocompare,coingecko", "LGR_ATTEMPTS": "1",
        ]
        for name in ["coingecko", "cryptocompare", "frankfurter", "yahoo"] {
            variables["LGR_\(name.uppercased())_URL"] = (server?.baseURL ?? "http://127.0.0.1:9") + "/" + name
        }
        return FixedEnvironment(variables: variables)
    }

    func run(_ fixed: FixedEnvironment, needs: [MissingPrice] = Self.needs) throws -> (
        MissingFetchOutcome, Ledger
    ) {
        let environment = fixed.environment
        let store = try Ledger(path: directory + "/books.ledger", mode: .mustExist)
        let fetch = MissingPriceFetch(
            setup: try MarketSetup(store: store, environment: environment), store: store, currency: Self.sym("USD"),
            forcedSource: nil, progress: Progress(environment: environment), now: environment.now)
        return (try fetch.run { needs }, store)
    }

    func ledger(_ server: LocalHTTPServer?) -> FixedEnvironment {
        let fixed = environment(server)
        #expect(fixed.run(["add", "deposit", "1000", "USD", "--date", "2018-05-01"]) == 0)
        return fixed
    }

    @Test("fetches exactly the missing days in the fewest requests and records exact, close-stamped prices")
    func endToEnd() throws {
        let server = try LocalHTTPServer(directory: Self.fixtures, lifetime: 60)
        defer { server.stop() }
        let (outcome, store) = try run(ledger(server))
        #expect(
            server.requests.map(\.target) == [
                "/cryptocompare/data/v2/histoday?fsym=BTC&tsym=USD&limit=2&toTs=1710028800",
                "/cryptocompare/data/v2/histoday?fsym=BTC&tsym=USD&limit=1&toTs=1527811200",
                "/cryptocompare/data/v2/histoday?fsym=ETH&tsym=USD&limit=1&toTs=1710028800",
                "/frankfurter/2024-01-03..2024-03-28?base=USD&symbols=EUR",
                "/cryptocompare/data/v2/histoday?fsym=USDT&tsym=USD&limit=1&toTs=1710028800",
                "/coingecko/coins/tether/market_chart/range?vs_currency=usd&from=1709942400&to=1710115200&precision=full",
                "/cryptocompare/data/v2/histoday?fsym=XYZ&tsym=USD&limit=1&toTs=1710028800",
                "/coingecko/coins/list",
            ])
        let prices = try store.prices.observations(asset: nil).map(\.observation)
        func price(_ asset: String, _ quote: String, _ time: String) -> String? {
            prices.first {
                $0.asset == Self.sym(asset) && $0.quote == Self.sym(quote) && $0.observedAt == Events.time(time)
            }.map { "\($0.price) \($0.source)" }
        }
        #expect(price("BTC", "USD", "2024-03-10T23:59:59Z") == "68480.515000000001 cryptocompare")
        #expect(price("BTC", "USD", "2018-05-31T23:59:59Z") == "7494.17 cryptocompare")
        #expect(price("USDT", "USD", "2024-03-09T23:59:59Z") == "1.000241 coingecko")
        #expect(price("USD", "EUR", "2024-01-09T15:00:00Z") == "0.91416 frankfurter")
        #expect(prices.count == 3 + 2 + 2 + 10 + 2)
        #expect(
            outcome.summary(now: Events.time("2024-06-01T12:00:00Z")) == """
                Fetched 19 daily prices for 4 pairs at 2024-06-01T12:00:00Z:
                  coingecko      USDT/USD  (2 requests)
                  cryptocompare  BTC/USD ETH/USD  (5 requests)
                  frankfurter    EUR/USD  (1 request)
                Still missing: 1 price, for 1 event:
                  XYZ/USD 2024-03-10: cryptocompare does not know 'XYZ'; coingecko does not know 'XYZ'
                Run 'ledger prices fetch --missing' again later, or record a price by hand: 'ledger prices set XYZ PRICE --currency USD --date 2024-03-10'.

                """)
        // Valued at 17:00 on 2024-03-10, ETH bought with USDT uses the closes of 03-09.
        let table = try store.prices.priceTable()
        #expect(
            table.price(of: Self.sym("ETH"), in: Self.sym("USDT"), at: Events.time("2024-03-10T17:00:00Z"))?.value
                == ExactDecimal("3911.3")! * (.one / ExactDecimal("1.000241")!))
    }

    @Test("resumable: what was fetched stays, and the next run asks only for what is still missing")
    func resume() throws {
        let fixed = ledger(nil)
        let (first, _) = try run(fixed)
        #expect(first.fetched == 0 && first.stillMissing().count == Self.needs.count)
        #expect(
            first.summary(now: Events.time("2024-06-01T12:00:00Z")).contains(
                "BTC/USD 2018-06-01..2024-03-10 (3 days): cryptocompare could not be reached"))
        #expect(throws: PricesError.nothingFetched(stillMissing: "7 prices, for 7 events")) { try first.check() }

        let server = try LocalHTTPServer(directory: Self.fixtures, lifetime: 60)
        defer { server.stop() }
        let online = environment(server)
        let (second, _) = try run(online, needs: Array(Self.needs.prefix(3)))
        #expect(second.stillMissing().isEmpty && server.requests.count == 2)
        server.set("/cryptocompare/data/v2/histoday", [LocalHTTPServer.Response(status: 500, body: "{}")])
        let (third, _) = try run(online)
        // BTC of 2018 and EUR are cached, so not asked again; a source found down (CryptoCompare
        // answers 500, CoinGecko has no BTC body: 404) is not asked again in the same run.
        #expect(
            server.requests.dropFirst(2).map(\.path) == [
                "/cryptocompare/data/v2/histoday", "/coingecko/coins/bitcoin/market_chart/range",
            ])
        #expect(third.fetched == 0)
        #expect(third.stillMissing().map(\.need.sequences) == [[4], [5], [6], [7]])
        #expect(throws: PricesError.nothingFetched(stillMissing: "4 prices, for 4 events")) { try third.check() }
    }

    /// #36: the list said "for 6 events" and the error "9 still missing"; a holding valued
    /// today (no event) made "Still missing, for 0 events:" over three lines.
    @Test("the list and the error count the same prices, and name holdings valued today")
    func stillMissingCount() {
        let holding = MissingPrice(
            asset: Self.sym("DOGE"), quote: Self.sym("USD"), day: LocalDate.parse("2024-06-01")!, sequences: [])
        #expect(MissingFetchOutcome.count([holding]) == "1 price, for 1 holding today")
        #expect(MissingFetchOutcome.count(Self.needs + [holding]) == "8 prices, for 7 events and 1 holding today")
    }

    @Test(
        "a source that asks to wait longer than max_retry_wait is left for the rest of the run; the next source serves")
    func rateLimited() throws {
        let chart =
            #"{"prices":[[1710028800000,68955.5],[1710115200000,68480.25]],"market_caps":[],"total_volumes":[]}"#
        let server = try LocalHTTPServer(
            routes: [
                "/cryptocompare/data/v2/histoday": [
                    LocalHTTPServer.Response(status: 429, headers: ["Retry-After": "120"], body: "{}")
                ],
                "/coingecko/coins/bitcoin/market_chart/range": [LocalHTTPServer.Response(body: chart)],
                "/coingecko/coins/ethereum/market_chart/range": [LocalHTTPServer.Response(body: chart)],
            ], lifetime: 60)
        defer { server.stop() }
        let (outcome, store) = try run(
            ledger(server), needs: [Self.need("BTC", "USD", "2024-03-10", 5), Self.need("ETH", "USD", "2024-03-10", 6)])
        #expect(
            server.requests.map(\.path) == [
                "/cryptocompare/data/v2/histoday", "/coingecko/coins/bitcoin/market_chart/range",
                "/coingecko/coins/ethereum/market_chart/range",
            ])
        #expect(outcome.stillMissing().isEmpty && outcome.pricedBy.values.allSatisfy { $0 == ["coingecko"] })
        #expect(
            try store.prices.priceTable().price(
                of: Self.sym("BTC"), in: Self.sym("USD"), at: Events.time("2024-03-10T00:00:00Z"))?.value
                == ExactDecimal("68955.5")!)
    }

    @Test("the CLI: --missing conflicts with assets and --history; a ledger with nothing missing says so")
    func command() throws {
        let fixed = ledger(nil)
        #expect(fixed.run(["prices", "fetch", "--missing", "BTC"]) == 64)
        #expect(fixed.run(["prices", "fetch", "--missing", "--history", "--since", "2024-01-01"]) == 64)
        #expect(fixed.stderr.text.contains("--missing works out the assets itself"))
        fixed.stdout.clear()
        #expect(fixed.run(["prices", "fetch", "--missing"]) == 0)
        #expect(fixed.stdout.text == "Nothing is missing: every valuation the ledger needs has a price.\n")
    }
}
