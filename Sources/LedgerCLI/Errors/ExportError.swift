import LedgerApp
import LedgerInterchange

/// Why `ledger export` refused: an option that does not fit the format (exit 64), or a ledger
/// that cannot be written as a journal (exit 1).
enum ExportError: UserFacingError, Equatable {
    case notAFormat(String)
    /// `--method` with a format that is no journal.
    case methodWithoutJournal(format: String)
    case notACurrencySetting
    case journal(JournalExportError)

    var category: ErrorCategory {
        switch self {
        case .notAFormat, .methodWithoutJournal: .usage
        case .notACurrencySetting, .journal: .data
        }
    }

    var description: String {
        switch self {
        case .notAFormat(let format):
            "export writes jsonl, json, csv, beancount or ledger; '-O \(format)' is not one of them"
        case .methodWithoutJournal(let format):
            "--method applies to -O beancount and -O ledger only; leave it out for -O \(format)"
        case .notACurrencySetting:
            "the ledger's currency setting is not a currency code; set it with 'ledger init --currency USD'"
        case .journal(let error): error.message
        }
    }
}
