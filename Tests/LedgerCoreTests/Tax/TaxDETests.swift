import LedgerCore
import Testing

/// § 23 EStG: one sale inside the year, one outside, and the Freigrenze of each year
/// (docs/TAX.md, "Germany").
@Suite("Tax, Germany: the one-year rule and the Freigrenze")
struct TaxDETests {
    @Test("FIFO: the coin held more than a year is tax-free, the younger one taxable")
    func oneSaleInsideOneOutside() throws {
        var filer = TaxScenario()
        filer.buy("2023-03-01", 1, "BTC", cost: 20_000, class: .crypto)
        filer.buy("2024-02-01", 1, "BTC", cost: 40_000, class: .crypto)
        filer.sell("2024-03-02", 1, "BTC", proceeds: 55_000, class: .crypto)
        filer.sell("2024-06-01", dec("0.5"), "BTC", proceeds: 30_000, class: .crypto)
        let report = filer.report(.de)
        #expect(report.disposals.map(\.treatment) == [.taxFree, .taxable])
        #expect(report.disposals.map(\.gain) == [35_000, 10_000])
        let year = try #require(report.year("2024"))
        #expect(year.figures.disposals == 1 && year.figures.net == 10_000 && year.taxFree?.net == 35_000)
        #expect(year.exemptAmount == 1_000 && year.taxableGain == 10_000)
        #expect(report.holding("BTC")?.quantity == dec("0.5") && report.holding("BTC")?.costBasis == 20_000)
    }

    @Test("sold one year to the day after buying: still taxable")
    func anniversaryIsInside() {
        var filer = TaxScenario()
        filer.buy("2023-03-01", 1, "ETH", cost: 1_000, class: .crypto)
        filer.sell("2024-03-01", 1, "ETH", proceeds: 3_000, class: .crypto)
        #expect(filer.report(.de).disposals.first?.treatment == .taxable)
    }

    @Test("the Freigrenze: 600 € is not less than 600 €, so all of it is taxable; 900 € < 1,000 € is not")
    func freigrenzeOfEachYear() throws {
        var filer = TaxScenario()
        filer.buy("2023-01-10", 1, "ETH", cost: 1_000, class: .crypto)
        filer.sell("2023-05-10", 1, "ETH", proceeds: 1_600, class: .crypto)
        filer.buy("2024-01-10", 1, "ETH", cost: 2_000, class: .crypto)
        filer.sell("2024-05-10", 1, "ETH", proceeds: 2_900, class: .crypto)
        let report = filer.report(.de)
        let first = try #require(report.year("2023"))
        #expect(first.exemptAmount == 600 && first.figures.net == 600 && first.taxableGain == 600)
        let second = try #require(report.year("2024"))
        #expect(second.exemptAmount == 1_000 && second.figures.net == 900 && second.taxableGain == 0)
    }

    @Test("a year's loss is carried to a year whose gain reaches the Freigrenze")
    func lossCarriedForward() throws {
        var filer = TaxScenario()
        filer.buy("2023-01-10", 2, "ETH", cost: 4_000, class: .crypto)
        filer.sell("2023-05-10", 1, "ETH", proceeds: 1_500, class: .crypto)
        filer.sell("2024-05-10", 1, "ETH", proceeds: 2_000, class: .crypto) // more than a year: tax-free
        filer.buy("2024-06-10", 1, "ETH", cost: 1_000, class: .crypto)
        filer.sell("2024-07-10", 1, "ETH", proceeds: 3_000, class: .crypto)
        let report = filer.report(.de)
        #expect(report.year("2023")?.lossesCarriedForward == 500)
        let later = try #require(report.year("2024"))
        #expect(later.figures.net == 2_000 && later.lossesUsed == 500 && later.taxableGain == 1_500)
        #expect(later.taxFree?.net == 0 && later.taxFree?.disposals == 1)
    }

    @Test("stocks are listed as taxed at source, outside the § 23 figures")
    func stocksTaxedAtSource() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-10", 10, "SAP", cost: 1_500, class: .stock)
        filer.sell("2024-05-10", 10, "SAP", proceeds: 2_500, class: .stock)
        let year = try #require(filer.report(.de).year("2024"))
        #expect(year.figures.disposals == 0 && year.taxedAtSource?.net == 1_000 && year.taxableGain == 0)
    }

    @Test("a Freigrenze, not a Freibetrag: 1,200 € in 2024 are all taxable, not the 200 € above 1,000 €")
    func freigrenzeNotFreibetrag() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-10", 1, "ETH", cost: 2_000, class: .crypto)
        filer.sell("2024-05-10", 1, "ETH", proceeds: 3_200, class: .crypto)
        let year = try #require(filer.report(.de).year("2024"))
        #expect(year.figures.net == 1_200 && year.taxableGain == 1_200)
    }

    /// BMF letter of 10 May 2022 (staking, lending): their yields are § 22 Nr. 3 other income,
    /// tax-free when less than 256 € in the calendar year (§ 22 Nr. 3 Satz 2), all taxable from it on.
    @Test("§ 22 Nr. 3: 255.99 € of staking and lending in 2023 tax-free, 256 € of staking in 2024 all taxable")
    func otherIncomeFreigrenze() throws {
        var filer = TaxScenario()
        filer.receive("2023-02-01", dec("0.1"), "ETH", value: dec("150.99"), kind: .staking)
        filer.receive("2023-08-01", dec("0.05"), "ETH", value: 105, kind: .interest)
        filer.receive("2023-09-01", 5, "EUR", value: 5, kind: .interest) // money interest: § 20, not § 22
        filer.receive("2023-10-01", 10, "UNI", value: 40, kind: .airdrop) // not § 22 Nr. 3 here
        filer.receive("2024-03-01", dec("0.1"), "ETH", value: 200, kind: .staking)
        filer.receive("2024-09-01", dec("0.02"), "ETH", value: 56, kind: .reward)
        let report = filer.report(.de)
        let under = try #require(report.year("2023"))
        #expect(under.otherIncome == dec("255.99") && under.otherIncomeTaxable == 0)
        #expect(under.incomeTotal == dec("300.99"))
        let over = try #require(report.year("2024"))
        #expect(over.otherIncome == 256 && over.otherIncomeTaxable == 256)
    }

    /// BMF letter of 10 May 2022 (private sales): using coins for staking or lending does not
    /// extend the holding period to ten years; a reward's own year starts when it is received.
    @Test("staked coins and their rewards keep the one-year period")
    func stakingKeepsOneYear() throws {
        var filer = TaxScenario()
        filer.buy("2022-01-10", 1, "ETH", cost: 3_000, class: .crypto)
        filer.receive("2022-06-01", dec("0.1"), "ETH", value: 180, kind: .staking)
        filer.receive("2023-02-01", dec("0.1"), "ETH", value: 150, kind: .staking)
        filer.sell("2023-06-02", dec("1.2"), "ETH", proceeds: 2_160, class: .crypto)
        let report = filer.report(.de)
        let free = report.disposals.filter { $0.treatment == .taxFree }
        #expect(free.count == 2 && free.reduce(ExactDecimal.zero) { $0 + $1.quantity } == dec("1.1"))
        let taxable = report.disposals.filter { $0.treatment == .taxable }
        #expect(taxable.map(\.quantity) == [dec("0.1")] && taxable.map(\.costBasis) == [150])
        let year = try #require(report.year("2023"))
        // The 2023-02-01 reward, cost 150 €, sold for 0.1 of 1.2 of 2,160 € = 180 €: a gain of 30 €.
        #expect(year.figures.net == 30 && year.taxableGain == 0)
        // The bought coin (1,800 € for 3,000 €) and the 2022 reward (180 € for 180 €).
        #expect(year.taxFree?.net == -1_200)
    }
}

extension TaxScenario {
    /// Income received (staking, lending…): an income record and the acquisition of what was
    /// received at its value, as the replay writes them down.
    mutating func receive(
        _ date: String, _ quantity: ExactDecimal, _ asset: String, value: ExactDecimal, kind: IncomeKind
    ) {
        let event = nextEvent
        buy(date, quantity, asset, cost: value, class: AssetSymbol(asset)!.inferredClass)
        let time = transactions.last!.time
        income.append(
            TaxIncomeRecord(
                kind: kind, asset: AssetSymbol(asset)!, account: "broker", quantity: quantity, value: value, time: time,
                event: event))
    }
}
