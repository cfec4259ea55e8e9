/// How long a report looks back: the calendar day, ISO week (Monday first), month, quarter or
/// year that contains the as-of date, up to that date, or everything since the first event.
public enum ReportPeriodKind: String, CaseIterable, Sendable {
    case day, week, month, quarter, year, all

    /// `day, week, month, quarter, year, all`, for help and error messages.
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The days a report covers, `first...last` inclusive. The value "at the start" is the value at
/// the close of ``baseDay``, the day before ``first`` (so a month's change is the close of its
/// last day against the close of the month before, as statements count it).
public struct ReportPeriod: Hashable, Sendable {
    public let kind: ReportPeriodKind
    public let first: LocalDate
    public let last: LocalDate

    public init(kind: ReportPeriodKind, first: LocalDate, last: LocalDate) {
        self.kind = kind
        self.first = min(first, last)
        self.last = last
    }

    /// The period of `kind` that ends on `last` (period to date). `.all` starts on
    /// `firstActivity`, the date of the first event, or on `last` when there is none.
    public static func ending(_ kind: ReportPeriodKind, on last: LocalDate, firstActivity: LocalDate? = nil)
        -> ReportPeriod
    {
        let first: LocalDate
        switch kind {
        case .day: first = last
        case .week:
            // 1970-01-01 was a Thursday: three days after a Monday.
            let sinceMonday = ((last.daysSinceEpoch + 3) % 7 + 7) % 7
            first = last.adding(days: -sinceMonday)
        case .month: first = LocalDate(year: last.year, month: last.month, day: 1)!
        case .quarter: first = LocalDate(year: last.year, month: (last.month - 1) / 3 * 3 + 1, day: 1)!
        case .year: first = LocalDate(year: last.year, month: 1, day: 1)!
        case .all: first = firstActivity ?? last
        }
        return ReportPeriod(kind: kind, first: first, last: last)
    }

    /// The day whose close is the period's starting value.
    public var baseDay: LocalDate { first.adding(days: -1) }

    /// Days in the period (the base day not counted).
    public var dayCount: Int { last.daysSinceEpoch - first.daysSinceEpoch + 1 }

    /// Every day of the value series: the base day, then each day of the period.
    public var seriesDays: [LocalDate] {
        (baseDay.daysSinceEpoch...last.daysSinceEpoch).map { LocalDate(daysSinceEpoch: $0) }
    }

    /// `2024-06-01 to 2024-06-30`, or the single date of a one-day period.
    public var range: String {
        first == last ? first.description : "\(first) to \(last)"
    }
}
