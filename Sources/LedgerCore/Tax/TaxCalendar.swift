/// Tax years, holding periods and the yearly allowances of each set of rules (docs/TAX.md).
public enum TaxCalendar {
    /// The year a date falls in: the calendar year (US, Germany) or the year a UK tax year
    /// starts in (6 April).
    public static func year(of date: LocalDate, rules: TaxRules) -> Int {
        guard rules == .uk else { return date.year }
        return (date.month, date.day) >= (4, 6) ? date.year : date.year - 1
    }

    /// `"2024"`, or `"2024/2025"` for the UK year from 6 April 2024.
    public static func label(of year: Int, rules: TaxRules) -> String {
        rules == .uk ? "\(year)/\(year + 1)" : "\(year)"
    }

    /// US: basis per wallet or account from this day (Treas. Reg. § 1.1012-1(j); Rev. Proc.
    /// 2024-28); one universal pool before it.
    public static let usBasisPerWallet = LocalDate(year: 2025, month: 1, day: 1)!

    /// Germany: FIFO per wallet from the first transaction (BMF letter of 10 May 2022, Rz. 61
    /// ff.: the order of use is kept per wallet): the first day the ledger can record.
    public static let germanBasisPerWallet = Timestamp.recordable.lowerBound.date

    /// The first and last day of a tax year, within the days a date can name (0001-01-01 to
    /// 9999-12-31): the UK years 0 and 9999 of a history at those ends are cut there, where
    /// they made no date and trapped.
    public static func bounds(of year: Int, rules: TaxRules) -> ClosedRange<LocalDate> {
        let (first, last) = (Timestamp.recordable.lowerBound.date, Timestamp.recordable.upperBound.date)
        guard rules == .uk else {
            return
                (LocalDate(year: year, month: 1, day: 1) ?? first)...(LocalDate(year: year, month: 12, day: 31) ?? last)
        }
        return
            (LocalDate(year: year, month: 4, day: 6) ?? first)...(LocalDate(year: year + 1, month: 4, day: 5) ?? last)
    }

    /// The tax year a `--year` value names: `2024`, or for the UK also `2024/2025`, `2024/25`
    /// or `2024-25`; nil when it names none.
    public static func parseYear(_ text: String, rules: TaxRules) -> Int? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).map(String.init)
        guard let first = parts.first, first.count == 4, let year = Int(first), (1900...9998).contains(year) else {
            return nil
        }
        guard parts.count == 2 else { return parts.count == 1 ? year : nil }
        guard rules == .uk, let second = Int(parts[1]) else { return nil }
        return second == year + 1 || second == (year + 1) % 100 ? year : nil
    }

    /// The same calendar date `years` later; 29 February becomes 28 February. Past 9999-12-31
    /// (a date cannot name the year 10000), 9999-12-31: no later day can be compared with it.
    public static func adding(years: Int, to date: LocalDate) -> LocalDate {
        LocalDate(year: date.year + years, month: date.month, day: date.day)
            ?? LocalDate(year: date.year + years, month: date.month, day: date.day - 1)
            ?? Timestamp.recordable.upperBound.date
    }

    /// Held more than one year: disposed of after the first anniversary of the acquisition
    /// (US "more than 1 year"; § 23 EStG "mehr als ein Jahr", counted by §§ 187, 188 BGB).
    public static func heldMoreThanOneYear(acquired: LocalDate, disposed: LocalDate) -> Bool {
        disposed > adding(years: 1, to: acquired)
    }

    /// The last acquisition day (days since 1970-01-01) held more than one year at a disposal on
    /// `disposed` (``heldMoreThanOneYear(acquired:disposed:)`` for that day and every day before
    /// it, for none after): worked out once a sale and compared with each lot piece's day, where
    /// a date was made and moved a year on for each piece.
    static func lastDayHeldMoreThanOneYear(disposed: LocalDate) -> Int {
        // More than one year: the acquisition comes before (disposed's year − 1, month, day),
        // year, month and day compared in turn (a 29 February's anniversary, the 28th, compares
        // as the 29th would, as no date falls between them); that day is the 28th when the
        // year before has no 29 February.
        guard disposed.year > 1 else { return Int.min }
        guard let yearBefore = LocalDate(year: disposed.year - 1, month: disposed.month, day: disposed.day) else {
            return LocalDate(year: disposed.year - 1, month: 2, day: 28)!.daysSinceEpoch
        }
        return yearBefore.daysSinceEpoch - 1
    }

    /// The UK annual exempt amount of the tax year starting in `year`, nil outside the table.
    public static func ukAnnualExemptAmount(_ year: Int) -> ExactDecimal? {
        switch year {
        case 2010: 10_100
        case 2011, 2012: 10_600
        case 2013: 10_900
        case 2014: 11_000
        case 2015, 2016: 11_100
        case 2017: 11_300
        case 2018: 11_700
        case 2019: 12_000
        case 2020, 2021, 2022: 12_300
        case 2023: 6_000
        case 2024, 2025, 2026: 3_000
        default: nil
        }
    }

    /// The § 23 EStG Freigrenze of a calendar year: gains below it are tax-free, all of them
    /// taxable from it on.
    public static func germanExemptionLimit(_ year: Int) -> ExactDecimal {
        year >= 2024 ? 1_000 : 600
    }

    /// The § 22 Nr. 3 EStG Freigrenze for other income (staking, lending): less than it in a
    /// calendar year is tax-free, all of it taxable from it on.
    public static let germanOtherIncomeLimit: ExactDecimal = 256

    /// Income that is § 22 Nr. 3 EStG other income under the BMF letter of 10 May 2022:
    /// staking rewards and the yield of lending crypto (interest paid in a crypto asset;
    /// interest in money is capital income, § 20). Airdrops, mining and dividends are not.
    public static func isGermanOtherIncome(_ record: TaxIncomeRecord) -> Bool {
        switch record.kind {
        case .staking, .reward: true
        case .interest: record.asset.inferredClass != .fiat
        case .airdrop, .mining, .dividend, .other: false
        }
    }

    /// The UK's main rates changed for disposals from this day (Autumn Budget 2024).
    public static let ukRateChange = LocalDate(year: 2024, month: 10, day: 30)!
}
