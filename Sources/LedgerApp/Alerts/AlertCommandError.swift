import LedgerCore
import LedgerInterchange

/// Why `ledger alert add`, `check` or `remove` refused (the words of a condition, an option,
/// an alert number: exit 64; an alert that does not exist: exit 1). Not `AlertError`, which is
/// LedgerCore's.
public enum AlertCommandError: UserFacingError, Equatable {
    /// An alert on a currency in itself.
    case sameAsQuote(AssetSymbol)
    case missingCondition(asset: String)
    case unexpected(String)
    /// `--within` with `above` or `below`.
    case withinWithLevel(String)
    case notACondition(String)
    /// `change` without a percentage, or with `text` that is none.
    case notAPercentage(String?)
    case changeWithoutWithin(String)
    case notAWindow(String)
    /// `what` (the level, the percentage) is not there; `example` is how to write it.
    case missingNumber(what: String, example: String)
    case notANumber(InputError)
    case notPositive(what: String, text: String, example: String)
    case emptyCommand
    case notAnAlertNumber(String)
    case noAlert(Int64)
    /// `alert check --exec`: the command failed for some fired alerts.
    case execFailed(failures: Int, fired: Int)
    /// `alert check`: some alerts had no usable price.
    case uncheckable(failed: Int, total: Int)

    /// How every condition is written, shown with the mistakes in one.
    public static let example = "e.g. ledger alert add BTC above 50000, below 20000, or change 10% --within 24h"

    public var category: ErrorCategory {
        switch self {
        case .noAlert, .execFailed, .uncheckable: .data
        default: .usage
        }
    }

    public var description: String {
        switch self {
        case .execFailed(let failures, let fired):
            "--exec failed for \(failures) of \(fired) fired alert\(fired == 1 ? "" : "s") (see above); they stay fired and run it again only after they re-arm and cross again"
        case .uncheckable(let failed, let total):
            "\(failed) of \(total) alert\(total == 1 ? "" : "s") could not be checked (see above); nothing fired"
        case .sameAsQuote(let symbol):
            "an alert on \(symbol) in \(symbol) would never move; name another asset, or another currency with --currency"
        case .missingCondition(let asset): "alert add needs a condition after \(asset); \(Self.example)"
        case .unexpected(let word): "unexpected '\(word)' after the condition; \(Self.example)"
        case .withinWithLevel(let word): "--within goes with 'change', not '\(word)'; \(Self.example)"
        case .notACondition(let word):
            "'\(word)' is not an alert condition; use above, below or change (\(Self.example))"
        case .notAPercentage(let text):
            "\(text.map { "'\($0)' is not a percentage" } ?? "change needs a percentage"); write e.g. change 10% --within 24h (+10% only up, -10% only down)"
        case .changeWithoutWithin(let value):
            "change needs --within, the time the move happens in; e.g. change \(value) --within 24h"
        case .notAWindow(let text): "--within '\(text)' is not a duration; use e.g. 30m, 6h, 24h or 7d"
        case .missingNumber(let what, let example): "\(what) is missing; write e.g. \(example)"
        case .notANumber(let problem): problem.message
        case .notPositive(let what, let text, let example):
            "\(what) must be more than 0, got \(text); write e.g. \(example)"
        case .emptyCommand: "--exec needs a command, e.g. --exec 'notify-send \"$LGR_ALERT_MESSAGE\"'"
        case .notAnAlertNumber(let id):
            "'\(id)' is not an alert number; 'ledger alert list' shows the alerts and their numbers"
        case .noAlert(let number): "no alert \(number); 'ledger alert list' shows the alerts and their numbers"
        }
    }
}
