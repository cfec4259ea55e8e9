import LedgerCore
import Testing

/// The one table of exchange suffixes: Yahoo's suffix to Stooq's, the country and the currency
/// prices are recorded in; share classes; quoted minor units; and the change periods of a
/// top list, which sort and page by the period chosen.
@Suite struct ExchangeSuffixTests {
    static func symbol(_ text: String) -> AssetSymbol { AssetSymbol(text)! }

    @Test(arguments: [
        ("AAPL", "aapl.us"), ("BRK.B", "brk-b.us"), ("SAP.DE", "sap.de"), ("7203.T", "7203.jp"),
        ("VOD.L", "vod.uk"), ("0700.HK", "0700.hk"), ("OTP.BD", "otp.hu"),
    ])
    func stooq(_ symbol: String, _ expected: String) {
        #expect(ExchangeSuffix.stooqSymbol(Self.symbol(symbol)) == expected)
    }

    @Test func exchanges() {
        let (ticker, london) = ExchangeSuffix.split(Self.symbol("VOD.L"))
        #expect(ticker == "VOD" && london.country == "GB" && london.currency == Self.symbol("GBP"))
        #expect(london.minorUnits == 100)
        #expect(ExchangeSuffix.split(Self.symbol("BRK.B")) == ("BRK.B", .unitedStates))
        #expect(ExchangeSuffix.split(Self.symbol("7203.T")).exchange.currency == Self.symbol("JPY"))
        // Exchanges Stooq does not list have no Stooq symbol, rather than a wrong one.
        #expect(ExchangeSuffix.stooqSymbol(Self.symbol("MC.PA")) == nil)
        #expect(ExchangeSuffix.split(Self.symbol("MC.PA")).exchange.currency == Self.symbol("EUR"))
        #expect(Set(ExchangeSuffix.all.map(\.yahoo)).count == ExchangeSuffix.all.count)
    }

    @Test func minorUnits() {
        #expect(ExchangeSuffix.currency(quoted: "GBp")! == (Self.symbol("GBP"), 100))
        #expect(ExchangeSuffix.currency(quoted: "GBX")! == (Self.symbol("GBP"), 100))
        #expect(ExchangeSuffix.currency(quoted: "USD")! == (Self.symbol("USD"), 1))
        #expect(ExchangeSuffix.currency(quoted: "") == nil)
    }

    @Test func sortByPeriod() {
        let usd = Self.symbol("USD")
        let make = { (rank: Int, symbol: String, day: String, month: String?) in
            TopListEntry(
                rank: rank, symbol: Self.symbol(symbol), name: symbol, quote: usd, price: nil,
                change24h: ExactDecimal(day), change7d: nil, marketCap: nil, circulatingSupply: nil, totalSupply: nil,
                volume24h: nil, high24h: nil, low24h: nil, change30d: month.flatMap { ExactDecimal($0) })
        }
        let entries = [make(1, "BTC", "-1", "12"), make(2, "ETH", "3", "-4"), make(3, "SOL", "1", nil)]
        let byMonth = TopListQuery(sort: .change, change: .month).apply(entries, favorites: [])!
        // The entry without a 30d change goes last, never counted as zero.
        #expect(byMonth.entries.map(\.symbol.text) == ["BTC", "ETH", "SOL"])
        let byDay = TopListQuery(sort: .change).apply(entries, favorites: [])!
        #expect(byDay.entries.map(\.symbol.text) == ["ETH", "SOL", "BTC"])
        #expect(ChangePeriod.week.companion == .day && ChangePeriod.month.companion == .week)
        #expect(StockScreen(nil, assetClass: .stock)?.id == "most_actives")
        #expect(StockScreen("nope", assetClass: .stock) == nil && StockScreen(nil, assetClass: .crypto) == nil)
    }
}
