/// A failure the user caused or can fix, thrown as an enum with the sentence beside each case
/// (`description`, one line, no final period) and its ``ErrorCategory``. The shell
/// (LedgerCLI's `ErrorReporter`) prints `ledger: error: SENTENCE` and exits with the
/// category's status. Thrown types end in
/// `Error`; findings that are collected, not thrown, end in `Problem`.
public protocol UserFacingError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
}

/// How a failure ends the command.
public enum ErrorCategory: Equatable, Sendable {
    /// The input was malformed (a word, an option, a value): exit 64.
    case usage
    /// The input was well formed but the ledger or the data did not allow it: exit 1.
    case data

    public var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .data: 1
        }
    }
}
