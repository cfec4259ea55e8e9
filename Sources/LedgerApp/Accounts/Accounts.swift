import LedgerCore
import LedgerInterchange
import LedgerStore
import Synchronization

/// The accounts of `ledger serve` as use cases: users, passwords, API tokens and sessions,
/// over an ``AccountStore`` (one connection, used by one caller at a time behind a lock).
/// `ledger user …` and the server's sign-in both call it. bcrypt runs outside the lock; in the
/// server every call runs off the event loop (LedgerServer's `AccountsGateway`).
public final class Accounts: Sendable {
    let store: Mutex<any AccountStore>
    public let passwords: Passwords
    let context: AppContext
    /// A hash to verify against when the user is unknown, so that an unknown name takes as
    /// long to refuse as a wrong password (made on first use).
    private let decoy = Mutex<String?>(nil)

    public init(store: sending any AccountStore, passwords: Passwords, context: AppContext) {
        self.store = Mutex(store)
        self.passwords = passwords
        self.context = context
    }

    /// The accounts database at `path` (`ServerSettings.accountsPath`), made when missing, with
    /// the bcrypt cost `LGR_BCRYPT_COST` gives.
    public static func open(path: String, context: AppContext) throws -> Accounts {
        let passwords = try Passwords(variables: context.variables)
        return Accounts(store: try SQLiteAccountStore(path: path), passwords: passwords, context: context)
    }

    /// The accounts in the database of the users' books (`ledger serve --database`), with the
    /// bcrypt cost `LGR_BCRYPT_COST` gives.
    public static func open(database: SharedBooks, context: AppContext) throws -> Accounts {
        Accounts(store: database.accounts(), passwords: try Passwords(variables: context.variables), context: context)
    }

    func withStore<T: Sendable>(_ body: (any AccountStore) throws -> T) throws -> T {
        try store.withLock { try body($0) }
    }

    /// Adds a user with a password (checked, then hashed).
    @discardableResult
    public func addUser(_ name: String, password: String, admin: Bool) throws -> StoredUser {
        let userName = try UserName(name)
        try Passwords.check(password)
        let user = StoredUser(
            name: userName.text, passwordHash: passwords.hash(password), isAdmin: admin, created: context.now)
        guard try withStore({ try $0.addUser(user) }) else { throw AccountError.nameTaken(userName.text) }
        return user
    }

    /// Replaces a user's password; every session of theirs ends (tokens stay).
    public func setPassword(_ name: String, password: String) throws {
        let userName = try UserName(name)
        try Passwords.check(password)
        let hash = passwords.hash(password)
        guard try withStore({ try $0.setPasswordHash(hash, forUser: userName.text) }) else {
            throw AccountError.noSuchUser(userName.text)
        }
    }

    /// Disables a user (their sessions end and their tokens are deleted at once) or enables
    /// them again (with no sessions and no tokens).
    public func setDisabled(_ name: String, _ disabled: Bool) throws {
        let userName = try UserName(name)
        guard try withStore({ try $0.setDisabled(disabled, forUser: userName.text) }) else {
            throw AccountError.noSuchUser(userName.text)
        }
    }

    /// Every user, by name.
    public func list() throws -> [StoredUser] {
        try withStore { try $0.users() }
    }

    /// Every user, by name, as `ledger user list` shows them.
    public func rows() throws -> [AccountJSON.UserRow] {
        try list().map { user in
            AccountJSON.UserRow(
                name: user.name, isAdmin: user.isAdmin, isDisabled: user.isDisabled, created: user.created,
                tokens: user.tokenCount)
        }
    }

    public func user(_ name: String) throws -> StoredUser? {
        guard UserName.isValid(name) else { return nil }
        return try withStore { try $0.user(named: name) }
    }

    /// True when `password` is the enabled user's (slow: bcrypt). An unknown user is checked
    /// against a decoy hash, so both refusals take the same time.
    public func verifyPassword(_ name: String, _ password: String) throws -> Bool {
        let found = try user(name)
        guard let found, !found.isDisabled else {
            _ = Passwords.verify(password, hash: decoyHash())
            return false
        }
        return Passwords.verify(password, hash: found.passwordHash)
    }

    private func decoyHash() -> String {
        if let made = decoy.withLock({ $0 }) { return made }
        let made = passwords.hash(Secrets.make(context.randomBits))
        decoy.withLock { $0 = made }
        return made
    }
}
