/// `ledger returns --period`: the last 1, 7 or 30 days, the year to date, the last 365 days,
/// everything, a calendar year or a range of dates (docs/RETURNS.md, "The period").
public enum ReturnsPeriod: Hashable, Sendable {
    case lastDays(Int)
    case yearToDate
    case all
    case year(Int)
    case range(LocalDate, LocalDate)

    /// The choices, for help and error messages.
    public static let list = "1d, 7d, 30d, ytd, 1y, all, a year (2024) or FROM..TO (2024-01-01..2024-06-30)"

    /// Parses the option's text; nil when it is none of the choices (or a range runs backwards).
    public init?(_ text: String) {
        switch text.lowercased() {
        case "1d": self = .lastDays(1)
        case "7d": self = .lastDays(7)
        case "30d": self = .lastDays(30)
        case "1y": self = .lastDays(365)
        case "ytd": self = .yearToDate
        case "all": self = .all
        default:
            if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text),
                LocalDate(year: year, month: 1, day: 1) != nil
            {
                self = .year(year)
                return
            }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1].isEmpty, let from = LocalDate.parse(parts[0]),
                let to = LocalDate.parse(parts[2]), from <= to
            else { return nil }
            self = .range(from, to)
        }
    }

    /// The last day: the period's own end, or the as-of date when that comes first.
    public func lastDay(asOf: LocalDate) -> LocalDate {
        switch self {
        case .year(let year): min(asOf, LocalDate(year: year, month: 12, day: 31)!)
        case .range(_, let to): min(asOf, to)
        case .lastDays, .yearToDate, .all: asOf
        }
    }

    /// The first day of a period ending on `last`; nil for `all` (the first event's date).
    public func firstDay(last: LocalDate) -> LocalDate? {
        switch self {
        case .lastDays(let count): last.adding(days: 1 - count)
        case .yearToDate: LocalDate(year: last.year, month: 1, day: 1)!
        case .all: nil
        case .year(let year): LocalDate(year: year, month: 1, day: 1)!
        case .range(let from, _): from
        }
    }
}
