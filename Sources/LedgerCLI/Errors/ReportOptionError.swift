import LedgerApp
import LedgerCore

/// An option of `gains`, `allocation` or `report` that is not what it must be (exit 64). The
/// options the three share are ``OptionError``.
enum ReportOptionError: UserFacingError, Equatable {
    case yearWithRange
    case notAYear(Int)
    case sinceAfterUntil(LocalDate, LocalDate)
    case compareWithoutMethods
    case compareNotAMethod(String)
    case notAGrouping(String)
    case notAPriceAge(String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .yearWithRange: "use either --year or --since/--until, not both"
        case .notAYear(let year): "--year \(year) is not a year; e.g. --year 2024"
        case .sinceAfterUntil(let from, let to): "--since \(from) is after --until \(to)"
        case .compareWithoutMethods: "--compare needs booking methods, e.g. --compare fifo,lifo,hifo,average"
        case .compareNotAMethod(let name):
            "--compare '\(name)' is not a booking method; use a list of \(BookingMethod.list)"
        case .notAGrouping(let by): "--by '\(by)' is not a grouping; use asset, class or account"
        case .notAPriceAge(let text):
            "--max-price-age '\(text)' is not a duration; use a number with s, m, h, d or w, e.g. --max-price-age 2d"
        }
    }
}
