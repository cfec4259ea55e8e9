import Foundation
import LedgerApp
import LedgerServer
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// Two servers on one PostgreSQL database with their accounts in it (`ledger serve --database`):
/// a sign-in through one server's form is a session the other accepts, a token made on one
/// works on both, and disabling the user ends both everywhere. Opt in with
/// `LGR_POSTGRES_TESTS=1`.
@Suite(
    "the server's accounts in PostgreSQL",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresAccountsServerTests {
    static let variables = ["LGR_BCRYPT_COST": "4"]

    /// A server whose books and accounts are in the cluster's database.
    static func server(clock: TestClock) async throws -> TestServer {
        let database = try PostgresServerTests.database()
        let directory = makeTemporaryDirectory("serve")
        let authenticator = try AccountAuthenticator.open(
            settings: ServerSettings(port: 0, dataDirectory: directory), variables: variables,
            clockMilliseconds: { clock.tick() }, database: database)
        return try await TestServer.start(
            authenticator: authenticator, dataDirectory: directory, variables: variables, clock: clock,
            database: database)
    }

    @Test(
        "a session made on one server is good on the other; a token too; disabling ends both on both")
    func sharedAccounts() async throws {
        let clock = TestClock()
        let servers = [try await Self.server(clock: clock), try await Self.server(clock: clock)]
        let accounts = try Accounts.open(
            database: try PostgresServerTests.database(),
            context: AppContext(
                variables: Self.variables, clockMilliseconds: { clock.tick() }, currentDirectory: "/",
                notices: CollectedNotices()))
        let name =
            "a" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        try accounts.addUser(name, password: "correct horse", admin: false)
        let cookie = try await Self.signIn(name, on: servers[0])
        let token = try accounts.issueToken(name, label: "test")
        for server in servers {
            let page = try await server.client.get("/account", headers: ["Cookie": cookie])
            #expect(
                page.status == 200 && page.body.contains("Signed in as <strong>\(name)</strong>"),
                "\(page.status)")
            let me = try await server.client.get(
                "/api/v1/me", headers: ["Authorization": "Bearer " + token])
            #expect(me.status == 200 && me.body.contains(#""user": "\#(name)""#), "\(me.body)")
        }
        try accounts.setDisabled(name, true)
        for server in servers {
            let page = try await server.client.get("/account", headers: ["Cookie": cookie])
            #expect(page.status == 303 && page.header("location")?.hasPrefix("/login") == true)
            let me = try await server.client.get(
                "/api/v1/me", headers: ["Authorization": "Bearer " + token])
            #expect(me.status == 401)
        }
        #expect(
            !FileManager.default.fileExists(atPath: servers[0].settings.accountsPath), "no accounts file")
        for server in servers { try await server.stop() }
    }

    /// The login form as a browser fills it; the session cookie (`ledger_session=ID`).
    static func signIn(_ name: String, on server: TestServer) async throws -> String {
        let form = try await server.client.get("/login")
        let login = form.headers("set-cookie").first { $0.hasPrefix("ledger_login=") } ?? ""
        let token = String(login.prefix { $0 != ";" }.dropFirst("ledger_login=".count))
        let answer = try await server.client.post(
            "/login",
            form: [("_login", token), ("name", name), ("password", "correct horse"), ("next", "")],
            headers: ["Cookie": "ledger_login=" + token])
        #expect(answer.status == 303, "\(answer.body)")
        let session = answer.headers("set-cookie").first { $0.hasPrefix("ledger_session=") } ?? ""
        return String(session.prefix { $0 != ";" })
    }
}
