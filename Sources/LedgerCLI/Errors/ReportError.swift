import LedgerApp

/// A report that was printed but cannot be trusted as asked (exit 1, after the report).
enum ReportError: UserFacingError, Equatable {
    /// `--strict` and some valuation could not be made: what is missing and the command that
    /// fetches it.
    case incomplete(what: String, fetch: String)

    var category: ErrorCategory { .data }

    var description: String {
        switch self {
        case .incomplete(let what, let fetch):
            "the report is incomplete (--strict): \(what); fetch prices with '\(fetch)'"
        }
    }
}
