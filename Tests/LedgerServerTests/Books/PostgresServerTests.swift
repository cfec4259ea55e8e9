import Foundation
import LedgerApp
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The server with its users' books in PostgreSQL (`ledger serve --database`), on the test
/// run's throwaway cluster: the same answers as the server on ledger files for the same events.
/// Opt in with `LGR_POSTGRES_TESTS=1` (skipped with the reason otherwise).
@Suite(
    "the server's books in PostgreSQL",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerTests {
    /// The books database a `--database` URL on the cluster's socket opens, its new users'
    /// books made as `ledger-serve` makes them with `variables`.
    static func database(variables: [String: String] = [:]) throws -> PostgresBooksDatabase {
        let cluster = try PostgresCluster.shared.get()
        return try PostgresBooksDatabase(
            PostgresLocation(
                endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: cluster.database),
            newBooks: LedgerSetting.newBooksSettings(variables: variables))
    }

    /// Adds in date order and back-dated, fees, a sale and a second asset: replay order, lots
    /// and snapshots (one every 2 events here) are all exercised.
    static let adds = [
        #"{"kind": "deposit", "words": "USD 10000", "date": "2025-01-01"}"#,
        #"{"kind": "buy", "words": "BTC 0.1 @ 30000", "fee": "5", "date": "2025-01-03", "note": "first"}"#,
        #"{"kind": "buy", "words": "ETH 2 @ 2000", "date": "2025-01-02"}"#,
        #"{"kind": "sell", "words": "BTC 0.04 @ 35000", "fee": "2", "date": "2025-02-01"}"#,
        #"{"kind": "buy", "words": "BTC 0.02 @ 25000", "date": "2025-01-15"}"#,
    ]

    static let portfolios = [
        "/api/v1/portfolio?as-of=2026-06-30", "/api/v1/portfolio?as-of=2026-06-30&by-account=true",
        "/api/v1/portfolio?as-of=2025-01-20&method=hifo", "/api/v1/portfolio?as-of=2026-06-30&method=average",
    ]

    @Test("add and portfolio answer the same JSON as on ledger files, and nothing is written beside")
    func sameAnswers() async throws {
        let variables = ["LGR_SNAPSHOT_EVERY": "2"]
        let files = try await TestServer.start(variables: variables)
        let postgres = try await TestServer.start(variables: variables, database: try Self.database())
        let user = "pg-\(UUID().uuidString.lowercased())"
        for body in Self.adds {
            let expected = try await Self.add(body, user, on: files)
            let answer = try await Self.add(body, user, on: postgres)
            #expect(answer.status == 201, "\(answer.body)")
            #expect(Self.withoutIDs(answer.body) == Self.withoutIDs(expected.body), "\(body)")
            for path in Self.portfolios {
                let expected = try await files.client.get(path, headers: Books.user(user))
                let answer = try await postgres.client.get(path, headers: Books.user(user))
                #expect(expected.status == 200 && answer.status == 200, "\(path): \(answer.body)")
                #expect(answer.body == expected.body, "\(path) after \(body)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: postgres.settings.ledgerPath(forUser: user)))
        try await files.stop()
        try await postgres.stop()
    }

    @Test("a new user's books take LGR_CURRENCY on both stores, as a new ledger file does; without it USD")
    func newUserCurrency() async throws {
        for currency in ["EUR", nil] {
            let variables = currency.map { ["LGR_CURRENCY": $0] } ?? [:]
            let files = try await TestServer.start(variables: variables)
            let postgres = try await TestServer.start(
                variables: variables, database: try Self.database(variables: variables))
            let user = "pg-\(UUID().uuidString.lowercased())"
            var answers: [String] = []
            for server in [files, postgres] {
                let added = try await Self.add(
                    #"{"kind": "deposit", "words": "\#(currency ?? "USD") 100", "date": "2025-01-01"}"#, user,
                    on: server)
                #expect(added.status == 201, "\(added.body)")
                let portfolio = try await server.client.get(
                    "/api/v1/portfolio?as-of=2026-06-30", headers: Books.user(user))
                #expect(portfolio.status == 200, "\(portfolio.body)")
                answers.append(portfolio.body)
            }
            #expect(answers[0].contains(#""currency": "\#(currency ?? "USD")""#), "\(answers[0])")
            #expect(answers[1] == answers[0], "\(currency ?? "none")")
            try await files.stop()
            try await postgres.stop()
        }
    }

    @Test("the log, the report and returns answer the same JSON as on ledger files, and their pages open")
    func sameReads() async throws {
        let files = try await TestServer.start()
        let postgres = try await TestServer.start(database: try Self.database())
        let user = "pg-\(UUID().uuidString.lowercased())"
        for body in Self.adds {
            _ = try await Self.add(body, user, on: files)
            _ = try await Self.add(body, user, on: postgres)
        }
        let paths = [
            "/api/v1/log", "/api/v1/log?limit=2", "/api/v1/log?asset=BTC&kind=buy",
            "/api/v1/report?period=month&as-of=2026-06-30", "/api/v1/returns?period=all&as-of=2026-06-30",
            "/api/v1/returns?period=30d&as-of=2025-02-15&by=asset",
        ]
        for path in paths {
            let expected = try await files.client.get(path, headers: Books.user(user))
            let answer = try await postgres.client.get(path, headers: Books.user(user))
            #expect(expected.status == 200 && answer.status == 200, "\(path): \(answer.body)")
            #expect(Self.withoutIDs(answer.body) == Self.withoutIDs(expected.body), "\(path)")
        }
        for round in 0..<2 {
            var statuses: [Int] = []
            for server in [files, postgres] {
                let void = try await server.client.request(
                    "POST", "/api/v1/events/3/void", headers: Books.json(user),
                    body: Array(#"{"reason": "typo"}"#.utf8))
                statuses.append(void.status)
            }
            #expect(statuses == Array(repeating: round == 0 ? 201 : statuses[0], count: 2), "round \(round)")
            if round == 1 { #expect(statuses[0] != 201, "voided twice") }
        }
        let logs = [
            try await files.client.get("/api/v1/log", headers: Books.user(user)),
            try await postgres.client.get("/api/v1/log", headers: Books.user(user)),
        ]
        #expect(Self.withoutIDs(logs[1].body) == Self.withoutIDs(logs[0].body), "the log after a void")
        for page in ["/trades", "/report?period=month&as-of=2026-06-30", "/portfolio?period=all"] {
            let answer = try await postgres.client.get(page, headers: Books.user(user))
            #expect(answer.status == 200, "\(page): \(answer.body)")
        }
        #expect(!FileManager.default.fileExists(atPath: postgres.settings.ledgerPath(forUser: user)))
        try await files.stop()
        try await postgres.stop()
    }

    @Test("a refused add and a refused import write nothing, and no file is made")
    func refusalsAndRoutesNotMoved() async throws {
        let server = try await TestServer.start(database: try Self.database())
        let user = "pg-\(UUID().uuidString.lowercased())"
        let short = try await Self.add(
            #"{"kind": "sell", "words": "BTC 1 @ 30000", "date": "2025-01-02"}"#, user, on: server)
        #expect(short.status == 422, "\(short.body)")
        let empty = try await server.client.get("/api/v1/portfolio", headers: Books.user(user))
        #expect(empty.status == 200 && empty.body.contains(#""events": 0,"#), "\(empty.body)")
        let upload = try await server.client.request(
            "POST", "/api/v1/import?dry-run=false&name=events.jsonl", headers: Books.user(user),
            body: Array("{\"not\": \"an event\"}\n".utf8))
        #expect(upload.status == 422 && upload.body.contains("events.jsonl:1"), "\(upload.body)")
        let after = try await server.client.get("/api/v1/portfolio", headers: Books.user(user))
        #expect(after.status == 200 && after.body.contains(#""events": 0,"#), "\(after.body)")
        #expect(!FileManager.default.fileExists(atPath: server.settings.ledgerPath(forUser: user)))
        try await server.stop()
    }

    @Test("two servers over one database: 2 × 40 adds at once for one user, one chain, both see every event")
    func twoServers() async throws {
        let (first, second) = (try Self.database(), try Self.database())
        let servers = [
            try await TestServer.start(database: first), try await TestServer.start(database: second),
        ]
        let user = "pg-\(UUID().uuidString.lowercased())"
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<80 {
                let server = servers[index % 2]
                let day = 1 + index % 28
                group.addTask {
                    let body =
                        #"{"kind": "deposit", "words": "USD 1", "date": "2025-03-\#(day < 10 ? "0" : "")\#(day)"}"#
                    return try await Self.add(body, user, on: server).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 201, count: 80))
        let chain = try first.withUserBooks(user) { try $0.events.verifyChain() }
        #expect(chain.head.count == 80 && chain.firstBreak == nil)
        let ids = try second.withUserBooks(user) { try Set($0.events.allEvents().map(\.id)) }
        #expect(ids.count == 80)
        let path = "/api/v1/portfolio?as-of=2026-01-01"
        let answers = [
            try await servers[0].client.get(path, headers: Books.user(user)),
            try await servers[1].client.get(path, headers: Books.user(user)),
        ]
        #expect(answers[0].status == 200 && answers[0].body == answers[1].body)
        #expect(answers[0].body.contains(#""events": 80,"#), "\(answers[0].body)")
        for server in servers { try await server.stop() }
    }

    static func add(_ body: String, _ user: String, on server: TestServer) async throws -> HTTPTestClient.Response {
        try await server.client.request("POST", "/api/v1/events", headers: Books.json(user), body: Array(body.utf8))
    }

    /// The answer with every event id and chain head replaced (ids are random: two servers
    /// never mint the same, so the hashes differ too).
    static func withoutIDs(_ json: String) -> String {
        json.replacingOccurrences(of: #""[0-9A-Z]{26}""#, with: #""…""#, options: .regularExpression)
            .replacingOccurrences(of: #""head": "[0-9a-f]{64}""#, with: #""head": "…""#, options: .regularExpression)
    }
}
