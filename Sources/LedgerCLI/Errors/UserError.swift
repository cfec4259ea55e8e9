import LedgerApp

/// `ledger user …`: a password that could not be read. What the accounts themselves refuse
/// (names, short passwords, unknown users) is LedgerApp's ``AccountError``.
enum UserError: UserFacingError, Equatable {
    /// Standard input ended before a line: nothing piped in, or Ctrl-D at the prompt.
    case noPassword
    /// On a terminal the password is typed twice; the two differ.
    case passwordsDiffer
    /// No accounts file in the data directory: no user was ever added there.
    case noAccounts(path: String)

    var category: ErrorCategory {
        switch self {
        case .noPassword, .passwordsDiffer: .usage
        case .noAccounts: .data
        }
    }

    var description: String {
        switch self {
        case .noPassword:
            "no password given; type it at the prompt, or pipe one line to standard input"
        case .passwordsDiffer:
            "the two passwords differ; nothing was changed, try again"
        case .noAccounts(let path):
            "no user was ever added here (no \(path)); pass --data-dir as for 'ledger serve', or add the first with 'ledger user add NAME --admin'"
        }
    }
}
