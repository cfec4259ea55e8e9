import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// The market views at 80 and 120 columns, plain and coloured, against golden files
/// (`Snapshots/market-*.txt`), plus the compact number format they rely on.
@Suite struct MarketViewTests {
    static let usd = AssetSymbol("USD")!

    static func entry(
        _ rank: Int, _ symbol: String, _ name: String, _ price: String, _ change24h: String?, _ change7d: String?,
        cap: String?, supply: String?, volume: String? = nil
    ) -> TopListEntry {
        let number = { (text: String?) in text.flatMap { ExactDecimal($0) } }
        return TopListEntry(
            rank: rank, symbol: AssetSymbol(symbol)!, name: name, quote: usd, price: ExactDecimal(price),
            change24h: number(change24h),
            change7d: number(change7d), marketCap: number(cap), circulatingSupply: number(supply),
            totalSupply: number(supply), volume24h: number(volume), high24h: number("68010"), low24h: number("66900.1"))
    }

    static let list = TopList(
        quote: usd, source: "coingecko",
        entries: [
            entry(
                1, "BTC", "Bitcoin", "67543.12", "-1.234", "2.5", cap: "1331000000000", supply: "19706000",
                volume: "21000000000.5"),
            entry(
                2, "ETH", "Ethereum", "3812.5", "0.33", "-0.7", cap: "458000000000", supply: "120150000",
                volume: "12000000000"),
            entry(
                3, "USDT", "Tether", "1.0002", "0.01", "0", cap: "112000000000", supply: "111977604479",
                volume: "45000000000"),
            entry(24, "PEPE", "Pepe", "0.00001235", "11.92", nil, cap: "5196000000", supply: "420690000000000"),
            entry(
                51, "RUNE", "THORChain with a name far too long for its column", "5.91", nil, nil, cap: nil, supply: nil
            ),
        ])

    static func render(width: Int, theme: Theme, query: TopListQuery = TopListQuery(page: 1, perPage: 4)) -> String {
        let page = query.apply(
            list.entries, favorites: [AssetSymbol("BTC")!, AssetSymbol("PEPE")!, AssetSymbol("ZZZ")!])!
        return MarketListView(
            list: list, page: page, query: query, favorites: [AssetSymbol("BTC")!, AssetSymbol("PEPE")!],
            freshness: "2024-06-01T12:00:03Z (5 s ago)",
            width: width, theme: theme
        ).render()
    }

    static func expectGolden(_ output: String, _ name: String) {
        let path = Golden.directory(for: #filePath) + "/" + name
        if let failure = Golden.check(output, path: path) { Issue.record(Comment(rawValue: failure)) }
    }

    @Test(arguments: [(60, false), (80, false), (80, true), (120, false), (120, true)])
    func topList(width: Int, colour: Bool) {
        let output = Self.render(width: width, theme: colour ? .ansi : .plain)
        #expect(output.split(separator: "\n").allSatisfy { String($0).displayWidth <= width })
        #expect(output.contains("\u{1B}") == colour)
        Self.expectGolden(output, "market-top-\(width)-\(colour ? "color" : "plain").txt")
    }

    @Test func plainChangesCarryTheirSignAndColourOnlyWithColour() {
        let plain = Self.render(width: 80, theme: .plain)
        #expect(plain.contains("-1.2%") && plain.contains("+2.5%") && plain.contains("+11.9%"))
        let coloured = Self.render(width: 80, theme: .ansi)
        #expect(coloured.contains("\u{1B}[31m-1.2%\u{1B}[0m") && coloured.contains("\u{1B}[32m+0.3%\u{1B}[0m"))
        #expect(coloured.contains("★") && !plain.contains("★"))
    }

    @Test func pageFooterAndUnlistedFavourites() {
        let output = Self.render(width: 80, theme: .plain, query: TopListQuery(page: 2, perPage: 4))
        #expect(output.contains("page 2/2 · 4 per page · 5 coins"))
        #expect(output.contains("Watched but not in this list: ZZZ"))
        #expect(!output.contains("Bitcoin"))
    }

    @Test(arguments: [80, 120])
    func coinDetail(width: Int) {
        let start = Timestamp(secondsSinceEpoch: 1_716_422_400)
        let candles = (0..<10).map { day in
            let open = ExactDecimal(67_000 + 40 * day)
            let close = ExactDecimal(67_000 + 40 * day + (day % 3 == 0 ? -90 : 60))
            return Candle(
                asset: AssetSymbol("BTC")!, quote: Self.usd, interval: .day,
                openedAt: start.adding(seconds: Int64(day) * 86_400),
                open: open, high: max(open, close) + ExactDecimal(50), low: min(open, close) - ExactDecimal(50),
                close: close,
                volume: nil, source: "cryptocompare")
        }
        let holding = CoinHolding(
            quantity: ExactDecimal("0.5999")!, costBasis: ExactDecimal("14928.3")!, price: ExactDecimal("67543.12"),
            currency: Self.usd)
        let entry = Self.list.entries[0]
        let view = CoinDetailView(
            entry: entry, source: "coingecko", freshness: "2024-06-01T12:00:03Z (5 s ago)", favorite: true,
            share: MarketShare(
                marketCap: entry.marketCap, total: ExactDecimal("2602000000000"),
                basis: .wholeMarket(source: "coingecko")),
            holding: holding, candles: candles, width: width, theme: .plain)
        let output = view.render()
        #expect(output.split(separator: "\n").allSatisfy { String($0).displayWidth <= width })
        #expect(output.contains("51.15% of the whole market (2.60T, coingecko)"))
        #expect(output.contains("— / —"))
        Self.expectGolden(output, "market-show-\(width)-plain.txt")
    }

    @Test func coinDetailWithoutCandlesOrHoldingSaysSo() {
        let entry = Self.list.entries[4]
        let output = CoinDetailView(
            entry: entry, source: "coingecko", freshness: "now", favorite: false, share: nil, holding: nil,
            candles: [], width: 80, theme: .ansi
        ).render()
        #expect(output.contains("No daily candles of RUNE are cached"))
        #expect(output.contains("Market cap       —") && output.contains("Market share     —"))
        #expect(!output.contains("Your holding"))
    }

    @Test(arguments: [
        ("1331000000000", "1.33T"), ("458000000000", "458B"), ("19706000", "19.7M"), ("999960", "1.00M"),
        ("999", "999"),
        ("12.345", "12.3"), ("0.5", "0.50"), ("21000000000.5", "21.0B"), ("-1500", "-1.50K"),
        ("420690000000000", "421T"),
        ("0", "0.00"),
    ])
    func compactFigures(value: String, expected: String) {
        #expect(NumberFormat.compact(ExactDecimal(value)!) == expected)
    }

    /// A small change keeps its sign and never reads as zero (#20: +0.01 % printed `0.0%`).
    @Test(arguments: [
        ("0.01", "+<0.1%"), ("-0.04", "-<0.1%"), ("0.05", "+0.1%"), ("-0.05", "-0.1%"), ("0", "0.0%"), ("2.5", "+2.5%"),
        ("-1.23", "-1.2%"),
    ])
    func changeFigures(value: String, expected: String) {
        #expect(NumberFormat.change(ExactDecimal(value)!, theme: .plain) == expected)
    }

    /// #20: Wrapped SOL (symbol SOL) showed Solana's price and change, joined by symbol.
    @Test func searchRowsTakeFiguresOfTheSameCoinOnly() {
        let solana = TopListEntry(
            rank: 5, symbol: AssetSymbol("SOL")!, name: "Solana", quote: Self.usd, price: ExactDecimal("165.42"),
            change24h: ExactDecimal("10.243"), change7d: nil, marketCap: nil, circulatingSupply: nil, totalSupply: nil,
            volume24h: nil, high24h: nil, low24h: nil, id: "solana")
        let results = [
            AssetSearchResult(id: "solana", symbol: "SOL", name: "Solana", rank: 5),
            AssetSearchResult(id: "wrapped-solana", symbol: "SOL", name: "Wrapped SOL", rank: 1402),
        ]
        let lines = SearchResultsView(
            query: "sol", results: results, origin: "coingecko", known: [solana], favorites: [], width: 80,
            theme: .plain
        ).render().split(separator: "\n")
        #expect(lines.contains { $0.contains("Solana") && $0.contains("165.42") && $0.contains("+10.2%") })
        #expect(lines.contains { $0.contains("Wrapped SOL") && !$0.contains("165.42") && !$0.contains("%") })
        // Without ids (CryptoCompare's list), symbol and name together decide.
        let unnamed = TopListEntry(
            rank: 5, symbol: AssetSymbol("SOL")!, name: "Solana", quote: Self.usd, price: nil, change24h: nil,
            change7d: nil, marketCap: nil, circulatingSupply: nil, totalSupply: nil, volume24h: nil, high24h: nil,
            low24h: nil)
        #expect(unnamed.isSameCoin(as: results[0]) && !unnamed.isSameCoin(as: results[1]))
    }

    @Test func searchAndWatchViews() {
        let results = [
            AssetSearchResult(id: "bitcoin", symbol: "BTC", name: "Bitcoin", rank: 1),
            AssetSearchResult(id: "wrapped-bitcoin", symbol: "WBTC", name: "Wrapped Bitcoin", rank: nil),
        ]
        let known = [Self.list.entries[0]]
        let search = SearchResultsView(
            query: "bit", results: results, origin: "coingecko", known: known, favorites: [AssetSymbol("WBTC")!],
            width: 80, theme: .plain
        ).render()
        #expect(search.contains("2 matches for 'bit' (coingecko)"))
        #expect(search.split(separator: "\n").contains { $0.hasPrefix("*") && $0.contains("WBTC") })
        let none = SearchResultsView(
            query: "zz", results: [], origin: "the cache", known: [], favorites: [], width: 80, theme: .plain
        ).render()
        #expect(none.hasPrefix("No coin's name or symbol contains 'zz'"))
        let watch = WatchListView(
            coins: [
                WatchedCoin(symbol: AssetSymbol("BTC")!, entry: Self.list.entries[0], price: nil),
                WatchedCoin(symbol: AssetSymbol("XYZ")!, entry: nil, price: nil),
            ], note: "note", width: 80, theme: .plain
        ).render()
        #expect(watch.contains("67,543.12 USD") && watch.contains("XYZ") && watch.hasSuffix("note\n"))
    }
}
