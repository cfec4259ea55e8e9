import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The share card's figures: allocation, return on cost, the holding and the trade cards.
@Suite("Share cards")
struct ShareCardTests {
    static let prices = """
        2024-06-30 BTC 60000 USD
        2024-06-30 ETH 3000 USD
        2024-06-30 SOL 150 USD
        2024-06-30 ADA 0.5 USD
        2024-06-30 DOT 6 USD
        2024-06-30 LINK 15 USD
        2024-06-30 USDT 1 USD
        """

    func report(_ events: [LedgerEvent], prices text: String = prices) -> HoldingsReport {
        let prices = priceTable(text)
        return HoldingsReport(state: Valuation.replay(events, prices: prices, asOf: "2024-06-30"), prices: prices)
    }

    @Test("the return on cost leaves cash out, and the allocation sums the priced holdings")
    func portfolioReturn() throws {
        var make = Events()
        let report = report([
            make.deposit("USD", "40000", on: "2024-01-01"),
            make.buy("BTC", "0.5", at: "40000", on: "2024-01-02"), // cost 20000, value 30000
            make.buy("ETH", "5", at: "2000", on: "2024-01-02"), // cost 10000, value 15000
        ])
        let card = ShareCard.portfolio(report, amounts: false)
        // (30000 + 15000 - 30000) / 30000 = +50 %; the 10000 USD left in cash is not diluting it.
        #expect(card.headline?.value == dec("50") && card.headline?.unit == .percent)
        #expect(card.allocation.map(\.label) == ["BTC", "ETH", "USD"])
        #expect(card.allocation.map(\.percent).sum() == dec("100"))
        #expect(card.figures.isEmpty, "no amounts unless asked")
        let amounts = ShareCard.portfolio(report, amounts: true)
        #expect(amounts.figures.map(\.key) == ["value", "unrealized", "realized"])
        #expect(amounts.figures[0].value == dec("55000") && amounts.figures[1].value == dec("15000"))
    }

    @Test("past six slices the smallest become one 'other', and an unpriced holding is named, never zero")
    func slicesAndUnpriced() throws {
        var make = Events()
        let events = ["BTC", "ETH", "SOL", "ADA", "DOT", "LINK", "USDT", "XYZ"].map {
            make.buy($0, "10", at: "1", on: "2024-01-02")
        }
        let card = ShareCard.portfolio(report(events), amounts: false)
        #expect(card.allocation.count == ShareCard.sliceLimit)
        #expect(card.allocation.last?.label == "other")
        #expect(card.allocation.map(\.percent).sum() == dec("100"))
        #expect(card.notes == ["Not included: XYZ (no price)"])
    }

    @Test("a holding card has its share, price and return; amounts only when asked; nil when not held")
    func holding() throws {
        var make = Events()
        let report = report([
            make.buy("BTC", "0.5", at: "40000", on: "2024-01-02"),
            make.buy("ETH", "10", at: "3000", on: "2024-01-02"),
        ])
        let card = try #require(ShareCard.holding(sym("BTC"), in: report, amounts: false))
        #expect(card.headline?.value == dec("50"))
        #expect(card.figures.map(\.key) == ["portfolio_share_pct", "price"])
        #expect(card.figures[0].value == dec("50") && card.figures[1].value == dec("60000"))
        let amounts = try #require(ShareCard.holding(sym("BTC"), in: report, amounts: true))
        #expect(amounts.figures.map(\.key).suffix(4) == ["quantity", "value", "cost_basis", "average_cost"])
        #expect(ShareCard.holding(sym("SOL"), in: report, amounts: false) == nil)
    }

    @Test("a trade card compares the price paid with the latest price in the trade's own quote")
    func trade() throws {
        var make = Events()
        let prices = priceTable(Self.prices)
        let asOf = Events.time("2024-06-30T23:59:59Z")
        // Bought in USDT at 48000; BTC/USDT now comes through USD: 60000 / 1 = 60000 → +25 %.
        let buy = make.buy("BTC", "0.1", at: "48000", in: "USDT", on: "2024-03-01")
        let card = try #require(ShareCard.trade(buy, prices: prices, asOf: asOf, amounts: false))
        #expect(
            card.title == "Bought BTC" && card.currency == sym("USDT") && card.tradeDate?.description == "2024-03-01")
        #expect(card.headline?.value == dec("25"))
        #expect(card.figures.map(\.key) == ["price_then", "price_now"])
        let sell = make.sell("ETH", "2", at: "4000", on: "2024-03-01")
        #expect(
            try #require(ShareCard.trade(sell, prices: prices, asOf: asOf, amounts: true)).headline?.value == dec("-25")
        )
        let unpriced = make.buy("XYZ", "1", at: "2", on: "2024-03-01")
        let lacking = try #require(ShareCard.trade(unpriced, prices: prices, asOf: asOf, amounts: false))
        #expect(lacking.headline == nil && lacking.notes.count == 1)
        #expect(
            ShareCard.trade(make.deposit("USD", "1", on: "2024-03-01"), prices: prices, asOf: asOf, amounts: false)
                == nil)
    }

    @Test("a swap is priced as the asset received in the asset given")
    func swap() throws {
        var make = Events()
        // 1.5 ETH for 0.1 BTC: 15 ETH per BTC then; 60000 / 3000 = 20 now → +33.3…%.
        let swap = make.trade("1.5", "ETH", for: "0.1", "BTC", on: "2024-03-01")
        let card = try #require(
            ShareCard.trade(swap, prices: priceTable(Self.prices), asOf: Events.time("2024-06-30"), amounts: false))
        #expect(card.title == "Swapped ETH for BTC" && card.currency == sym("ETH"))
        #expect(card.figures.first?.value == dec("15"))
        #expect(card.headline.map { $0.value.rounded(places: 4) } == dec("33.3333"))
    }
}
