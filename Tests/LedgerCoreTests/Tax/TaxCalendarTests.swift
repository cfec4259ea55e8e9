import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The matching's term by a day worked out once a sale (``TaxCalendar/lastDayHeldMoreThanOneYear(disposed:)``)
/// against the date moved a year on for each lot piece (``TaxCalendar/heldMoreThanOneYear(acquired:disposed:)``).
@Suite("Tax calendar: the last day held more than one year")
struct TaxCalendarTests {
    @Test("every disposal day of 2003-2009 (leap years, 29 February), acquisitions around the anniversary")
    func everyDayNearTheAnniversary() {
        let first = LocalDate(year: 2003, month: 1, day: 1)!.daysSinceEpoch
        let last = LocalDate(year: 2009, month: 12, day: 31)!.daysSinceEpoch
        for disposed in first...last {
            let date = LocalDate(daysSinceEpoch: disposed)
            let lastLong = TaxCalendar.lastDayHeldMoreThanOneYear(disposed: date)
            for acquired in (disposed - 373)...(disposed - 357) {
                let long = TaxCalendar.heldMoreThanOneYear(
                    acquired: LocalDate(daysSinceEpoch: acquired), disposed: date)
                #expect(long == (acquired <= lastLong), "acquired \(acquired), disposed \(date)")
            }
        }
    }

    @Test("random acquisition and disposal days over the calendar", arguments: [1, 2] as [UInt64])
    func randomDays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let first = LocalDate(year: 1, month: 1, day: 1)!.daysSinceEpoch
        let last = LocalDate(year: 9998, month: 12, day: 31)!.daysSinceEpoch
        for _ in 0..<5_000 {
            let disposed = Int.random(in: first...last, using: &rng)
            let acquired = max(first, disposed - Int.random(in: 0...1_000, using: &rng))
            let date = LocalDate(daysSinceEpoch: disposed)
            let long = TaxCalendar.heldMoreThanOneYear(acquired: LocalDate(daysSinceEpoch: acquired), disposed: date)
            #expect(long == (acquired <= TaxCalendar.lastDayHeldMoreThanOneYear(disposed: date)))
        }
    }
}
