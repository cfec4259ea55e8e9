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
}
