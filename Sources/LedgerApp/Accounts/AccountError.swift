/// What the accounts of `ledger serve` refuse, with the sentence beside each case: the CLI
/// (`ledger user …`) prints it after `ledger: error:`, the server shows it on the page.
public enum AccountError: UserFacingError, Equatable {
    /// Names become directory names (`DATA/users/NAME`).
    case invalidName(String)
    case nameTaken(String)
    case noSuchUser(String)
    case passwordTooShort(minimum: Int)
    /// bcrypt reads only the first 72 bytes; a longer password would be cut silently.
    case passwordTooLong(maximum: Int)
    case notABcryptCost(String)
    /// An admin disabling their own account (from the admin page) would lock them out.
    case cannotDisableSelf
    case emptyTokenLabel
    case userDisabled(String)

    public var category: ErrorCategory {
        switch self {
        case .invalidName, .passwordTooShort, .passwordTooLong, .notABcryptCost, .emptyTokenLabel: .usage
        case .nameTaken, .noSuchUser, .cannotDisableSelf, .userDisabled: .data
        }
    }

    public var description: String {
        switch self {
        case .invalidName(let text):
            "'\(text)' is not a user name; use 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit, e.g. alice"
        case .nameTaken(let name):
            "a user named '\(name)' already exists; 'ledger user list' shows them"
        case .noSuchUser(let name):
            "no user named '\(name)'; 'ledger user list' shows them, 'ledger user add \(name)' creates one"
        case .passwordTooShort(let minimum):
            "the password is too short; use at least \(minimum) characters"
        case .passwordTooLong(let maximum):
            "the password is too long; bcrypt reads at most \(maximum) bytes, so use fewer"
        case .notABcryptCost(let text):
            "\(environmentPrefix)BCRYPT_COST '\(text)' is not a bcrypt cost; use a number from 4 to 31 (default 12)"
        case .cannotDisableSelf:
            "you cannot disable your own account; another admin (or 'ledger user disable') can"
        case .emptyTokenLabel:
            "--label is empty; name what the token is for, e.g. --label phone"
        case .userDisabled(let name):
            "the user '\(name)' is disabled; enable them first with 'ledger user enable \(name)'"
        }
    }
}
