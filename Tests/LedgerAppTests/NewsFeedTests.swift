import LedgerApp
import LedgerCore
import LedgerMarketData
import LedgerStore
import LedgerTestSupport
import Testing

/// ``NewsFeed``, what `ledger news` and the server's news page read, against an in-memory
/// ledger's headline cache: offline, and with the sources unreachable.
@Suite("NewsFeed: the cache offline, and when the sources fail")
struct NewsFeedTests {
    let fixed = FixedEnvironment(start: "2024-06-01T12:00:00Z")

    func headline(_ id: String, _ symbol: String, on day: String) -> Headline {
        Headline(
            source: "cryptocompare", id: id, publishedAt: Events.time(day), title: "\(symbol) news \(id)",
            url: "https://example.com/\(id)", publisher: "Example", symbols: [sym(symbol)], language: "EN")
    }

    /// A ledger whose cache holds two BTC headlines and one ETH headline, fetched on 1 May.
    func cached() throws -> Ledger {
        let store = try LedgerOpener.scratch()
        try store.news.record(
            [
                headline("1", "BTC", on: "2024-04-30"), headline("2", "ETH", on: "2024-04-30"),
                headline("3", "BTC", on: "2024-05-01"),
            ], fetchedAt: Events.time("2024-05-01"))
        return store
    }

    /// Sources that cannot be reached: every request is refused at once.
    var unreachable: MarketContext {
        MarketContext(
            app: fixed.environment.app, httpClient: RefusedConnection(), pacing: VirtualPacing().pacing,
            interactive: true, showsProgress: false, readFile: { _ in nil })
    }

    @Test("offline with nothing cached is an error naming the asset, never an empty list")
    func nothingCached() throws {
        let feed = try NewsFeed(store: LedgerOpener.scratch(), context: unreachable, offline: true)
        #expect(throws: NewsError.nothingCached(about: [sym("BTC")])) {
            _ = try feed.headlines(NewsRequest(symbols: [sym("BTC")]))
        }
    }

    @Test("offline, the asset's cached headlines, newest first, cut to the limit; no source is asked")
    func offlineFromCache() throws {
        let feed = try NewsFeed(store: cached(), context: unreachable, offline: true)
        #expect(try feed.headlines(NewsRequest(symbols: [sym("BTC")])).map(\.id) == ["3", "1"])
        #expect(try feed.headlines(NewsRequest(symbols: [sym("BTC")], limit: 1)).map(\.id) == ["3"])
        #expect(fixed.stderr.text.isEmpty)
    }

    @Test("the sources unreachable: the cached headlines, with one warning saying so and how old they are")
    func fallsBack() throws {
        let feed = try NewsFeed(store: cached(), context: unreachable, offline: false)
        #expect(try feed.headlines(NewsRequest(symbols: [sym("ETH")])).map(\.id) == ["2"])
        #expect(feed.offline, "what follows is read from the cache")
        let warnings = fixed.stderr.text.split(separator: "\n")
        #expect(warnings.count == 1 && warnings[0].contains("could not fetch headlines"), "\(warnings)")
        #expect(warnings.first?.contains("using 1 cached headline fetched") == true, "\(warnings)")
    }
}

/// Refuses every request, as a host that nothing listens on.
private struct RefusedConnection: HTTPClient {
    func send(_ request: HTTPRequest) throws(TransportError) -> HTTPResponse { throw .refused }
}
