import Foundation
import LedgerTestSupport
import Testing

/// Two `ledger-serve` processes on one PostgreSQL database (issue 38): appends for one user
/// through both APIs at once make one chain, with nothing lost or doubled. The user and their
/// token are written into the database with `psql` (the accounts are the database's, which
/// `ledger user` does not reach). Opt in with `LGR_POSTGRES_TESTS=1`.
/// 2 × 500 appends take about 48 s on 2 cores: a slow suite too (`LGR_SLOW_TESTS=1`).
@Suite(
    "two ledger-serve processes on one PostgreSQL database",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)),
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct PostgresServeProcessTests {
    static let perServer = 500

    @Test("2 × 500 adds at once for one user through two servers: one chain, every event once")
    func twoProcesses() async throws {
        let database = try await ClusterDatabase.make()
        let first = try await PostgresServed.start(database.url)
        defer { first.stop() }
        let token = try await database.addUser("alice")
        let second = try await PostgresServed.start(database.url)
        defer { second.stop() }
        let servers = [first, second]
        // 8 clients per server at once, each adding in turn: 16 appends in flight for one user
        // (bounded, so the two servers' connections stay well under the cluster's 200).
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for client in 0..<16 {
                let server = servers[client % 2]
                group.addTask {
                    var statuses: [Int] = []
                    for index in stride(from: client, to: 2 * Self.perServer, by: 16) {
                        let day = 1 + index % 28
                        let date = "2025-03-\(day < 10 ? "0" : "")\(day)"
                        let body = #"{"kind": "deposit", "words": "USD 1", "date": "\#(date)"}"#
                        statuses.append(try await server.api("POST", "/api/v1/events", body, token: token).status)
                    }
                    return statuses
                }
            }
            return try await group.reduce(into: [Int]()) { $0 += $1 }
        }
        let total = 2 * Self.perServer
        #expect(statuses == Array(repeating: 201, count: total))
        let chain = try await database.chain(of: "alice")
        #expect(
            chain == "\(total)|\(total)|1|\(total)|0|t",
            "count, distinct ids, first, last, broken links, head")
        let portfolios = [
            try await first.api("GET", "/api/v1/portfolio?as-of=2026-01-01", token: token),
            try await second.api("GET", "/api/v1/portfolio?as-of=2026-01-01", token: token),
        ]
        #expect(portfolios[0].status == 200 && portfolios[0].body == portfolios[1].body)
        #expect(portfolios[0].body.contains(#""events": \#(total),"#), "\(portfolios[0].body)")
    }
}

/// A new database of the test run's cluster, and `psql` on it.
struct ClusterDatabase {
    let name: String
    let cluster: PostgresCluster

    static func make() async throws -> ClusterDatabase {
        let cluster = try PostgresCluster.shared.get()
        let name = "serve_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let database = ClusterDatabase(name: "postgres", cluster: cluster)
        try await database.sql("CREATE DATABASE \(name)")
        return ClusterDatabase(name: name, cluster: cluster)
    }

    /// Adds the account `name` (its password hash unusable: it signs in with the token only)
    /// and an API token for it; the token.
    func addUser(_ name: String) async throws -> String {
        try await sql(
            "INSERT INTO accounts (name, password_hash, admin, disabled, created_at) VALUES ('\(name)', 'x', false, false, 0)"
        )
        return try await addToken(for: name)
    }

    /// A new API token for the account `name`, written as `ledger user token` writes it.
    func addToken(for name: String) async throws -> String {
        let token =
            "lgr_" + String(repeating: "A", count: 11) + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        try await sql(
            """
            INSERT INTO account_tokens (user_name, token_hash, label, created_at)
            VALUES ('\(name)', encode(sha256(convert_to('\(token)', 'UTF8')), 'hex'), 'test', 0)
            """)
        return token
    }

    var socketDirectory: String { String(cluster.socketPath.dropLast("/.s.PGSQL.5432".count)) }
    /// `--database` for it.
    var url: String { "postgres://\(cluster.user)@/\(name)?host=\(socketDirectory)" }

    /// Runs `sql` (stopping at the first error) and returns what it printed, unaligned.
    @discardableResult
    func sql(_ sql: String) async throws -> String {
        let psql = URL(fileURLWithPath: (PostgresCluster.binaries ?? "") + "/psql")
        let result = try await ChildProcess.run(
            psql,
            [
                "-h", socketDirectory, "-U", cluster.user, "-d", name, "-v", "ON_ERROR_STOP=1", "-At", "-c",
                sql,
            ],
            environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        guard result.status == 0 else {
            throw ReportFixture.FixtureError(message: "psql failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A `ledger-serve` process with its books and accounts in PostgreSQL.
final class PostgresServed: @unchecked Sendable {
    let process: SpawnedProcess
    let port: Int

    private init(process: SpawnedProcess, port: Int) {
        self.process = process
        self.port = port
    }

    /// Started with `arguments` after its own and `environment` over ``ServedLedger/environment``.
    static func start(_ url: String, arguments: [String] = [], environment: [String: String] = [:]) async throws
        -> PostgresServed
    {
        let data = makeTemporaryDirectory("serve-pg") + "/data"
        let process = try SpawnedProcess(
            BuiltProducts.serve.path, ["--port", "0", "--data-dir", data, "--database", url] + arguments,
            environment: ServedLedger.environment.merging(environment) { $1 }, stdout: .pipe)
        let out = process.output!
        let first = try await ServeProcessTests.firstLine(out)
        let port = try #require(
            first.split(separator: ":").last.flatMap { Int($0) }, "no port in '\(first)'")
        // The access log is read and dropped, so the server never blocks on a full pipe.
        Thread { while !out.availableData.isEmpty {} }.start()
        return PostgresServed(process: process, port: port)
    }

    func stop() { process.signal(SIGTERM) }

    func api(_ method: String, _ path: String, _ body: String = "", token: String) async throws
        -> HTTPTestClient.Response
    {
        var headers = ["Authorization": "Bearer " + token]
        if !body.isEmpty { headers["Content-Type"] = "application/json" }
        return try await HTTPTestClient(port: port, timeoutSeconds: 60).request(
            method, path, headers: headers, body: Array(body.utf8))
    }
}
