import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// A history at the ends of the times the ledger records (0001-01-01T00:00:00Z and
/// 9999-12-31T23:59:59Z, ``Timestamp/recordable``) gives a report under every set of rules:
/// no day number, tax year or year's bounds traps there (the UK's years 0 and 9999 made no
/// date, and trapped).
@Suite("Tax: times at both ends of what the ledger records")
struct TaxTimeRangeTests {
    static func history() -> [TaxTransaction] {
        let (first, last) = (Timestamp.recordable.lowerBound, Timestamp.recordable.upperBound)
        let moments = [
            (first, TaxTransaction.Kind.acquisition, 10), (first.adding(seconds: 1), .disposal(fee: 1), 2),
            (first.adding(seconds: 86_400 * 400), .disposal(fee: 0), 3),
            (last.adding(seconds: -86_400 * 400), .acquisition, 5), (last.adding(seconds: -1), .disposal(fee: 0), 4),
            (last, .disposal(fee: 1), 7),
        ]
        return moments.enumerated().map { index, moment in
            TaxTransaction(
                moment.1, asset: AssetSymbol("AAA")!, class: .crypto, account: "wallet",
                quantity: ExactDecimal(moment.2), amount: ExactDecimal(10 * moment.2), time: moment.0,
                event: EventID(value: UInt128(index + 1)))
        }
    }

    @Test("a report of every year and of each, US, UK and German rules", arguments: [TaxRules.us, .uk, .de])
    func bothEnds(rules: TaxRules) {
        let transactions = Self.history()
        let report = TaxEngine.report(transactions, income: [], rules: rules, options: TaxOptions())
        #expect(report.disposals.count >= 3) // UK: the last day's two sales are one disposal
        let years = report.years.map(\.year)
        #expect(years.first == (rules == .uk ? 0 : 1) && years.last == 9999)
        for year in report.years {
            #expect(year.start <= year.end)
            let one = TaxEngine.report(transactions, income: [], rules: rules, options: TaxOptions(), year: year.year)
            #expect(one.disposals.allSatisfy { TaxCalendar.year(of: $0.disposed.date, rules: rules) == year.year })
        }
        #expect(TaxCalendar.bounds(of: 0, rules: .uk).lowerBound == LocalDate(year: 1, month: 1, day: 1)!)
        #expect(TaxCalendar.bounds(of: 9999, rules: .uk).upperBound == LocalDate(year: 9999, month: 12, day: 31)!)
        let lastDay = LocalDate(year: 9999, month: 12, day: 31)!
        #expect(!TaxCalendar.heldMoreThanOneYear(acquired: LocalDate(year: 9999, month: 1, day: 1)!, disposed: lastDay))
    }
}
