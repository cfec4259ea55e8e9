import LedgerApp
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// ``MarketSearch`` offline, against an in-memory ledger's market cache: what
/// `ledger market search --offline` answers.
@Suite("MarketSearch: the cache when offline")
struct MarketSearchTests {
    let fixed = FixedEnvironment()

    @Test("offline, the cached coin list is searched, exact symbol first, and the watchlist comes along")
    func cachedCoinList() throws {
        let store = try LedgerOpener.scratch()
        try store.market.replaceSymbolIDs(
            [
                SymbolIDRecord(symbol: "wbtc", id: "wrapped-bitcoin", name: "Wrapped Bitcoin"),
                SymbolIDRecord(symbol: "btc", id: "bitcoin", name: "Bitcoin"),
                SymbolIDRecord(symbol: "eth", id: "ethereum", name: "Ethereum"),
            ], source: "coingecko", fetchedAt: Events.time("2024-05-01"))
        try Watchlist.write([sym("ETH")], to: store.settings)
        let feed = try MarketFeed(store: store, books: store, context: fixed.environment.market, offline: true)
        let found = try MarketSearch.run("btc", in: feed, knownIn: sym("USD"))
        #expect(found.origin == "the cache")
        #expect(found.results.map(\.symbol) == ["BTC", "WBTC"])
        #expect(found.watched == [sym("ETH")])
        #expect(found.known.isEmpty, "no top list is cached")
    }

    @Test("offline with nothing cached is an error, never 'no coin matches'")
    func emptyCache() throws {
        let feed = try MarketFeed(store: LedgerOpener.scratch(), context: fixed.environment.market, offline: true)
        #expect(throws: (any Error).self) { _ = try MarketSearch.run("btc", in: feed, knownIn: nil) }
    }
}
