import LedgerApp
import LedgerCore
import LedgerMarketData
import LedgerStore
import LedgerTestSupport
import Synchronization
import Testing

/// ``LivePrices``, the server's table of live prices, on a clock the test moves: what every
/// open `/live/prices` stream reads, and the fetch through the sources it fills itself with
/// (an in-memory market cache and an HTTP client that answers CoinGecko's `/simple/price`).
@Suite("LivePrices: one table of latest prices per server, fetched once per interval")
struct LivePricesTests {
    private let clock = TestClock()
    private var now: @Sendable () -> UInt64 { { [clock] in clock.milliseconds } }

    func observation(_ asset: String, _ price: String, in quote: String = "USD") -> PriceObservation {
        PriceObservation(
            asset: sym(asset), quote: sym(quote), observedAt: Events.time("2024-06-01T12:00:00Z"), price: dec(price),
            source: "test")
    }

    @Test("streams within the interval share one fetch; a stale asset is fetched alone; the order is the stream's")
    func keptWithinInterval() throws {
        let table = LivePrices(clockMilliseconds: now)
        var asked: [[String]] = []
        func latest(_ assets: [String], _ prices: [String: String]) throws -> [String] {
            try table.latest(assets.map(sym), in: sym("USD"), maxAgeMilliseconds: 5000) { missing in
                asked.append(missing.map(\.text))
                return missing.compactMap { asset in prices[asset.text].map { observation(asset.text, $0) } }
            }.map { "\($0.asset.text) \($0.price.formatted())" }
        }
        #expect(try latest(["BTC", "ETH"], ["BTC": "67000.5", "ETH": "3400"]) == ["BTC 67000.5", "ETH 3400"])
        clock.advance(4999)
        #expect(try latest(["ETH", "BTC"], ["BTC": "1", "ETH": "1"]) == ["ETH 3400", "BTC 67000.5"])
        #expect(asked == [["BTC", "ETH"]], "a second stream within the interval costs no fetch")
        #expect(try latest(["BTC", "SOL"], ["SOL": "150"]) == ["BTC 67000.5", "SOL 150"])
        #expect(asked.last == ["SOL"], "only what is not kept is fetched")
        clock.advance(1)
        #expect(
            try latest(["BTC", "ETH", "SOL"], ["BTC": "68000.25", "ETH": "3500"]) == [
                "BTC 68000.25", "ETH 3500", "SOL 150",
            ])
        #expect(asked.last == ["BTC", "ETH"], "stale after the interval; SOL was fetched later")
    }

    @Test("an asset no source priced is left out; a price in another currency is not kept for this one")
    func unpricedAndOtherCurrency() throws {
        let table = LivePrices(clockMilliseconds: now)
        let quotes = try table.latest([sym("BTC"), sym("NOPE")], in: sym("EUR"), maxAgeMilliseconds: 5000) { _ in
            [observation("BTC", "60000", in: "USD")]
        }
        #expect(quotes.isEmpty)
        let euro = try table.latest([sym("BTC")], in: sym("EUR"), maxAgeMilliseconds: 5000) { _ in
            [observation("BTC", "61000", in: "EUR")]
        }
        #expect(euro.map(\.price) == [dec("61000")] && euro.map(\.currency) == [sym("EUR")])
    }

    @Test("a failed fetch throws to the stream and keeps nothing; the next reading asks again")
    func failedFetch() throws {
        struct Down: Error {}
        let table = LivePrices(clockMilliseconds: now)
        #expect(throws: Down.self) {
            _ = try table.latest([sym("BTC")], in: sym("USD"), maxAgeMilliseconds: 5000) { _ in throw Down() }
        }
        let again = try table.latest([sym("BTC")], in: sym("USD"), maxAgeMilliseconds: 5000) { _ in
            [observation("BTC", "67000.5")]
        }
        #expect(again.map(\.price) == [dec("67000.5")])
    }

    @Test("the fetch asks the sources in their order (CoinGecko's /simple/price for a coin) over the market cache")
    func fetchThroughSources() throws {
        let client = SimplePriceClient(body: #"{"bitcoin":{"usd":67000.5,"last_updated_at":1717243000}}"#)
        let fixed = FixedEnvironment(variables: ["LGR_COINGECKO_URL": "http://127.0.0.1:9/coingecko"])
        let context = MarketContext(
            app: fixed.environment.app, httpClient: client, pacing: VirtualPacing().pacing, interactive: true,
            showsProgress: false, readFile: { _ in nil })
        let cache = try LedgerOpener.scratch()
        let found = try LivePrices.fetch([sym("BTC")], of: nil, in: sym("USD"), cache: cache, context: context)
        #expect(found.map(\.price) == [dec("67000.5")])
        #expect(found.map(\.observedAt) == [Timestamp(secondsSinceEpoch: 1_717_243_000)])
        let urls = client.urls
        #expect(
            urls.count == 1 && urls[0].hasPrefix("http://127.0.0.1:9/coingecko/simple/price?ids=bitcoin"), "\(urls)")
        #expect(try cache.prices.observations(asset: nil).isEmpty, "no price is recorded in the cache")
    }
}

/// Milliseconds that move only when the test says.
private final class TestClock: Sendable {
    private let value = Mutex<UInt64>(1_000_000)
    var milliseconds: UInt64 { value.withLock { $0 } }
    func advance(_ milliseconds: UInt64) { value.withLock { $0 += milliseconds } }
}

/// Answers every request with one body and keeps the URLs asked.
private final class SimplePriceClient: HTTPClient {
    let body: String
    private let asked = Mutex<[String]>([])

    init(body: String) { self.body = body }

    var urls: [String] { asked.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse {
        asked.withLock { $0.append(request.url) }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }
}
