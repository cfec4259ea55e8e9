import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// One market-data contract (the cache and the headlines), three stores: a ledger file in
/// memory and on disk (the CLI's, and `DATA/market.ledger` of a server on files), and
/// PostgreSQL (a server on `--database`: one for every server on it), each test on a new
/// database since the market data belongs to a whole database.
enum MarketDataKind: String, CaseIterable, CustomTestStringConvertible {
    case sqliteMemory, sqliteFile, postgres

    static var allCases: [MarketDataKind] {
        PostgresTestBooks.withPostgres([.sqliteMemory, .sqliteFile], .postgres)
    }

    var testDescription: String { rawValue }

    func make() throws -> any MarketStores {
        switch self {
        case .sqliteMemory: return try Ledger(path: ":memory:", mode: .createIfMissing)
        case .sqliteFile: return try Ledger(path: makeTemporaryDirectory() + "/market.ledger", mode: .createIfMissing)
        case .postgres: return try PostgresTestBooks.market()
        }
    }
}

@Suite("MarketCacheStore contract")
struct MarketCacheContractTests {
    let usd = sym("USD"), gbp = sym("GBP"), eur = sym("EUR")

    func candle(_ day: String, close: String, volume: String?, source: String = "cryptocompare") -> Candle {
        Candle(
            asset: sym("BTC"), quote: usd, interval: .day, openedAt: Events.time(day), open: dec("60000.1"),
            high: dec("61000.000000000000000001"), low: dec("59000"), close: dec(close),
            volume: volume.map(dec), source: source)
    }

    @Test(
        "candles come back exactly, oldest first, a re-fetched one replacing its row",
        arguments: MarketDataKind.allCases)
    func candles(kind: MarketDataKind) throws {
        let cache = try kind.make().market
        let (early, late) = (Events.time("2024-06-01T10:00:00Z"), Events.time("2024-06-01T11:00:00Z"))
        try cache.recordCandles(
            [candle("2024-05-02", close: "60500", volume: nil), candle("2024-05-01", close: "60100", volume: "12.5")],
            fetchedAt: early)
        try cache.recordCandles(
            [
                candle("2024-05-02", close: "60600", volume: "3"),
                candle("2024-05-02", close: "60700", volume: nil, source: "coingecko"),
            ], fetchedAt: late)
        let hourly = Candle(
            asset: sym("BTC"), quote: usd, interval: .hour, openedAt: Events.time("2024-05-01"), open: dec("1"),
            high: dec("1"), low: dec("1"), close: dec("1"), volume: nil, source: "cryptocompare")
        try cache.recordCandles([hourly], fetchedAt: late)
        let read = try cache.candles(of: sym("BTC"), in: usd, interval: .day)
        #expect(read.map(\.value.close) == [dec("60100"), dec("60700"), dec("60600")])
        #expect(read.map(\.value.source) == ["cryptocompare", "coingecko", "cryptocompare"])
        #expect(read.map(\.fetchedAt) == [early, late, late])
        #expect(read[0].value == candle("2024-05-01", close: "60100", volume: "12.5"))
        #expect(read[1].value.volume == nil)
        #expect(try cache.candles(of: sym("BTC"), in: usd, interval: .hour).map(\.value) == [hourly])
        #expect(try cache.candles(of: sym("ETH"), in: usd, interval: .day).isEmpty)
    }

    func entry(_ symbol: String, rank: Int = 1, quote: AssetSymbol, month: String?, id: String? = nil) -> TopListEntry {
        TopListEntry(
            rank: rank, symbol: sym(symbol), name: symbol, quote: quote, price: dec("27.905"),
            change24h: dec("-1.234"), change7d: dec("2.5"), marketCap: nil, circulatingSupply: nil,
            totalSupply: nil, volume24h: nil, high24h: nil, low24h: nil, id: id, change1h: dec("0.1"),
            change30d: month.map(dec), change1y: nil)
    }

    @Test(
        "coins by market cap and each screen are separate lists, the newest one read, entries exact",
        arguments: MarketDataKind.allCases)
    func topLists(kind: MarketDataKind) throws {
        let cache = try kind.make().market
        let gainers = StockScreen("day_gainers", assetClass: .stock)!
        let old = TopList(quote: usd, source: "cryptocompare", entries: [entry("ETH", quote: usd, month: nil)])
        let coins = TopList(
            quote: usd, source: "coingecko",
            entries: [
                entry("BTC", quote: usd, month: "14.69", id: "bitcoin"), entry("SOL", rank: 2, quote: usd, month: nil),
            ])
        let stocks = TopList(
            quote: usd, source: "yahoo", entries: [entry("SHEL.L", quote: gbp, month: nil)], screen: gainers)
        try cache.recordTopList(old, fetchedAt: Events.time("2024-06-01T10:00:00Z"))
        try cache.recordTopList(coins, fetchedAt: Events.time("2024-06-01T11:00:00Z"))
        try cache.recordTopList(stocks, fetchedAt: Events.time("2024-06-01T12:00:00Z"))
        try cache.recordTopList(
            TopList(quote: eur, source: "coingecko", entries: [entry("BTC", quote: eur, month: nil)]),
            fetchedAt: Events.time("2024-06-01T09:00:00Z"))
        let cachedCoins = try #require(try cache.latestTopList(in: usd))
        #expect(cachedCoins.value == coins)
        #expect(cachedCoins.fetchedAt == Events.time("2024-06-01T11:00:00Z"))
        #expect(cachedCoins.value.entries[0].change(.month) == dec("14.69"))
        let cachedStocks = try #require(try cache.latestTopList(in: usd, screen: gainers))
        #expect(cachedStocks.value == stocks)
        #expect(cachedStocks.value.entries[0].quote == gbp && cachedStocks.value.entries[0].change30d == nil)
        #expect(try cache.latestTopList(in: usd, screen: StockScreen(nil, assetClass: .stock)!) == nil)
        #expect(try cache.latestTopList(in: gbp) == nil)
        #expect(try cache.cachedTopListQuotes() == [eur, usd])
    }

    @Test("an FX rate's newest publication on or before a day, either way round", arguments: MarketDataKind.allCases)
    func fxRateDates(kind: MarketDataKind) throws {
        let cache = try kind.make().market
        func rates(_ day: String, _ rate: String) -> FXRates {
            FXRates(
                base: eur, date: LocalDate.parse(day)!, requestedDate: nil, rates: [usd: dec(rate), gbp: dec("0.85")],
                source: "frankfurter")
        }
        try cache.recordFXRates(rates("2024-05-31", "1.08"), fetchedAt: Events.time("2024-06-01T10:00:00Z"))
        try cache.recordFXRates(rates("2024-06-03", "1.09"), fetchedAt: Events.time("2024-06-03T10:00:00Z"))
        let friday = try cache.fxRateDate(usd, eur, onOrBefore: LocalDate.parse("2024-06-02")!)
        #expect(friday == Fetched(LocalDate.parse("2024-05-31")!, fetchedAt: Events.time("2024-06-01T10:00:00Z")))
        let monday = try cache.fxRateDate(eur, gbp, onOrBefore: LocalDate.parse("2024-06-09")!)
        #expect(monday?.value == LocalDate.parse("2024-06-03")!)
        #expect(try cache.fxRateDate(eur, usd, onOrBefore: LocalDate.parse("2024-05-30")!) == nil)
        #expect(try cache.fxRateDate(usd, gbp, onOrBefore: LocalDate.parse("2024-06-09")!) == nil)
    }

    @Test("a symbol map is replaced whole, per source, read by id", arguments: MarketDataKind.allCases)
    func symbolIDs(kind: MarketDataKind) throws {
        let cache = try kind.make().market
        #expect(try cache.symbolIDs(source: "coingecko") == nil)
        try cache.replaceSymbolIDs(
            [SymbolIDRecord(symbol: "old", id: "old-coin", name: "Old")], source: "coingecko",
            fetchedAt: Events.time("2024-05-01"))
        try cache.replaceSymbolIDs(
            [SymbolIDRecord(symbol: "x", id: "x", name: "X")], source: "other", fetchedAt: Events.time("2024-05-01"))
        let fresh = [
            SymbolIDRecord(symbol: "wbtc", id: "wrapped-bitcoin", name: "Wrapped Bitcoin"),
            SymbolIDRecord(symbol: "btc", id: "bitcoin", name: "Bitcoin"),
        ]
        try cache.replaceSymbolIDs(fresh, source: "coingecko", fetchedAt: Events.time("2024-06-01"))
        let read = try #require(try cache.symbolIDs(source: "coingecko"))
        #expect(read.value == [fresh[1], fresh[0]])
        #expect(read.fetchedAt == Events.time("2024-06-01"))
        #expect(try cache.symbolIDs(source: "other")?.value.map(\.id) == ["x"])
    }
}
