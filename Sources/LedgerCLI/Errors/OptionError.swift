import LedgerApp
import LedgerCore

/// An option value several commands share that is not what it must be (exit 64). The values
/// the server's fields share too are LedgerApp's ``OptionValueError``.
enum OptionError: UserFacingError, Equatable {
    /// Not `YYYY-MM-DD`, in the short form of `convert --date` and `prices fetch --since`.
    case notADateBrief(option: String, text: String)
    case notACurrency(String)
    case notAnAssetSymbol(String)
    /// The same, as `live` and `chart` word it.
    case notAMarketSymbol(String)
    case notAMaxAge(String)
    /// `-O FORMAT` that `command` does not print (`verify prints text or json; …`).
    case unsupportedFormat(command: String, supported: [OutputFormat], given: OutputFormat)
    /// The same found while parsing a command's own set of formats.
    case notAFormat(command: String, formats: [String], given: String)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .notADateBrief(let option, let text):
            "\(option) '\(text)' is not a date; use YYYY-MM-DD"
        case .notACurrency(let currency):
            "--currency '\(currency)' is not a currency code; use a code such as USD, EUR or GBP"
        case .notAnAssetSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .notAMarketSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC or AAPL"
        case .notAMaxAge(let text):
            "--max-age '\(text)' is not a duration; use e.g. 90s, 30m, 6h or 1d"
        case .unsupportedFormat(let command, let supported, let given):
            "\(command) prints \(Self.list(supported.map(\.rawValue))); '-O \(given.rawValue)' is not one of them"
        case .notAFormat(let command, let formats, let given):
            "\(command) prints \(Self.list(formats)); '-O \(given)' is not one of them"
        }
    }

    /// `text, json or csv`: one way to list the formats in every refusal.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
