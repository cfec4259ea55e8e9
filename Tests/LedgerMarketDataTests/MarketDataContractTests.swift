import LedgerCore
import LedgerMarketData
import LedgerTestSupport
import Testing

/// One contract, six sources: each vendor adapter fed recorded bodies by a server on
/// 127.0.0.1, and the offline twin. What a source offers it answers exactly (prices as exact
/// decimals, tagged with the source); what it does not offer throws `unsupported`; an unknown
/// symbol is a per-asset failure, never a thrown error; asking for nothing sends nothing.
enum SourceKind: String, CaseIterable, CustomTestStringConvertible {
    case coingecko, cryptocompare, frankfurter, yahoo, stooq, recorded

    var testDescription: String { rawValue }

    /// What the contract asks of this kind: the assets and quote it prices, and an unknown one.
    var known: [AssetSymbol] {
        switch self {
        case .coingecko, .cryptocompare, .recorded: [symbol("BTC"), symbol("ETH")]
        case .frankfurter: [symbol("AUD"), symbol("EUR")]
        case .yahoo: [symbol("NVDA")]
        case .stooq: [symbol("AAPL"), symbol("MSFT")]
        }
    }

    var unknown: AssetSymbol {
        self == .frankfurter || self == .stooq
            ? symbol("XYZ") : self == .yahoo ? symbol("ZZZZ") : symbol("NOSUCHCOIN")
    }

    var offers: Set<String> {
        switch self {
        case .coingecko: ["latest", "daily", "top", "search"]
        case .cryptocompare: ["latest", "daily", "candles", "top"]
        case .frankfurter: ["latest", "daily", "fx", "search"]
        case .yahoo: ["latest", "daily", "candles"]
        case .stooq: ["latest", "daily"]
        case .recorded: ["latest", "daily", "candles", "top", "search", "fx"]
        }
    }

    func make(_ harness: MarketHarness) -> any MarketDataSource {
        self == .recorded ? Self.recordedTwin : harness.source(rawValue)
    }

    static let recordedTwin = RecordedMarketDataSource(
        name: "recorded",
        prices: [
            PriceObservation(
                asset: symbol("BTC"), quote: symbol("USD"), observedAt: Events.time("2024-05-31"),
                price: decimal("67500.25"), source: "recorded"),
            PriceObservation(
                asset: symbol("BTC"), quote: symbol("USD"), observedAt: Events.time("2024-06-01T11:55:00Z"),
                price: decimal("67543.123456789012345"), source: "recorded"),
            PriceObservation(
                asset: symbol("ETH"), quote: symbol("USD"), observedAt: Events.time("2024-06-01T11:55:10Z"),
                price: decimal("3812.5"), source: "recorded"),
        ],
        candles: (0..<11).map { index in
            Candle(
                asset: symbol("BTC"), quote: symbol("USD"), interval: .hour,
                openedAt: Events.time("2024-06-01T01:00:00Z").adding(seconds: Int64(index) * 3600),
                open: 67000, high: 67100, low: 66900, close: 67050, volume: nil, source: "recorded")
        },
        topList: [
            TopListEntry(
                rank: 1, symbol: symbol("BTC"), name: "Bitcoin", quote: symbol("USD"), price: decimal("67543.12"),
                change24h: nil, change7d: nil,
                marketCap: nil, circulatingSupply: nil, totalSupply: nil, volume24h: nil, high24h: nil, low24h: nil)
        ],
        fxRates: [
            FXRates(
                base: symbol("USD"), date: LocalDate.parse("2024-05-31")!, requestedDate: nil,
                rates: [symbol("AUD"): decimal("1.5033"), symbol("EUR"): decimal("0.92183")], source: "recorded")
        ]
    )
}

@Suite("MarketDataSource contract")
struct MarketDataContractTests {
    let usd = symbol("USD")

    @Test(
        "latest prices: every known asset, exact, tagged with the source; unknown ones listed as failures",
        arguments: SourceKind.allCases)
    func latest(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let batch = try kind.make(harness).latestPrices(of: kind.known + [kind.unknown], in: usd)
        #expect(batch.covered == Set(kind.known))
        #expect(batch.observations.allSatisfy { $0.source == kind.rawValue && $0.price.isPositive })
        #expect(batch.failures.keys.sorted() == [kind.unknown])
        if case .unknownSymbol(let source, let text)? = batch.failures[kind.unknown] {
            #expect(source == kind.rawValue && text == kind.unknown.text)
        } else {
            Issue.record("expected unknownSymbol, got \(String(describing: batch.failures[kind.unknown]))")
        }
    }

    @Test(
        "many assets take one request where the API allows",
        arguments: [SourceKind.coingecko, .cryptocompare, .frankfurter, .stooq])
    func oneRequest(kind: SourceKind) throws {
        let harness = try MarketHarness()
        _ = try kind.make(harness).latestPrices(of: kind.known, in: usd)
        #expect(harness.requests(kind.rawValue).count == 1)
    }

    @Test("asking for nothing sends nothing", arguments: SourceKind.allCases)
    func nothing(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let batch = try kind.make(harness).latestPrices(of: [], in: usd)
        #expect(batch.observations.isEmpty && batch.failures.isEmpty)
        #expect(harness.server.requests.isEmpty)
    }

    @Test("daily history is one price per day within the range, oldest first", arguments: SourceKind.allCases)
    func daily(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let source = kind.make(harness)
        let asset = kind.known[0]
        let start = LocalDate.parse("2024-05-29")!
        let end = LocalDate.parse("2024-06-01")!
        guard kind.offers.contains("daily") else {
            #expect(throws: MarketDataError.unsupported(source: kind.rawValue, operation: "daily price history")) {
                try source.dailyPrices(of: asset, in: usd, from: start, through: end)
            }
            return
        }
        let prices = try source.dailyPrices(of: asset, in: usd, from: start, through: end)
        #expect(!prices.isEmpty)
        #expect(prices.map(\.observedAt) == prices.map(\.observedAt).sorted())
        #expect(Set(prices.map(\.observedAt.date)).count == prices.count)
        #expect(prices.allSatisfy { $0.observedAt.date >= start && $0.observedAt.date <= end && $0.price.isPositive })
    }

    @Test("candles are oldest first, at most the count asked, each high ≥ low", arguments: SourceKind.allCases)
    func candles(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let source = kind.make(harness)
        guard kind.offers.contains("candles") else {
            #expect(throws: MarketDataError.self) {
                try source.candles(of: kind.known[0], in: usd, interval: .hour, count: 10)
            }
            return
        }
        let candles = try source.candles(of: kind.known[0], in: usd, interval: .hour, count: 10)
        #expect(!candles.isEmpty && candles.count <= 10)
        #expect(candles.map(\.openedAt) == candles.map(\.openedAt).sorted())
        #expect(candles.allSatisfy { $0.high >= $0.low && $0.interval == .hour && $0.source == kind.rawValue })
    }

    @Test("top list: ranked, exact, in the quote asked", arguments: SourceKind.allCases)
    func top(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let source = kind.make(harness)
        guard kind.offers.contains("top") else {
            #expect(throws: MarketDataError.unsupported(source: kind.rawValue, operation: "a top list")) {
                try source.topList(count: 10, in: usd)
            }
            return
        }
        let list = try source.topList(count: 10, in: usd)
        #expect(list.entries.first?.symbol == symbol("BTC") && list.entries.first?.rank == 1)
        #expect(list.entries.first?.price == decimal("67543.12") || list.entries.first?.price == decimal("67540.5"))
        #expect(list.entries.map(\.rank) == list.entries.map(\.rank).sorted())
        #expect(list.source == kind.rawValue && list.quote == usd)
        // The volume is in the quote currency from every source (CryptoCompare's VOLUME24HOURTO,
        // not VOLUME24HOUR, which counts coins).
        let volumes: [SourceKind: ExactDecimal] = [
            .coingecko: decimal("21000000000.5"), .cryptocompare: decimal("2109652155.37"),
        ]
        if let volume = volumes[kind] { #expect(list.entries.first?.volume24h == volume) }
    }

    @Test("FX rates: the published date, and whether it is the day asked for", arguments: SourceKind.allCases)
    func fx(kind: SourceKind) throws {
        let harness = try MarketHarness()
        let source = kind.make(harness)
        guard kind.offers.contains("fx") else {
            #expect(throws: MarketDataError.unsupported(source: kind.rawValue, operation: "FX rates")) {
                try source.fxRates(base: usd, on: nil)
            }
            return
        }
        let rates = try source.fxRates(base: usd, on: nil)
        #expect(rates.base == usd && rates.date == LocalDate.parse("2024-05-31")!)
        #expect(rates.rates[symbol("EUR")] == decimal("0.92183"))
        #expect(!rates.isFromEarlierDay)
    }
}
