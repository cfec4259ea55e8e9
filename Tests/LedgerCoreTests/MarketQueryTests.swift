import LedgerCore
import Testing

/// Sorting, paging and favourites of a top list, search ranking, and the share and holding
/// figures of `ledger market show`.
@Suite struct MarketQueryTests {
    static let usd = AssetSymbol("USD")!

    static func entry(_ rank: Int, _ symbol: String, _ name: String, price: String?, change: String?, volume: String?)
        -> TopListEntry
    {
        TopListEntry(
            rank: rank, symbol: AssetSymbol(symbol)!, name: name, quote: usd, price: price.flatMap { ExactDecimal($0) },
            change24h: change.flatMap { ExactDecimal($0) }, change7d: nil, marketCap: ExactDecimal(1000 - rank),
            circulatingSupply: nil, totalSupply: nil, volume24h: volume.flatMap { ExactDecimal($0) }, high24h: nil,
            low24h: nil)
    }

    static let entries = [
        entry(1, "BTC", "Bitcoin", price: "67000", change: "-1.2", volume: "21"),
        entry(2, "ETH", "Ethereum", price: "3800", change: "0.3", volume: "12"),
        entry(3, "USDT", "Tether", price: "1", change: nil, volume: "45"),
        entry(4, "BNB", "BNB", price: nil, change: "5", volume: nil),
        entry(5, "SOL", "Solana", price: "165", change: "0.3", volume: "3"),
    ]

    static func symbols(_ query: TopListQuery, favorites: Set<AssetSymbol> = []) -> [String] {
        query.apply(entries, favorites: favorites)!.entries.map(\.symbol.text)
    }

    @Test(arguments: [
        (TopListSort.rank, false, ["BTC", "ETH", "USDT", "BNB", "SOL"]),
        (.rank, true, ["SOL", "BNB", "USDT", "ETH", "BTC"]),
        (.change, false, ["BNB", "ETH", "SOL", "BTC", "USDT"]),
        (.change, true, ["BTC", "ETH", "SOL", "BNB", "USDT"]),
        (.price, false, ["BTC", "ETH", "SOL", "USDT", "BNB"]),
        (.name, false, ["BTC", "BNB", "ETH", "SOL", "USDT"]),
        (.volume, false, ["USDT", "BTC", "ETH", "SOL", "BNB"]),
        (.volume, true, ["SOL", "ETH", "BTC", "USDT", "BNB"]),
    ])
    func sorts(sort: TopListSort, reverse: Bool, expected: [String]) {
        #expect(Self.symbols(TopListQuery(sort: sort, reverse: reverse)) == expected)
    }

    @Test func pagesCountFromOneAndThePastLastIsNil() throws {
        let query = TopListQuery(page: 2, perPage: 2)
        let page = try #require(query.apply(Self.entries, favorites: []))
        #expect(
            page.entries.map(\.symbol.text) == ["USDT", "BNB"] && page.page == 2 && page.pages == 3
                && page.matching == 5)
        #expect(
            TopListQuery(page: 3, perPage: 2).apply(Self.entries, favorites: [])?.entries.map(\.symbol.text) == ["SOL"])
        #expect(TopListQuery(page: 4, perPage: 2).apply(Self.entries, favorites: []) == nil)
        let all = try #require(TopListQuery().apply(Self.entries, favorites: []))
        #expect(all.entries.count == 5 && all.pages == 1)
    }

    @Test func favouritesOnlyKeepsWatchedCoinsAndNamesTheUnlisted() throws {
        let watched: Set = [AssetSymbol("SOL")!, AssetSymbol("BTC")!, AssetSymbol("ZZZ")!]
        let page = try #require(TopListQuery(favoritesOnly: true).apply(Self.entries, favorites: watched))
        #expect(page.entries.map(\.symbol.text) == ["BTC", "SOL"])
        #expect(page.unlistedFavorites == [AssetSymbol("ZZZ")!])
        let none = try #require(TopListQuery(favoritesOnly: true).apply(Self.entries, favorites: []))
        #expect(none.entries.isEmpty && none.pages == 1)
    }

    @Test func searchPutsTheExactSymbolThenPrefixesThenTheRest() {
        let results = [
            AssetSearchResult(id: "tether", symbol: "USDT", name: "Tether", rank: 3),
            AssetSearchResult(id: "ethereum-classic", symbol: "ETC", name: "Ethereum Classic", rank: 25),
            AssetSearchResult(id: "ethena", symbol: "ENA", name: "Ethena", rank: nil),
            AssetSearchResult(id: "ethereum", symbol: "ETH", name: "Ethereum", rank: 2),
            AssetSearchResult(id: "bitcoin", symbol: "BTC", name: "Bitcoin", rank: 1),
            AssetSearchResult(id: "ethereum", symbol: "ETH", name: "Ethereum", rank: 2),
        ]
        #expect(SearchRanking.rank(results, query: "eth").map(\.symbol) == ["ETH", "ETC", "ENA", "USDT"])
        #expect(SearchRanking.rank(results, query: "ClAsS").map(\.symbol) == ["ETC"])
        #expect(SearchRanking.match(results[4], "coin") == .contains)
        #expect(SearchRanking.rank(results, query: "zzz").isEmpty)
    }

    @Test func shareAndHolding() throws {
        let share = try #require(
            MarketShare(marketCap: ExactDecimal(25), total: ExactDecimal(200), basis: .wholeMarket(source: "coingecko"))
        )
        #expect(share.percent == ExactDecimal("12.5"))
        #expect(MarketShare(marketCap: nil, total: ExactDecimal(1), basis: .topList(count: 1)) == nil)
        #expect(MarketShare(marketCap: ExactDecimal(1), total: .zero, basis: .topList(count: 1)) == nil)
        let list = TopList(quote: Self.usd, source: "test", entries: Self.entries)
        #expect(MarketShare.ofTopList(Self.entries[0], in: list)?.basis == .topList(count: 5))
        let holding = CoinHolding(
            quantity: ExactDecimal("0.5")!, costBasis: ExactDecimal(10_000), price: ExactDecimal(30_000),
            currency: Self.usd)
        #expect(
            holding.value == ExactDecimal(15_000) && holding.unrealizedPnL == ExactDecimal(5_000)
                && holding.unrealizedPercent == ExactDecimal(50))
        let unpriced = CoinHolding(quantity: ExactDecimal(1), costBasis: .zero, price: nil, currency: Self.usd)
        #expect(unpriced.value == nil && unpriced.unrealizedPercent == nil)
    }
}
