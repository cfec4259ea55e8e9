import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Hand-computed valuations of transfers, income, deposits and withdrawals (amounts in USD).
@Suite("Valuation: transfers, income, deposits and withdrawals")
struct EventKindMovementTests {
    /// 1 BTC @ 20000 on 01-02 and 1 BTC @ 30000 on 02-01, both on "exchange"; 1.5 BTC moved to
    /// "cold" on 03-01; then 1 BTC sold from "cold" on 04-01 @ 40000.
    func transferLedger() -> [LedgerEvent] {
        var make = Events()
        return [
            make.buy("BTC", "1", at: "20000", on: "2024-01-02", account: "exchange"),
            make.buy("BTC", "1", at: "30000", on: "2024-02-01", account: "exchange"),
            make.transfer("BTC", "1.5", from: "exchange", to: "cold", on: "2024-03-01"),
            make.sell("BTC", "1", at: "40000", on: "2024-04-01", account: "cold"),
        ]
    }

    @Test("per account, a transfer moves lots with their acquisition dates and cost")
    func transferPerAccount() throws {
        // FIFO on "exchange": cold receives the whole 01-02 lot (20000) and half the 02-01 lot
        // (30000 × 0.5 = 15000); exchange keeps 0.5 of the 02-01 lot costing 15000. No disposal.
        let moved = Valuation.replay(Array(transferLedger().prefix(3)), perAccount: true)
        #expect(moved.disposals.isEmpty)
        #expect(moved.lots("BTC", account: "cold").map(\.quantity) == [dec("1"), dec("0.5")])
        #expect(moved.lots("BTC", account: "cold").map(\.cost) == [dec("20000"), dec("15000")])
        #expect(
            moved.lots("BTC", account: "cold").map(\.acquired) == [
                Events.time("2024-01-02"), Events.time("2024-02-01"),
            ])
        let kept = try #require(moved.lots("BTC", account: "exchange").only)
        #expect(kept.quantity == dec("0.5") && kept.cost == dec("15000") && kept.acquired == Events.time("2024-02-01"))
        #expect(moved.openCost == dec("50000") && moved.realizedPnL == .zero)

        // Selling 1 from cold takes the 01-02 lot: its date and cost came along.
        let sold = Valuation.replay(transferLedger(), perAccount: true)
        let piece = try #require(sold.disposals.only)
        #expect(piece.acquired == Events.time("2024-01-02") && piece.cost == dec("20000") && piece.account == "cold")
    }

    @Test("pooled, a transfer changes nothing")
    func transferPooled() throws {
        let events = transferLedger()
        let withTransfer = Valuation.replay(Array(events.prefix(3)))
        let without = Valuation.replay(Array(events.prefix(2)))
        #expect(withTransfer.lots("BTC") == without.lots("BTC"))
        #expect(withTransfer.disposals.isEmpty && withTransfer.feesPaid == .zero)
        // Pooled FIFO still sells the oldest lot, whichever account sells.
        let piece = try #require(Valuation.replay(events).disposals.only)
        #expect(piece.acquired == Events.time("2024-01-02") && piece.cost == dec("20000"))
    }

    @Test("a transfer's fee in the asset moved is an expense and a disposal from the sending account")
    func transferFeeInAsset() throws {
        var make = Events()
        // 2 BTC @ 20000 on exchange. Move 1 to cold (BTC 40000 that day), fee 0.0001 BTC = 4:
        //   cold gets exactly 1 BTC costing 20000; exchange keeps 0.9999 costing 19998;
        //   fee piece 0.0001 BTC: proceeds 4, cost 2, gain 2; feesPaid 4; realized 2 − 4 = −2.
        let state = Valuation.replay(
            [
                make.buy("BTC", "2", at: "20000", on: "2024-01-02", account: "exchange"),
                make.transfer(
                    "BTC", "1", from: "exchange", to: "cold", on: "2024-03-01", fee: Events.amount("0.0001", "BTC")),
            ], prices: priceTable("2024-03-01 BTC 40000 USD"), perAccount: true)
        let cold = try #require(state.lots("BTC", account: "cold").only)
        #expect(cold.quantity == dec("1") && cold.cost == dec("20000"))
        let exchange = try #require(state.lots("BTC", account: "exchange").only)
        #expect(exchange.quantity == dec("0.9999") && exchange.cost == dec("19998"))
        let piece = try #require(state.disposals.only)
        #expect(piece.account == "exchange" && piece.proceeds == dec("4") && piece.cost == dec("2"))
        #expect(state.feesPaid == dec("4") && state.realizedPnL == dec("-2"))
    }

    @Test("a transfer's fee in fiat is an expense; pooled or not, no lot moves cost")
    func transferFeeInFiat() {
        var make = Events()
        // deposit 20100; buy 1 BTC @ 20000 → 100 left; move the BTC with a 5 USD fee → fiat 95,
        // feesPaid 5, realized −5, paid in 20100.
        let events = [
            make.deposit("USD", "20100", on: "2024-01-01", account: "exchange"),
            make.buy("BTC", "1", at: "20000", on: "2024-01-02", account: "exchange"),
            make.transfer("BTC", "1", from: "exchange", to: "cold", on: "2024-03-01", fee: Events.amount("5", "USD")),
        ]
        for perAccount in [false, true] {
            let state = Valuation.replay(events, perAccount: perAccount)
            #expect(state.feesPaid == dec("5") && state.realizedPnL == dec("-5"), "perAccount \(perAccount)")
            #expect(state.openCost == dec("20000") && state.disposals.isEmpty)
            #expect(state.balancesByKey.values.sum() == dec("95") && state.netFiatPaidIn == dec("20100"))
        }
    }

    @Test("income opens a lot at market value and counts as income")
    func incomeAtMarket() throws {
        var make = Events()
        // 0.1 ETH staking reward on 03-01, ETH 3000 that day → lot 0.1 costing 300; income 300.
        let state = Valuation.replay(
            [make.income("ETH", "0.1", on: "2024-03-01")],
            prices: priceTable("2024-03-01 ETH 3000 USD"))
        let lot = try #require(state.lots("ETH").only)
        #expect(lot.quantity == dec("0.1") && lot.cost == dec("300") && lot.acquired == Events.time("2024-03-01"))
        #expect(state.income == dec("300") && state.acquiredCost == dec("300"))
        #expect(state.netFiatPaidIn == .zero && state.realizedPnL == .zero && state.diagnostics.isEmpty)
    }

    @Test("income with an explicit unit value uses it, converted into the valuation currency")
    func incomeWithUnitValue() throws {
        var make = Events()
        let prices = priceTable(
            """
            2024-03-01 ETH 3000 USD
            2024-03-01 EUR 1.1 USD
            """)
        // 0.1 × 2900 USD = 290 (the table's 3000 is not used).
        let inUSD = Valuation.replay([make.income("ETH", "0.1", unitValue: "2900", on: "2024-03-01")], prices: prices)
        #expect(try #require(inUSD.lots("ETH").only).cost == dec("290") && inUSD.income == dec("290"))
        // 0.1 × 2700 EUR = 270 EUR × 1.1 = 297 USD.
        let inEUR = Valuation.replay(
            [make.income("ETH", "0.1", unitValue: "2700", in: "EUR", on: "2024-03-01")], prices: prices)
        #expect(try #require(inEUR.lots("ETH").only).cost == dec("297") && inEUR.income == dec("297"))
    }

    @Test("income with no price is a lot of unknown cost and incomplete income, never an invented value")
    func incomeUnpriced() throws {
        var make = Events()
        let state = Valuation.replay([make.income("XYZ", "50", kind: .airdrop, on: "2024-03-01")])
        let lot = try #require(state.lots("XYZ").only)
        #expect(lot.quantity == dec("50") && !lot.costComplete && state.income == .zero)
        #expect(state.incompleteTotals == [.income] && state.diagnostics.isEmpty)
        #expect(
            state.missingPrices == [
                MissingPrice(asset: sym("XYZ"), quote: sym("USD"), day: date("2024-03-01"), sequences: [1])
            ])
    }

    @Test("fiat income (interest) adds to the balance and to income, not to paid in")
    func fiatIncome() {
        var make = Events()
        let state = Valuation.replay([make.income("USD", "12.5", kind: .interest, on: "2024-03-01")])
        #expect(state.fiatBalance("USD") == dec("12.5") && state.income == dec("12.5"))
        #expect(state.netFiatPaidIn == .zero && state.booksByKey.isEmpty)
    }

    @Test("deposits and withdrawals of fiat move the balance and net fiat paid in")
    func fiatInAndOut() {
        var make = Events()
        // deposit 1000 → 1000/1000; withdraw 300 → 700/700; buy 1 BTC @ 900 → the 700 and 200
        // more from outside: balance 0 (never −200), paid in 900.
        let events = [
            make.deposit("USD", "1000", on: "2024-01-01"),
            make.withdraw("USD", "300", on: "2024-01-02"),
            make.buy("BTC", "1", at: "900", on: "2024-01-03"),
        ]
        let afterWithdrawal = Valuation.replay(Array(events.prefix(2)))
        #expect(afterWithdrawal.fiatBalance("USD") == dec("700") && afterWithdrawal.netFiatPaidIn == dec("700"))
        let state = Valuation.replay(events)
        #expect(state.fiatBalance("USD") == .zero && state.netFiatPaidIn == dec("900"))
        #expect(HoldingsReport(state: state, prices: PriceTable()).rows.allSatisfy { $0.asset != sym("USD") })
    }

    @Test("buying with fiat never deposited counts as paid in, never as a negative holding")
    func impliedPaidIn() {
        var make = Events()
        // buy 0.5 BTC @ 20000, fee 10 → 10010 paid in, USD balance 0.
        let state = Valuation.replay([make.buy("BTC", "0.5", at: "20000", on: "2024-01-02", fee: "10")])
        #expect(state.netFiatPaidIn == dec("10010"))
        #expect(state.balancesByKey.values.allSatisfy { !$0.isNegative })
        #expect(state.fiatBalance("USD") == .zero)
        #expect(state.quantity(of: sym("USD")) == .zero)
    }

    @Test("withdrawing a crypto removes its cost basis without realizing anything")
    func withdrawCrypto() throws {
        var make = Events()
        // 2 @ 100 (01-02) and 2 @ 200 (01-03); withdraw 3 FIFO → 2 × 100 + 1 × 200 = 400 leaves.
        // 1 @ 200 stays. Conservation: 200 open + 0 disposed + 400 withdrawn = 600 acquired.
        let state = Valuation.replay([
            make.buy("BTC", "2", at: "100", on: "2024-01-02"),
            make.buy("BTC", "2", at: "200", on: "2024-01-03"),
            make.withdraw("BTC", "3", on: "2024-01-04"),
        ])
        #expect(state.withdrawnCost == dec("400"))
        #expect(try #require(state.lots("BTC").only).cost == dec("200"))
        #expect(state.disposals.isEmpty && state.realizedPnL == .zero)
        #expect(state.openCost + state.withdrawnCost == state.acquiredCost)
    }

    @Test("depositing a crypto opens a lot at market value; it is not income")
    func depositCrypto() throws {
        var make = Events()
        // 2 ETH arrive on 03-01 at 3000 → lot costing 6000; no income, no fiat paid in.
        let state = Valuation.replay(
            [make.deposit("ETH", "2", on: "2024-03-01")],
            prices: priceTable("2024-03-01 ETH 3000 USD"))
        #expect(try #require(state.lots("ETH").only).cost == dec("6000"))
        #expect(state.income == .zero && state.netFiatPaidIn == .zero)
    }
}
