import LedgerCore
import Testing

/// The capital loss limit and carryover (Instructions for Schedule D, "Capital Loss Carryover
/// Worksheet"; docs/TAX.md, "Capital losses").
@Suite("Tax, US: the $3,000 loss limit and the carryovers")
struct TaxUSLossTests {
    /// 2024: a long-term gain of 2,000 and a short-term loss of 10,000; 2025: nothing sold;
    /// 2026: a short-term gain of 500 and a long-term loss of 4,000.
    static func losses() -> TaxScenario {
        var filer = TaxScenario()
        filer.buy("2023-01-03", 10, "X", cost: 10_000, class: .crypto)
        filer.sell("2024-02-01", 10, "X", proceeds: 12_000, class: .crypto)
        filer.buy("2024-03-01", 10, "Y", cost: 20_000, class: .crypto)
        filer.sell("2024-06-03", 10, "Y", proceeds: 10_000, class: .crypto)
        filer.buy("2024-07-01", 10, "Z", cost: 10_000, class: .crypto)
        filer.buy("2026-01-05", 1, "W", cost: 1_000, class: .crypto)
        filer.sell("2026-02-02", 1, "W", proceeds: 1_500, class: .crypto)
        filer.sell("2026-03-02", 10, "Z", proceeds: 6_000, class: .crypto)
        return filer
    }

    @Test("each year's lines 7, 15, 16 and 21 and the worksheet's carryovers, short and long apart")
    func carryover() throws {
        let report = Self.losses().report(.us)
        #expect(report.years.map(\.label) == ["2024", "2025", "2026"])
        let first = try #require(report.years[0].scheduleD)
        #expect(first.netShortTerm == -10_000 && first.netLongTerm == 2_000 && first.netCapital == -8_000)
        #expect(first.deductibleLoss == 3_000)
        #expect(first.shortTermCarriedForward == 5_000 && first.longTermCarriedForward == 0)
        #expect(report.years[0].lossesCarriedForward == 5_000 && report.years[0].taxableGain == 0)

        // A year without a sale still deducts 3,000 of the carryover.
        let gap = try #require(report.years[1].scheduleD)
        #expect(report.years[1].figures.disposals == 0 && gap.shortTermBroughtForward == 5_000)
        #expect(gap.netShortTerm == -5_000 && gap.deductibleLoss == 3_000 && gap.shortTermCarriedForward == 2_000)

        let last = try #require(report.years[2].scheduleD)
        #expect(last.shortTermBroughtForward == 2_000 && last.longTermBroughtForward == 0)
        #expect(last.netShortTerm == -1_500 && last.netLongTerm == -4_000 && last.netCapital == -5_500)
        #expect(last.deductibleLoss == 3_000)
        #expect(last.shortTermCarriedForward == 0 && last.longTermCarriedForward == 2_500)
        #expect(report.years[2].lossesBroughtForward == 2_000 && report.years[2].lossesCarriedForward == 2_500)
    }

    @Test("married filing separately: $1,500 a year")
    func marriedFilingSeparately() throws {
        let report = Self.losses().report(.us, TaxOptions(marriedFilingSeparately: true))
        let first = try #require(report.years[0].scheduleD)
        #expect(first.deductibleLoss == 1_500 && first.shortTermCarriedForward == 6_500)
        let gap = try #require(report.years[1].scheduleD)
        #expect(gap.deductibleLoss == 1_500 && gap.shortTermCarriedForward == 5_000)
    }

    @Test("a net gain: no deduction, no carryover, the gain taxable; a carryover first reduces it")
    func gainAfterLoss() throws {
        var filer = TaxScenario()
        filer.buy("2024-01-02", 1, "Y", cost: 10_000, class: .crypto)
        filer.sell("2024-02-01", 1, "Y", proceeds: 5_000, class: .crypto) // short-term loss 5,000
        filer.buy("2024-03-01", 1, "X", cost: 1_000, class: .crypto)
        filer.sell("2025-06-02", 1, "X", proceeds: 4_000, class: .crypto) // long-term gain 3,000
        let report = filer.report(.us)
        let year = try #require(report.year("2025")?.scheduleD)
        // Line 7: 0 − 2,000 carried; line 15: 3,000; line 16: 1,000.
        #expect(year.netShortTerm == -2_000 && year.netLongTerm == 3_000 && year.netCapital == 1_000)
        #expect(year.deductibleLoss == 0 && year.carriedForward == 0 && report.year("2025")?.taxableGain == 1_000)
    }
}
