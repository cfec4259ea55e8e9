import ArgumentParser

/// A failure the user caused or can fix, thrown as an enum with the sentence beside each case
/// (`description`, one line, no final period) and its ``ErrorCategory``. ``ErrorReporter``
/// prints `ledger: error: SENTENCE` and exits with the category's status. Thrown types end in
/// `Error`; findings that are collected, not thrown, end in `Problem`.
protocol UserFacingError: Error, CustomStringConvertible {
    var category: ErrorCategory { get }
}

/// How a failure ends the command.
enum ErrorCategory: Equatable, Sendable {
    /// The input was malformed (a word, an option, a value): exit 64.
    case usage
    /// The input was well formed but the ledger or the data did not allow it: exit 1.
    case data

    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .data: 1
        }
    }
}

extension ValidationError {
    /// The parser's form of `error`, for `validate()`: the parser reports it (exit 64) with
    /// "; see 'ledger COMMAND --help'" after the sentence. (An error other than a
    /// `ValidationError` thrown there would reach ``ErrorReporter`` wrapped, as exit 1.)
    init(_ error: some UserFacingError) {
        self.init(error.description)
    }
}
