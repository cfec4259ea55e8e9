import LedgerCore

/// A value the CLI's options and the server's fields share that is not what it must be
/// (exit 64). The sentence names the option, as `ledger` spells it. The values only the shell
/// reads are LedgerCLI's `OptionError`.
public enum OptionValueError: UserFacingError, Equatable {
    /// `--since`, `--until`, …: not `YYYY-MM-DD`.
    case notADate(option: String, text: String)
    /// `--as-of`, `add --date`: neither a date nor an instant.
    case notATime(option: String, DateParseError)
    case notAnAssetClass(String)
    /// `--method`: not one of ``BookingMethod``.
    case notABookingMethod(String)
    /// `report --period`: not one of ``ReportPeriodKind``.
    case notAPeriod(String)
    /// A word starting with `--` where `ledger COMMAND` expected a value.
    case unknownOption(String, command: String)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .notADate(let option, let text):
            "\(option) '\(text)' is not a date; use YYYY-MM-DD, e.g. \(option) 2024-01-31"
        case .notATime(let option, let error):
            "\(option) \(error.message)"
        case .notAnAssetClass(let text):
            "--class '\(text)' is not an asset class; use \(AssetClass.list)"
        case .notABookingMethod(let method):
            "--method '\(method)' is not a booking method; use one of \(BookingMethod.list)"
        case .notAPeriod(let period): "--period '\(period)' is not a period; use one of \(ReportPeriodKind.list)"
        case .unknownOption(let option, let command):
            "unknown option '\(option)'; see 'ledger \(command) --help'"
        }
    }
}
