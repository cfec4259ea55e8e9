import Foundation
import LedgerTestSupport
import Testing

/// Two `ledger-serve` processes on one PostgreSQL database (issue 38): bob, signed in on either
/// server by token or by his password's session, gets 404 for alice's event and her alert on
/// every route that names one, sees none of her books on the routes that read his own, and her rows in the
/// database are what they were. IsolationTests walks every route of a server on ledger files;
/// this is the same wall where the books are rows of one database. Opt in with
/// `LGR_POSTGRES_TESTS=1`.
@Suite(
    "per-user isolation across two ledger-serve processes on one PostgreSQL database",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServeIsolationTests {
    static let note = "alice-private-note-7731"
    static let symbol = "ZQXV"

    /// The routes that read the signed-in user's own books (bob's, empty).
    static let reads = [
        "/api/v1/portfolio", "/api/v1/log", "/api/v1/report", "/api/v1/returns", "/api/v1/me", "/api/v1/status",
        "/api/v1/alerts", "/api/v1/prices/missing", "/portfolio", "/trades", "/report", "/add", "/alerts",
        "/prices/missing",
    ]

    @Test("bob gets 404 for alice's event on both servers and never sees or changes her books")
    func bobOnBothServers() async throws {
        let database = try await ClusterDatabase.make()
        let first = try await PostgresServed.start(database.url)
        defer { first.stop() }
        let second = try await PostgresServed.start(database.url)
        defer { second.stop() }
        let alice = try await database.addUser("alice")
        let eventID = try await Self.seed(first, token: alice)
        let bob = try await Self.bob(database)
        let rows = "SELECT string_agg(sequence || ':' || hash, ',' ORDER BY sequence) FROM events"
        let before = try await database.sql(rows)
        for server in [first, second] {
            let cookie = try await PostgresUserCommandTests.signIn("bob", port: server.port)
            let csrf = try await Self.csrf(server, cookie: cookie)
            let void = try await server.api(
                "POST", "/api/v1/events/\(eventID)/void", #"{"reason": "bob was here"}"#, token: bob)
            #expect(void.status == 404, "API void on :\(server.port): \(void.status) \(void.body.prefix(300))")
            let form = try await server.form("/trades/\(eventID)/void", cookie: cookie, csrf: csrf)
            #expect(form.status == 404, "page void on :\(server.port): \(form.status) \(form.body.prefix(300))")
            let alert = try await server.form("/alerts/1/remove", cookie: cookie, csrf: csrf)
            #expect(alert.status == 404, "alert remove on :\(server.port): \(alert.status)")
            // The id bob sent may be echoed back ("no event '…'"); nothing else of alice's may show.
            for response in [void, form, alert] { Self.expectNothingOf([Self.note, Self.symbol], in: response) }
            for path in Self.reads {
                let response =
                    path.hasPrefix("/api/")
                    ? try await server.api("GET", path, token: bob)
                    : try await HTTPTestClient(port: server.port, timeoutSeconds: 60).get(
                        path, headers: ["Cookie": cookie])
                #expect(response.status < 500, "GET \(path) on :\(server.port): \(response.status)")
                Self.expectNothingOf([Self.note, Self.symbol, eventID], in: response)
            }
        }
        #expect(try await database.sql(rows) == before, "alice's events changed while bob made requests")
        #expect(try await database.sql("SELECT count(*) FROM events") == "2")
        #expect(try await database.sql("SELECT count(*) FROM alerts") == "1", "alice's alert went")
        // Her own requests still see her books, on the other server too.
        let log = try await second.api("GET", "/api/v1/log", token: alice)
        #expect(log.status == 200 && log.body.contains(eventID) && log.body.contains(Self.note))
        let alerts = try await first.api("GET", "/api/v1/alerts", token: alice)
        #expect(alerts.status == 200 && alerts.body.contains(Self.symbol), "\(alerts.body)")
    }

    /// Alice's books through the first server: a deposit with a note and a buy of an asset
    /// nobody else has, and alert 1 on that asset with the note; the buy's id.
    static func seed(_ server: PostgresServed, token: String) async throws -> String {
        var id = ""
        for body in [
            #"{"kind": "deposit", "words": "USD 100000", "note": "\#(note)", "date": "2025-01-01"}"#,
            #"{"kind": "buy", "words": "\#(symbol) 7.77 @ 123.45", "class": "stock", "note": "\#(note)", "date": "2025-01-02"}"#,
        ] {
            let response = try await server.api("POST", "/api/v1/events", body, token: token)
            try #require(response.status == 201, "\(response.body)")
            let match = response.body.firstMatch(of: /"id": "([0-9A-Z]{26})"/)
            id = try #require(match.map { String($0.1) }, "no id in \(response.body)")
        }
        let alert = try await server.api(
            "POST", "/api/v1/alerts", #"{"asset": "\#(symbol)", "condition": "above 200", "note": "\#(note)"}"#,
            token: token)
        try #require(alert.status == 201 && alert.body.contains(#""id": 1,"#), "\(alert.body)")
        return id
    }

    /// Bob, made by the real `ledger user add --database` (so he has a password to sign in
    /// with); an API token of his.
    static func bob(_ database: ClusterDatabase) async throws -> String {
        let home = makeTemporaryDirectory("isolation-pg")
        let added = try await BuiltProducts.run(
            BuiltProducts.ledger, ["user", "add", "bob", "--database", database.url],
            environment: ServedLedger.environment.merging(["HOME": home, "XDG_DATA_HOME": home]) { $1 },
            input: PostgresUserCommandTests.password + "\n")
        try #require(added.status == 0, "\(added.stderr)")
        return try await database.addToken(for: "bob")
    }

    /// The CSRF token of the signed-in session, from a page's form.
    static func csrf(_ server: PostgresServed, cookie: String) async throws -> String {
        let page = try await HTTPTestClient(port: server.port, timeoutSeconds: 60).get(
            "/trades", headers: ["Cookie": cookie])
        let match = page.body.firstMatch(of: /name="_csrf" value="([^"]+)"/)
        return try #require(match.map { String($0.1) }, "no _csrf on /trades: \(page.status)")
    }

    static func expectNothingOf(_ secrets: [String], in response: HTTPTestClient.Response) {
        for secret in secrets {
            #expect(!response.body.contains(secret), "an answer to bob shows alice's \(secret)")
        }
    }
}

extension PostgresServed {
    /// A form posted as the signed-in browser session `cookie` (with its CSRF token).
    func form(_ path: String, cookie: String, csrf: String) async throws -> HTTPTestClient.Response {
        try await HTTPTestClient(port: port, timeoutSeconds: 60).post(
            path, form: [("_csrf", csrf), ("reason", "bob was here")], headers: ["Cookie": cookie])
    }
}
