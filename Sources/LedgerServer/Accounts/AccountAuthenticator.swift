import Hummingbird
import LedgerApp

/// Who a request is, from the accounts database: a session cookie for pages, an
/// `Authorization: Bearer lgr_…` token for `/api/…`, and never the other way round. A token
/// cannot post a form (browsers never send one on their own, so the CSRF guard would have
/// nothing to check), and the API takes no cookie (so no page on another site can make a
/// signed-in browser call it). Also holds what the sign-in routes share: the accounts, the
/// login rate limit and whether cookies are `Secure`.
public struct AccountAuthenticator: Authenticating {
    public static let sessionCookie = "ledger_session"
    public static let loginCookie = "ledger_login"

    let accounts: AccountsGateway
    let secureCookies: Bool
    /// Whether the sign-in form offers `/signup` (only when anyone may make an account).
    var registration = ServerSettings.Registration.closed

    public init(accounts: Accounts, secureCookies: Bool) {
        self.accounts = AccountsGateway(accounts: accounts)
        self.secureCookies = secureCookies
    }

    var rateLimit: LoginRateLimit { LoginRateLimit(accounts: accounts) }

    /// The server's own: `DATA/accounts.sqlite` (made when missing), or the accounts in
    /// `database` when the books are there (`--database`), on the server's clock and variables
    /// (`LGR_BCRYPT_COST`). The data directory is made private first
    /// (``DataDirectory/makePrivate(_:)``).
    public static func open(
        settings: ServerSettings, variables: [String: String], clockMilliseconds: @escaping @Sendable () -> UInt64,
        database: SharedBooks? = nil
    ) throws -> AccountAuthenticator {
        try DataDirectory.makePrivate(settings.dataDirectory)
        let context = AppContext(
            variables: variables, clockMilliseconds: clockMilliseconds, currentDirectory: settings.dataDirectory,
            notices: CollectedNotices())
        let accounts =
            try database.map { try Accounts.open(database: $0, context: context) }
            ?? Accounts.open(path: settings.accountsPath, context: context)
        var authenticator = AccountAuthenticator(
            accounts: accounts,
            secureCookies: settings.secureCookies)
        authenticator.registration = settings.registration
        return authenticator
    }

    public func user(for request: Request) async throws -> ServerUser? {
        let found: SignedInUser?
        if request.uri.path.hasPrefix("/api/") {
            guard let token = Self.bearerToken(request) else { return nil }
            found = try await accounts.run { try $0.tokenUser(token) }
        } else {
            guard let id = Self.sessionID(request) else { return nil }
            found = try await accounts.run { try $0.session(id) }
        }
        return found.map { ServerUser(name: $0.name, isAdmin: $0.isAdmin, csrfToken: $0.csrfToken) }
    }

    static func sessionID(_ request: Request) -> String? {
        guard let value = request.cookies[sessionCookie]?.value, !value.isEmpty else { return nil }
        return value
    }

    static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ")
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return String(parts[1])
    }

    /// `NAME=VALUE; Path=/; HttpOnly; SameSite=Strict` (+ `Secure` unless cookies are
    /// insecure) with a `Max-Age` (0 removes it).
    func cookie(_ name: String, _ value: String, path: String = "/", maxAge: Int64) -> String {
        "\(name)=\(value); Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Strict"
            + (secureCookies ? "; Secure" : "")
    }
}

/// The accounts, called off the event loop: bcrypt takes about a quarter of a second at cost
/// 12 and SQLite may wait for `ledger user …` to finish writing, so every call runs where all
/// the server's blocking work runs (``Offload``) and the event loops keep serving.
struct AccountsGateway: Sendable {
    let accounts: Accounts

    func run<T: Sendable>(_ body: @escaping @Sendable (Accounts) throws -> T) async throws -> T {
        try await Offload.run { try body(accounts) }
    }
}
