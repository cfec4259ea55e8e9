import Foundation
import LedgerTestSupport
import Testing

/// `ledger user … --database` (issue 38): the first admin of a PostgreSQL deployment, made by
/// the real `ledger` (which hands the command to `ledger-serve`, the program that links the
/// client), then signed in through a real `ledger-serve` on the same database. Opt in with
/// `LGR_POSTGRES_TESTS=1`.
@Suite(
    "ledger user on a PostgreSQL database",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresUserCommandTests {
    static let password = "a-long-password-1"

    @Test("user add --admin, token and list on the database; the server signs the admin in")
    func firstAdmin() async throws {
        let database = try await ClusterDatabase.make()
        let home = makeTemporaryDirectory("user-pg")
        let environment = ServedLedger.environment.merging(["HOME": home, "XDG_DATA_HOME": home]) { $1 }
        let added = try await BuiltProducts.run(
            BuiltProducts.ledger, ["user", "add", "alice", "--admin", "--database", database.url],
            environment: environment, input: Self.password + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Added admin alice to \(database.url); their books will be kept there too.\n")
        let issued = try await BuiltProducts.run(
            BuiltProducts.ledger, ["user", "token", "alice", "--label", "ci", "--database", database.url],
            environment: environment)
        let token = try #require(issued.stdout.firstMatch(of: /lgr_[A-Za-z0-9_-]+/).map { String($0.output) })
        // LGR_DATABASE_URL, as `ledger serve` reads it, stands for --database.
        let listed = try await BuiltProducts.run(
            BuiltProducts.ledger, ["user", "list", "-O", "json"],
            environment: environment.merging(["LGR_DATABASE_URL": database.url]) { $1 })
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(#""name": "alice""#) && listed.stdout.contains(#""admin": true"#))
        #expect(listed.stdout.contains(#""tokens": 1"#), "\(listed.stdout)")
        #expect(
            try await database.sql("SELECT name, admin, password_hash LIKE '$2b$04$%' FROM accounts") == "alice|t|t")
        #expect(!FileManager.default.fileExists(atPath: home + "/ledger"), "nothing made in the data directory")

        let server = try await PostgresServed.start(database.url)
        defer { server.stop() }
        let me = try await server.api("GET", "/api/v1/me", token: token)
        #expect(me.status == 200 && me.body.contains(#""admin": true"#), "\(me.body)")
        let cookie = try await Self.signIn("alice", port: server.port)
        let admin = try await HTTPTestClient(port: server.port, timeoutSeconds: 30).request(
            "GET", "/admin/users", headers: ["Cookie": cookie])
        #expect(admin.status == 200 && admin.body.contains("alice"), "\(admin.status)")
    }

    @Test("a database that does not connect: one line, exit 1, nothing made")
    func unreachable() async throws {
        let directory = makeTemporaryDirectory("user-pg")
        let url = "postgres://u@/db?host=\(directory)/nothing"
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger, ["user", "add", "alice", "--admin", "--database", url],
            environment: ServedLedger.environment.merging(["HOME": directory, "XDG_DATA_HOME": directory]) { $1 },
            input: Self.password + "\n")
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "ledger: error: cannot connect to PostgreSQL at '\(url)': there is no socket '\(directory)/nothing/.s.PGSQL.5432' (no server runs there); start PostgreSQL, or give ?host= the directory that holds its socket (often /run/postgresql)\n"
        )
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory + "/ledger"))
    }

    /// The login form as a browser fills it; the session cookie (`ledger_session=ID`).
    static func signIn(_ name: String, port: Int) async throws -> String {
        let client = HTTPTestClient(port: port, timeoutSeconds: 30)
        let form = try await client.request("GET", "/login")
        let login = form.headers.first { $0.name == "set-cookie" && $0.value.hasPrefix("ledger_login=") }?.value ?? ""
        let value = String(login.prefix { $0 != ";" }.dropFirst("ledger_login=".count))
        let body = "_login=\(value)&name=\(name)&password=\(password)&next="
        let answer = try await client.request(
            "POST", "/login",
            headers: ["Cookie": "ledger_login=" + value, "Content-Type": "application/x-www-form-urlencoded"],
            body: Array(body.utf8))
        #expect(answer.status == 303, "\(answer.body)")
        let session = answer.headers.first { $0.name == "set-cookie" && $0.value.hasPrefix("ledger_session=") }
        return String((session?.value ?? "").prefix { $0 != ";" })
    }
}
