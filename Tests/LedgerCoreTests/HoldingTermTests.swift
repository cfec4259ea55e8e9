import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// One holding-period rule for `gains` and `tax`: long term when held more than one year by the
/// calendar (IRS Publication 544, "Holding Period"), the anniversary itself still short term.
@Suite("Holding term: more than one year by the calendar")
struct HoldingTermTests {
    static func disposal(_ acquired: LocalDate, _ disposed: LocalDate) -> Disposal {
        Disposal(
            asset: AssetSymbol("BTC")!, account: "a", quantity: 1, acquired: acquired.startOfDay.adding(seconds: 3_600),
            disposed: disposed.endOfDay, proceeds: 2, cost: 1, sequence: 1)
    }

    static func date(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: day)!
    }

    @Test(
        "the anniversary is short, the day after it long; 366 days across 29 February is one year",
        arguments: [
            (date(2019, 3, 1), date(2020, 3, 1), HoldingTerm.short), // 366 days, exactly one year
            (date(2019, 3, 1), date(2020, 3, 2), .long),
            (date(2020, 2, 29), date(2021, 2, 28), .short), // the anniversary of a 29 February
            (date(2020, 2, 29), date(2021, 3, 1), .long),
            (date(2021, 3, 1), date(2022, 3, 1), .short), // 365 days, no 29 February
            (date(2021, 3, 1), date(2022, 3, 2), .long),
            (date(2023, 3, 1), date(2024, 3, 1), .short), // 366 days across 29 February 2024
            (date(2024, 6, 1), date(2024, 6, 1), .short), // a same-day sale
            (date(1, 1, 1), date(2, 1, 1), .short), // the first day the ledger can record
            (date(1, 1, 1), date(2, 1, 2), .long),
            (date(9998, 12, 31), date(9999, 12, 31), .short), // the last day
            (date(9998, 12, 30), date(9999, 12, 31), .long),
        ])
    func cases(acquired: LocalDate, disposed: LocalDate, term: HoldingTerm) {
        #expect(Self.disposal(acquired, disposed).term == term)
        #expect(HoldingTerm(acquired: acquired, disposed: disposed) == term)
    }

    @Test("gains' term is the tax matching's for random days of 1970-2100", arguments: [1, 2, 3] as [UInt64])
    func sameAsTax(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let first = Self.date(1970, 1, 1).daysSinceEpoch
        let last = Self.date(2100, 12, 31).daysSinceEpoch
        for _ in 0..<5_000 {
            let disposed = LocalDate(daysSinceEpoch: Int.random(in: first...last, using: &rng))
            // Most pairs near the anniversary, where the rules could part.
            let span =
                Bool.random(using: &rng)
                ? Int.random(in: 360...370, using: &rng) : Int.random(in: 0...3_000, using: &rng)
            let acquired = LocalDate(daysSinceEpoch: max(first, disposed.daysSinceEpoch - span))
            let taxLong = acquired.daysSinceEpoch <= TaxCalendar.lastDayHeldMoreThanOneYear(disposed: disposed)
            #expect(Self.disposal(acquired, disposed).term == (taxLong ? .long : .short), "\(acquired) → \(disposed)")
        }
    }

    @Test("the old 365-day count differs only for 366 days with a 29 February strictly between")
    func whereTheOldCountDiffered() {
        let first = Self.date(2015, 1, 1).daysSinceEpoch
        for disposed in first...(first + 4 * 366) {
            for span in 360...372 {
                let acquired = LocalDate(daysSinceEpoch: disposed - span)
                let old: HoldingTerm = span > 365 ? .long : .short
                let new = HoldingTerm(acquired: acquired, disposed: LocalDate(daysSinceEpoch: disposed))
                let spansLeapDay = (acquired.daysSinceEpoch + 1..<disposed).contains { day in
                    let date = LocalDate(daysSinceEpoch: day)
                    return date.month == 2 && date.day == 29
                }
                #expect((old != new) == (span == 366 && spansLeapDay), "\(acquired) + \(span) days")
            }
        }
    }
}
