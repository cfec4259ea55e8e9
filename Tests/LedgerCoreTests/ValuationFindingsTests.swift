import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Edge cases where the fold disagrees with its own stated rules. Each test states the rule it
/// holds the fold to; see the report that came with them for the diagnosis.
@Suite("Valuation: findings")
struct ValuationFindingsTests {
    @Test(
        "HIFO takes the oldest of two lots with equal unit cost even after one was partly sold",
        .bug(
            id: "valuation-hifo-rounding-tie",
            "HIFO compares unit costs rounded at 1e-18, so rounding noise breaks ties"))
    func hifoTieAfterPartialSale() {
        var make = Events()
        // Lots A (01-01) and B (01-02): each 3 @ 10 + fee 2 = 32, so 32 ÷ 3 = 10.666… per unit.
        // sell 1 → A (a tie; oldest first). A keeps 2 costing 32 − 10.666666666666666667
        //   = 21.333333333333333333, i.e. 10.666… per unit, like B.
        // sell 1 → must be A again. But A's cost ÷ quantity rounds to 10.666666666666666666
        //   (…6665, half-even) and B's to 10.666666666666666667, so HIFO takes B, which changes
        //   the acquisition date (and so the holding period) of the piece sold.
        let state = Valuation.replay(
            [
                make.buy("BTC", "3", at: "10", on: "2024-01-01", fee: "2"),
                make.buy("BTC", "3", at: "10", on: "2024-01-02", fee: "2"),
                make.sell("BTC", "1", at: "20", on: "2024-01-03"),
                make.sell("BTC", "1", at: "20", on: "2024-01-04"),
            ], method: .hifo)
        #expect(state.disposals.map(\.acquired) == [Events.time("2024-01-01"), Events.time("2024-01-01")])
    }

    @Test(
        "a reverse split never leaves a lot with a negative quantity",
        .bug(
            id: "valuation-split-negative-lot",
            "LotBook.split gives the last lot total − Σ rounded others, which can go below 0"))
    func splitNeverNegative() {
        var make = Events()
        // Four lots of 2, 2, 2 and 1 × 10⁻¹⁸, then 1:3. Each 2 × 10⁻¹⁸ ÷ 3 = 0.67 × 10⁻¹⁸ rounds
        // to 1 × 10⁻¹⁸; the total 7 × 10⁻¹⁸ ÷ 3 = 2.33 × 10⁻¹⁸ rounds to 2 × 10⁻¹⁸; the last lot
        // is given 2 − 3 = −1 × 10⁻¹⁸. Absurdly small, but a lot must never hold less than 0.
        let tiny = "0.000000000000000002"
        let tinier = "0.000000000000000001"
        let state = Valuation.replay([
            make.buy("XYZ", tiny, at: "1", on: "2024-01-02"),
            make.buy("XYZ", tiny, at: "1", on: "2024-01-03"),
            make.buy("XYZ", tiny, at: "1", on: "2024-01-04"),
            make.buy("XYZ", tinier, at: "1", on: "2024-01-05"),
            make.split("XYZ", "1:3", on: "2024-02-01"),
        ])
        #expect(state.lots("XYZ").allSatisfy { !$0.quantity.isNegative }, "\(state.lots("XYZ").map(\.quantity))")
        #expect(state.quantity(of: sym("XYZ")) == dec("0.000000000000000002"))
    }

    @Test("pooling lots across accounts does not change the fiat held or the net fiat paid in")
    func pooledFiat() throws {
        var make = Events()
        // "exchange" gets 1000 USD. "wallet", which never got any USD, buys 0.01 BTC @ 50000 = 500:
        // that 500 came from outside. Per account: exchange still holds 1000, paid in 1500.
        // Pooling is about lots (ValuationOptions.perAccount): it should not let the wallet
        // spend the exchange's dollars, yet pooled the fold shows 500 USD held and 1000 paid in.
        let events = [
            make.deposit("USD", "1000", on: "2024-01-01", account: "exchange"),
            make.buy("BTC", "0.01", at: "50000", on: "2024-01-02", account: "wallet"),
        ]
        let prices = priceTable("2024-01-02 BTC 50000 USD")
        #expect(PositionBook.firstShortfall(in: Events.sequenced(events)) == nil)
        let separate = Valuation.replay(events, prices: prices, perAccount: true)
        let pooled = Valuation.replay(events, prices: prices, perAccount: false)
        #expect(
            separate.netFiatPaidIn == dec("1500") && separate.fiatBalance("USD", account: "exchange") == dec("1000"))
        #expect(pooled.netFiatPaidIn == separate.netFiatPaidIn, "pooled \(pooled.netFiatPaidIn)")
        #expect(
            pooled.quantity(of: sym("USD")) == separate.quantity(of: sym("USD")),
            "pooled \(pooled.quantity(of: sym("USD")))")
        let pooledValue = HoldingsReport(state: pooled, prices: prices).totals.value
        let separateValue = HoldingsReport(state: separate, prices: prices).totals.value
        #expect(pooledValue == separateValue, "portfolio value pooled \(pooledValue) vs per account \(separateValue)")
    }
}
