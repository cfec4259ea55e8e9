import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Hand-computed valuations of buys, sells, trades and fees. Every number is worked out in the
/// comment above its check; all amounts are USD unless said otherwise.
@Suite("Valuation: buys, sells, trades and fees")
struct EventKindValuationTests {
    @Test("a buy's fee is part of its lot's cost")
    func buyFeeInCost() throws {
        var make = Events()
        // 2 BTC × 100 + 4 fee = 204 for the lot. No fiat was deposited: all 204 were paid in.
        let state = Valuation.replay([make.buy("BTC", "2", at: "100", on: "2024-01-02", fee: "4")])
        let lot = try #require(state.lots("BTC").first)
        #expect(lot.quantity == dec("2") && lot.cost == dec("204"))
        #expect(lot.acquired == Events.time("2024-01-02"))
        #expect(state.acquiredCost == dec("204"))
        #expect(state.feesPaid == .zero, "a buy's fee is in its cost, not an expense")
        #expect(state.netFiatPaidIn == dec("204"))
        #expect(state.fiatBalance("USD") == .zero)
    }

    @Test("a sell's fee reduces its proceeds and is paid out of them")
    func sellFee() throws {
        var make = Events()
        // deposit 1000; buy 2 @ 100 → fiat 800. sell 1 @ 150, fee 3:
        //   proceeds 150 − 3 = 147, cost 100, gain 47. fiat 800 + 150 − 3 = 947. paid in stays 1000.
        let state = Valuation.replay([
            make.deposit("USD", "1000", on: "2024-01-01"),
            make.buy("BTC", "2", at: "100", on: "2024-01-02"),
            make.sell("BTC", "1", at: "150", on: "2024-01-03", fee: "3"),
        ])
        let piece = try #require(state.disposals.only)
        #expect(piece.proceeds == dec("147") && piece.cost == dec("100") && piece.gain == dec("47"))
        #expect(state.fiatBalance("USD") == dec("947"))
        #expect(state.netFiatPaidIn == dec("1000"))
        #expect(state.feesPaid == .zero && state.realizedPnL == dec("47"))
    }

    @Test("a sale's fee comes out of its proceeds even when no fiat was ever deposited")
    func sellFeeNotPaidIn() {
        var make = Events()
        // buy 2 @ 100 with money never deposited → paid in 200, fiat 0.
        // sell 1 @ 150, fee 3 → fiat 150 − 3 = 147. The fee is paid from the proceeds, so paid in
        // stays 200 (203 would count the fee as money brought in).
        let state = Valuation.replay([
            make.buy("BTC", "2", at: "100", on: "2024-01-02"),
            make.sell("BTC", "1", at: "150", on: "2024-01-03", fee: "3"),
        ])
        #expect(state.netFiatPaidIn == dec("200"))
        #expect(state.fiatBalance("USD") == dec("147"))
    }

    @Test("partial sales share a lot's cost pro rata; the last piece takes exactly what is left")
    func proRataCost() {
        var make = Events()
        // buy 3 @ 10, fee 1 → one lot of 3 costing 31.
        // sell 1: 31 × 1 ÷ 3 = 10.333333333333333333 (rounded at 10⁻¹⁸); 2 left costing 20.666666666666666667
        // sell 1: 20.666666666666666667 × 1 ÷ 2 = 10.3333333333333333335 → half-even → 10.333333333333333334;
        //         1 left costing 10.333333333333333333
        // sell 1: the whole rest, 10.333333333333333333.  Sum: 31 exactly.
        let state = Valuation.replay([
            make.buy("BTC", "3", at: "10", on: "2024-01-02", fee: "1"),
            make.sell("BTC", "1", at: "12", on: "2024-01-03"),
            make.sell("BTC", "1", at: "12", on: "2024-01-04"),
            make.sell("BTC", "1", at: "12", on: "2024-01-05"),
        ])
        #expect(
            state.disposals.map(\.cost) == [
                dec("10.333333333333333333"), dec("10.333333333333333334"), dec("10.333333333333333333"),
            ])
        #expect(state.disposals.map(\.cost).sum() == dec("31"))
        #expect(state.lots("BTC").isEmpty && state.openCost == .zero)
        #expect(state.warnings.isEmpty)
    }

    @Test(
        "a lot sold whole costs exactly quantity × price + fee",
        arguments: [
            ("3", "10", "1", "31"), // 3 × 10 + 1
            ("7", "0.3", "0.01", "2.11"), // 7 × 0.3 + 0.01
            ("0.12345678", "43210.98", "1.5", "5336.1884514444"), // 0.12345678 × 43210.98 = 5334.6884514444, + 1.5
        ])
    func wholeLotCost(quantity: String, price: String, fee: String, cost: String) throws {
        var make = Events()
        let state = Valuation.replay([
            make.buy("BTC", quantity, at: price, on: "2024-01-02", fee: fee),
            make.sell("BTC", quantity, at: "1", on: "2024-01-03"),
        ])
        #expect(try #require(state.disposals.only).cost == dec(cost))
    }

    @Test("a sale's proceeds are spread over its pieces by quantity and add up exactly")
    func proceedsSpread() {
        var make = Events()
        // buy 1 @ 10, buy 2 @ 20; sell 3 @ 30, fee 1 → proceeds 90 − 1 = 89.
        //   piece 1 (1 of 3): 89 × 1 ÷ 3 = 29.666666666666666667, cost 10
        //   piece 2 (the rest): 89 − 29.666666666666666667 = 59.333333333333333333, cost 40
        //   gains 19.666666666666666667 + 19.333333333333333333 = 39 = 89 − 50
        let state = Valuation.replay([
            make.buy("BTC", "1", at: "10", on: "2024-01-02"),
            make.buy("BTC", "2", at: "20", on: "2024-01-03"),
            make.sell("BTC", "3", at: "30", on: "2024-01-04", fee: "1"),
        ])
        #expect(state.disposals.map(\.proceeds) == [dec("29.666666666666666667"), dec("59.333333333333333333")])
        #expect(state.disposals.map(\.cost) == [dec("10"), dec("40")])
        #expect(state.realizedPnL == dec("39"))
    }

    static let tradePrices = """
        2024-01-05 BTC 40000 USD
        2024-01-05 ETH 2500 USD
        """

    @Test("a crypto-for-crypto trade is a sale and a purchase at the market value of what is given")
    func cryptoTrade() throws {
        var make = Events()
        // buy 1 BTC @ 30000. trade 0.5 BTC → 8 ETH on 01-05 (BTC 40000), fee 10 USD:
        //   value 0.5 × 40000 = 20000. BTC piece: proceeds 20000, cost 15000, gain 5000.
        //   ETH lot: 8 costing 20000 + 10 = 20010. Paid in: 30000 + the 10 fee.
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.trade("0.5", "BTC", for: "8", "ETH", on: "2024-01-05", fee: Events.amount("10", "USD")),
            ], prices: priceTable(Self.tradePrices))
        let piece = try #require(state.disposals.only)
        #expect(piece.asset == sym("BTC") && piece.quantity == dec("0.5"))
        #expect(piece.proceeds == dec("20000") && piece.cost == dec("15000"))
        let eth = try #require(state.lots("ETH").only)
        #expect(eth.quantity == dec("8") && eth.cost == dec("20010"))
        #expect(eth.acquired == Events.time("2024-01-05"))
        #expect(state.netFiatPaidIn == dec("30010"))
        #expect(state.feesPaid == .zero && state.diagnostics.isEmpty)
    }

    @Test("a trade is valued by what is received when what is given has no price")
    func tradeValuedByReceived() throws {
        var make = Events()
        // No BTC price: 8 ETH × 2500 = 20000 is the value of both sides.
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.trade("0.5", "BTC", for: "8", "ETH", on: "2024-01-05"),
            ], prices: priceTable("2024-01-05 ETH 2500 USD"))
        #expect(try #require(state.disposals.only).proceeds == dec("20000"))
        #expect(try #require(state.lots("ETH").only).cost == dec("20000"))
        #expect(state.diagnostics.isEmpty)
    }

    @Test("a trade with neither side priced is a missing price naming the pair and the day")
    func tradeUnpriced() throws {
        var make = Events()
        let state = Valuation.replay([
            make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
            make.trade("0.5", "BTC", for: "8", "ETH", on: "2024-01-05"),
        ])
        #expect(
            state.missingPrices == [
                MissingPrice(asset: sym("BTC"), quote: sym("USD"), day: date("2024-01-05"), sequences: [2])
            ])
        let piece = try #require(state.disposals.only)
        #expect(!piece.proceedsComplete && piece.costComplete && piece.cost == dec("15000"))
        #expect(try !#require(state.lots("ETH").only).costComplete && state.incompleteTotals == [.realized])
    }

    @Test("a fee paid in another asset disposes of that asset at market value")
    func feeInOtherAsset() throws {
        var make = Events()
        // buy 1 BTC @ 30000 and 10 BNB @ 20. On 01-05 (BNB 30): sell 0.5 BTC @ 40000, fee 1 BNB (worth 30).
        //   BTC piece: proceeds 20000 − 30 = 19970, cost 15000, gain 4970
        //   BNB piece: 1 BNB, proceeds 30, cost 20, gain 10; 9 BNB left costing 180
        //   realized 4980 = 20000 received − 15000 (the BTC) − 20 (the BNB)
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.buy("BNB", "10", at: "20", on: "2024-01-02"),
                make.sell("BTC", "0.5", at: "40000", on: "2024-01-05", feeIn: Events.amount("1", "BNB")),
            ], prices: priceTable("2024-01-05 BNB 30 USD"))
        #expect(state.disposals.map(\.asset) == [sym("BTC"), sym("BNB")])
        #expect(state.disposals.map(\.proceeds) == [dec("19970"), dec("30")])
        #expect(state.disposals.map(\.cost) == [dec("15000"), dec("20")])
        #expect(try #require(state.lots("BNB").only).cost == dec("180"))
        #expect(state.realizedPnL == dec("4980") && state.feesPaid == .zero)
        #expect(state.fiatBalance("USD") == dec("20000"))
    }

    @Test("a buy's fee paid in the asset bought adds to the cost and disposes of that part")
    func buyFeeInBoughtAsset() throws {
        var make = Events()
        // buy 1 ETH @ 2000 (ETH 2000 that day), fee 0.01 ETH (worth 20): lot 1 ETH costing 2020.
        // The fee then disposes of 0.01 ETH: proceeds 20, cost 2020 × 0.01 = 20.2, gain −0.2.
        // 0.99 ETH left costing 1999.8. At 2000: realized −0.2 + unrealized (1980 − 1999.8) = −20, the fee.
        let prices = priceTable("2024-01-05 ETH 2000 USD")
        let state = Valuation.replay(
            [
                make.buy("ETH", "1", at: "2000", on: "2024-01-05", feeIn: Events.amount("0.01", "ETH"))
            ], prices: prices)
        let piece = try #require(state.disposals.only)
        #expect(piece.proceeds == dec("20") && piece.cost == dec("20.2"))
        let lot = try #require(state.lots("ETH").only)
        #expect(lot.quantity == dec("0.99") && lot.cost == dec("1999.8"))
        let holdings = HoldingsReport(state: state, prices: prices)
        #expect(state.realizedPnL + holdings.totals.unrealizedPnL == dec("-20"))
    }

    @Test("a standalone fee in crypto is an expense and a disposal at market value")
    func standaloneCryptoFee() throws {
        var make = Events()
        // buy 1 BTC @ 30000; on 01-05 (BTC 40000) a fee of 0.001 BTC, worth 40:
        //   feesPaid 40; piece 0.001 BTC, proceeds 40, cost 30, gain 10. realized 10 − 40 = −30.
        let state = Valuation.replay(
            [
                make.buy("BTC", "1", at: "30000", on: "2024-01-02"),
                make.fee("BTC", "0.001", on: "2024-01-05"),
            ], prices: priceTable("2024-01-05 BTC 40000 USD"))
        #expect(state.feesPaid == dec("40"))
        let piece = try #require(state.disposals.only)
        #expect(piece.quantity == dec("0.001") && piece.proceeds == dec("40") && piece.cost == dec("30"))
        #expect(state.realizedPnL == dec("-30"))
        #expect(try #require(state.lots("BTC").only).quantity == dec("0.999"))
    }

    @Test("a standalone fee in fiat is an expense paid from the balance")
    func standaloneFiatFee() {
        var make = Events()
        // deposit 100, fee 5 → fiat 95, feesPaid 5, realized −5, paid in 100.
        let state = Valuation.replay([
            make.deposit("USD", "100", on: "2024-01-01"),
            make.fee("USD", "5", on: "2024-01-02"),
        ])
        #expect(state.fiatBalance("USD") == dec("95"))
        #expect(state.feesPaid == dec("5") && state.realizedPnL == dec("-5"))
        #expect(state.netFiatPaidIn == dec("100") && state.disposals.isEmpty)
    }

    @Test("a standalone fee in an unpriced asset makes fees and realized P&L incomplete")
    func unpricedFee() throws {
        var make = Events()
        let state = Valuation.replay([
            make.buy("XYZ", "10", at: "1", on: "2024-01-02"),
            make.fee("XYZ", "1", on: "2024-01-03"),
        ])
        #expect(state.missingPrices.map { "\($0.asset) \($0.day) \($0.sequences)" } == ["XYZ 2024-01-03 [2]"])
        #expect(state.feesPaid == .zero && state.incompleteTotals == [.fees, .realized])
        #expect(try #require(state.disposals.only).cost == dec("1"))
    }
}

extension Array {
    /// The single element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
