import LedgerCore
import LedgerRender
import Testing

/// `ledger market` for a stock screen and for a chosen change period: the heading names the
/// screen, prices in another currency than the list's carry their code, the day's change is
/// labelled `Day`, and a period the source lacks is `—` with one note, never a zero.
@Suite struct MarketScreenViewTests {
    static let eur = AssetSymbol("EUR")!, usd = AssetSymbol("USD")!

    static func entry(_ rank: Int, _ symbol: String, _ quote: AssetSymbol, _ price: String, _ day: String)
        -> TopListEntry
    {
        TopListEntry(
            rank: rank, symbol: AssetSymbol(symbol)!, name: symbol + " Inc.", quote: quote, price: ExactDecimal(price),
            change24h: ExactDecimal(day), change7d: nil, marketCap: ExactDecimal("2696785084416"),
            circulatingSupply: nil, totalSupply: nil, volume24h: ExactDecimal("41523201"), high24h: nil, low24h: nil)
    }

    static func render(_ list: TopList, _ query: TopListQuery) -> String {
        MarketListView(
            list: list, page: query.apply(list.entries, favorites: [])!, query: query, favorites: [],
            freshness: "2024-06-01T12:00:03Z (5 s ago)", width: 80, theme: .plain
        ).render()
    }

    @Test func stockScreenInAnotherCurrency() {
        let list = TopList(
            quote: Self.eur, source: "yahoo",
            entries: [
                Self.entry(1, "NVDA", Self.usd, "1096.33", "-0.7748"),
                Self.entry(2, "SAP.DE", Self.eur, "168.42", "1.2"),
            ],
            screen: StockScreen(nil, assetClass: .stock))
        let text = Self.render(list, TopListQuery(page: 1))
        #expect(text.hasPrefix("2 stocks: most actives · EUR"))
        #expect(text.contains("1,096.33 USD"))
        #expect(text.contains("168.42 ") && !text.contains("168.42 EUR"))
        #expect(text.contains("  Day  "))
        #expect(text.contains("-0.8%"))
        #expect(text.contains("from yahoo's") && text.contains("most_actives screen"))
        #expect(text.contains("page 1/1 · 20 per page · 2 listings"))
    }

    @Test func missingPeriodIsADashAndOneNote() {
        let list = TopList(
            quote: Self.usd, source: "cryptocompare", entries: [Self.entry(1, "BTC", Self.usd, "67540.5", "-1.2")])
        let text = Self.render(list, TopListQuery(change: .month))
        #expect(text.contains("30d"))
        #expect(text.contains("—"))
        #expect(!text.contains("+0.0%"))
        #expect(text.contains("cryptocompare gives no 30d change (— in the table)"))
    }
}
