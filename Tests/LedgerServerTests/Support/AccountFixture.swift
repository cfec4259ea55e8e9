import LedgerApp
import LedgerServer
import LedgerTestSupport

/// A user signed in three ways: a browser session (the `Cookie` header value and the CSRF
/// token its forms carry) and an API token.
struct SignedInTestUser: Sendable {
    let name: String
    let cookie: String
    let csrf: String
    let token: String

    /// Headers of a page request from this user's browser.
    var browser: [String: String] { ["Cookie": cookie] }
    /// Headers of an API request with this user's token.
    var api: [String: String] { ["Authorization": "Bearer " + token] }
}

/// A server on the real accounts database (bcrypt at cost 4, so tests stay fast) and helpers
/// to make users in it. The accounts are reached the way `ledger user …` reaches them: a
/// second connection to the same `DATA/accounts.sqlite`.
struct AccountFixture: Sendable {
    static let variables = ["LGR_BCRYPT_COST": "4"]

    let server: TestServer
    let clock: TestClock
    let accounts: Accounts

    var client: HTTPTestClient { server.client }
    var dataDirectory: String { server.settings.dataDirectory }

    /// A server on a fresh data directory, or on `dataDirectory` (a restart) with its clock.
    static func start(
        secureCookies: Bool = true, dataDirectory: String? = nil, clock: TestClock = TestClock(),
        limits: ServerLimits = ServerLimits(), registration: ServerSettings.Registration = .closed
    ) async throws -> AccountFixture {
        let directory = dataDirectory ?? makeTemporaryDirectory("serve")
        var settings = ServerSettings(port: 0, dataDirectory: directory)
        settings.secureCookies = secureCookies
        settings.registration = registration
        let authenticator = try AccountAuthenticator.open(
            settings: settings, variables: variables, clockMilliseconds: { clock.tick() })
        let server = try await TestServer.start(
            authenticator: authenticator, dataDirectory: directory, variables: variables, clock: clock,
            limits: limits, registration: registration)
        let context = AppContext(
            variables: variables, clockMilliseconds: { clock.tick() }, currentDirectory: directory,
            notices: CollectedNotices())
        let accounts = try Accounts.open(path: server.settings.accountsPath, context: context)
        return AccountFixture(server: server, clock: clock, accounts: accounts)
    }

    /// Adds a user and signs them in: a session straight from the accounts (as a sign-in
    /// through /login makes one) and an API token.
    func user(_ name: String, password: String = "correct horse", admin: Bool = false) throws -> SignedInTestUser {
        try accounts.addUser(name, password: password, admin: admin)
        guard let session = try accounts.signIn(name, password: password) else {
            throw FixtureError(message: "\(name) could not sign in")
        }
        return SignedInTestUser(
            name: name, cookie: AccountAuthenticator.sessionCookie + "=" + session.id, csrf: session.csrfToken,
            token: try accounts.issueToken(name, label: "test"))
    }

    /// Users A and B (`alice` and `bob`), each signed in with a session and a token: for the
    /// per-user isolation tests.
    func twoUsers() throws -> (a: SignedInTestUser, b: SignedInTestUser) {
        (try user("alice"), try user("bob"))
    }

    func stop() async throws { try await server.stop() }
}

struct FixtureError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
