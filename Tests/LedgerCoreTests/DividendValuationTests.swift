import LedgerCore
import LedgerCoreTestSupport
import Testing

/// A dividend is income of kind `dividend`; the tax withheld from it is its fee. Every figure is
/// worked out in the comment above its check.
@Suite("Valuation: dividends and the tax withheld")
struct DividendValuationTests {
    static func usd(_ quantity: String) -> AssetAmount { AssetAmount(dec(quantity), Asset(sym("USD"))) }

    @Test("the gross is income, the tax a fee paid, the cash moves by the net")
    func grossIncomeTaxFee() throws {
        var make = Events()
        // 9.60 gross, 1.44 withheld: income 9.60, fees 1.44, cash 8.16.
        let state = Valuation.replay([
            make.income("USD", "9.60", kind: .dividend, on: "2024-02-15", fee: Self.usd("1.44"))
        ])
        #expect(state.income == dec("9.60"))
        #expect(state.feesPaid == dec("1.44"))
        #expect(state.fiatBalance("USD") == dec("8.16"))
        let record = try #require(state.dividends.only)
        #expect(record.gross == dec("9.60") && record.withheld == dec("1.44") && record.complete)
    }

    @Test("gains lists the dividends of its period with their tax; other income is not a dividend")
    func gainsPeriod() {
        var make = Events()
        // 2023: 5 gross, 0.75 withheld. 2024: 9.60 − 1.44 and 18.12 − 2.72 → 27.72 gross, 4.16
        // withheld, 23.56 net. Staking income is not a dividend.
        let state = Valuation.replay([
            make.income("USD", "5", kind: .dividend, on: "2023-06-01", fee: Self.usd("0.75")),
            make.income("USD", "9.60", kind: .dividend, on: "2024-02-15", fee: Self.usd("1.44")),
            make.income("USD", "18.12", kind: .dividend, on: "2024-03-20", fee: Self.usd("2.72")),
            make.income("USD", "3", kind: .interest, on: "2024-03-21"),
        ])
        let report = GainsReport(state: state, since: LocalDate(year: 2024, month: 1, day: 1), until: nil)
        let totals = report.dividendTotals
        #expect(totals.count == 2)
        #expect(totals.gross == dec("27.72") && totals.withheld == dec("4.16") && totals.net == dec("23.56"))
        #expect(GainsReport(state: state, since: nil, until: nil).dividendTotals.count == 3)
    }

    @Test("a dividend in a currency without a price is incomplete, never dropped")
    func unpricedDividend() throws {
        var make = Events()
        let state = Valuation.replay([
            make.income("EUR", "33", kind: .dividend, on: "2024-05-08", fee: AssetAmount(dec("8.7"), Asset(sym("EUR"))))
        ])
        let record = try #require(state.dividends.only)
        #expect(!record.complete)
        #expect(state.fiatBalance("EUR") == dec("24.3"))
    }
}
