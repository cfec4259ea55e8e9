import LedgerApp
import LedgerCore

/// An option value several commands share that is not what it must be (exit 64).
enum OptionError: UserFacingError, Equatable {
    /// `--since`, `--until`, …: not `YYYY-MM-DD`.
    case notADate(option: String, text: String)
    /// The same, in the short form of `convert --date` and `prices fetch --since`.
    case notADateBrief(option: String, text: String)
    /// `--as-of`, `add --date`: neither a date nor an instant.
    case notATime(option: String, DateParseError)
    case notACurrency(String)
    case notABookingMethod(String)
    case notAnAssetClass(String)
    case notAnAssetSymbol(String)
    /// The same, as `live` and `chart` word it.
    case notAMarketSymbol(String)
    case notAMaxAge(String)
    /// `-O FORMAT` that `command` does not print (`verify prints text|json; …`).
    case unsupportedFormat(command: String, supported: [OutputFormat], given: OutputFormat)
    /// The same found while parsing, the formats listed in words (`text, json or csv`).
    case notAFormat(command: String, formats: [String], given: String)
    /// A word starting with `--` where `ledger COMMAND` expected a value.
    case unknownOption(String, command: String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notADate(let option, let text):
            "\(option) '\(text)' is not a date; use YYYY-MM-DD, e.g. \(option) 2024-01-31"
        case .notADateBrief(let option, let text):
            "\(option) '\(text)' is not a date; use YYYY-MM-DD"
        case .notATime(let option, let error):
            "\(option) \(error.message)"
        case .notACurrency(let currency):
            "--currency '\(currency)' is not a currency code; use a code such as USD, EUR or GBP"
        case .notABookingMethod(let method):
            "--method '\(method)' is not a booking method; use one of \(BookingMethod.list)"
        case .notAnAssetClass(let text):
            "--class '\(text)' is not an asset class; use crypto, stock, etf or fiat"
        case .notAnAssetSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .notAMarketSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC or AAPL"
        case .notAMaxAge(let text):
            "--max-age '\(text)' is not a duration; use e.g. 90s, 30m, 6h or 1d"
        case .unsupportedFormat(let command, let supported, let given):
            "\(command) prints \(OutputFormat.options(supported)); '-O \(given.rawValue)' is not one of them"
        case .notAFormat(let command, let formats, let given):
            "\(command) prints \(Self.list(formats)); '-O \(given)' is not one of them"
        case .unknownOption(let option, let command):
            "unknown option '\(option)'; see 'ledger \(command) --help'"
        }
    }

    /// `text, json or csv`.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
