import LedgerApp

/// `ledger user …`: a password that could not be read. What the accounts themselves refuse
/// (names, short passwords, unknown users) is LedgerApp's ``AccountError``.
enum UserError: UserFacingError, Equatable {
    /// Standard input ended before a line: nothing piped in, or Ctrl-D at the prompt.
    case noPassword
    /// On a terminal the password is typed twice; the two differ.
    case passwordsDiffer

    var category: ErrorCategory {
        switch self {
        case .noPassword, .passwordsDiffer: .usage
        }
    }

    var description: String {
        switch self {
        case .noPassword:
            "no password given; type it at the prompt, or pipe one line to standard input"
        case .passwordsDiffer:
            "the two passwords differ; nothing was changed, try again"
        }
    }
}
