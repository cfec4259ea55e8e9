import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// The headline cache (a ledger file's migration 0016-news, PostgreSQL's 0009-market-data; the
/// stores of ``MarketDataKind``): one row per source and id, the assets each is about merged
/// across fetches, and the filters `news --offline` uses.
@Suite("NewsStore contract")
struct NewsStoreTests {
    func headline(
        _ id: String, at seconds: Int64, about symbols: [String], source: String = "cryptocompare",
        title: String = "A headline", language: String? = "EN"
    ) -> Headline {
        Headline(
            source: source, id: id, publishedAt: Timestamp(secondsSinceEpoch: seconds), title: title,
            url: "https://news.example/\(id)", publisher: "Example", symbols: symbols.compactMap(AssetSymbol.init),
            language: language)
    }

    let btc = AssetSymbol("BTC")!
    let eth = AssetSymbol("ETH")!

    @Test("a headline seen twice is stored once, with the assets of both fetches", arguments: MarketDataKind.allCases)
    func dedupe(kind: MarketDataKind) throws {
        let news = try kind.make().news
        try news.record([headline("1", at: 100, about: ["BTC"])], fetchedAt: Timestamp(secondsSinceEpoch: 200))
        try news.record(
            [headline("1", at: 100, about: ["ETH"], title: "A headline, edited")],
            fetchedAt: Timestamp(secondsSinceEpoch: 300))
        #expect(try news.count() == 1)
        let aboutETH = try news.headlines(about: [eth], language: "EN", since: nil, limit: 10)
        let aboutBTC = try news.headlines(about: [btc], language: "EN", since: nil, limit: 10)
        #expect(aboutETH.map(\.value.symbols) == [[btc, eth]])
        #expect(aboutBTC.map(\.value.title) == ["A headline, edited"])
        #expect(aboutBTC.map(\.fetchedAt.secondsSinceEpoch) == [300])
    }

    @Test(
        "the same id from two sources is two headlines; one given twice in a batch is one",
        arguments: MarketDataKind.allCases)
    func perSource(kind: MarketDataKind) throws {
        let news = try kind.make().news
        try news.record(
            [headline("1", at: 100, about: ["AAPL"], source: "yahoo"), headline("1", at: 100, about: ["BTC"])],
            fetchedAt: Timestamp(secondsSinceEpoch: 200))
        #expect(try news.count() == 2)
        try news.record(
            [headline("2", at: 150, about: ["ETH"]), headline("2", at: 150, about: ["SOL"], title: "Second")],
            fetchedAt: Timestamp(secondsSinceEpoch: 300))
        let both = try news.headlines(about: [sym("SOL")], language: nil, since: nil, limit: 10)
        #expect(both.map(\.value.title) == ["Second"])
        #expect(both.map(\.value.symbols) == [[sym("ETH"), sym("SOL")]])
        #expect(try news.count() == 3)
    }

    @Test("newest first, filtered by asset, language, time and limit", arguments: MarketDataKind.allCases)
    func filters(kind: MarketDataKind) throws {
        let news = try kind.make().news
        try news.record(
            [
                headline("old", at: 100, about: ["BTC"]), headline("new", at: 300, about: ["BTC", "ETH"]),
                headline("pt", at: 250, about: ["BTC"], language: "PT"), headline("sol", at: 400, about: ["SOL"]),
                headline("untagged", at: 350, about: [], language: nil),
            ], fetchedAt: Timestamp(secondsSinceEpoch: 500))
        func ids(_ symbols: [AssetSymbol], _ language: String?, since: Int64? = nil, limit: Int = 10) throws -> [String]
        {
            try news.headlines(
                about: symbols, language: language, since: since.map(Timestamp.init(secondsSinceEpoch:)), limit: limit
            ).map(\.value.id)
        }
        #expect(try ids([btc], "EN") == ["new", "old"])
        #expect(try ids([btc], nil) == ["new", "pt", "old"])
        #expect(try ids([btc], "EN", since: 200) == ["new"])
        #expect(try ids([], "EN") == ["sol", "untagged", "new", "old"])
        #expect(try ids([], "EN", limit: 2) == ["sol", "untagged"])
        #expect(try ids([AssetSymbol("DOGE")!], "EN").isEmpty)
    }
}
