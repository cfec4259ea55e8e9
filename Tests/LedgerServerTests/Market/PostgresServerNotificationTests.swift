import Foundation
import LedgerApp
import LedgerServer
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The alerts the fetcher fires, with the books in PostgreSQL: kept in the database, so a user
/// signed in on a server that did not run the fetcher sees them (the count in the navigation,
/// `/notifications`, `GET /api/v1/notifications`), and what they mark seen on one server is
/// seen on the other; the API answers as a server on files does to the same requests. Opt in
/// with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "notifications with the books in PostgreSQL", .serialized,
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerNotificationTests {
    /// A new database of the test cluster: the fetcher's election is per database, and another
    /// suite's server may lead on the shared one.
    static func newDatabase() throws -> PostgresLocation {
        let cluster = try PostgresCluster.shared.get()
        let shared = PostgresLocation(
            endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: cluster.database)
        let name = "notify_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresSession.connect(shared).execute("CREATE DATABASE \(name)")
        var location = shared
        location.database = name
        return location
    }

    /// The body with each `fired_at` blanked: the servers read their clocks a different number
    /// of times.
    static func timeless(_ body: String) -> String {
        body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("\"fired_at\"") ? "\"fired_at\": …," : String(line)
        }.joined(separator: "\n")
    }

    func seen(_ client: HTTPTestClient, _ user: String, _ query: String) async throws -> HTTPTestClient.Response {
        try await client.request(
            "POST", "/api/v1/notifications/seen" + query, headers: ["X-Test-User": user, "X-CSRF-Token": "test-csrf"],
            body: [])
    }

    @Test("one server fires, both list it; seen on one is seen on the other; the API answers as on files")
    func sharedAcrossServers() async throws {
        let (user, other) = ("alice", "bob")
        let users = PostgresServerFetcherTests.Users(names: [user, other])
        let place = try Self.newDatabase()
        let first = try MarketTestServer(database: try PostgresBooksDatabase(place), users: users)
        let second = try MarketTestServer(database: try PostgresBooksDatabase(place), users: users)
        let files = try MarketTestServer(users: users)
        let (one, two, plain) = (try await first.start(), try await second.start(), try await files.start())
        for client in [one, plain] {
            let buy = try await client.postJSON(
                "/api/v1/events", as: user, #"{"kind": "buy", "words": "BTC 0.5 @ 30000", "date": "2024-05-01"}"#)
            let alert = try await client.postJSON(
                "/api/v1/alerts", as: user, #"{"asset": "BTC", "condition": "above 60000"}"#)
            #expect(buy.status == 201 && alert.status == 201, "\(buy.body) \(alert.body)")
        }
        let empty = try await two.get("/api/v1/notifications", as: user)
        #expect(empty.body == (try await plain.get("/api/v1/notifications", as: user)).body)
        #expect(await LedgerServer.fetchNow(first.state).alertsFired == 1)
        #expect(await LedgerServer.fetchNow(second.state).users == 0, "the second server is not elected")
        #expect(await LedgerServer.fetchNow(files.state).alertsFired == 1)

        let counted = try await two.get("/portfolio", as: user)
        #expect(counted.body.contains(#"<span class="badge" aria-label="1 new">1</span>"#))
        let listed = try await two.get("/api/v1/notifications", as: user)
        #expect(listed.body.contains("\"unseen\": 1") && listed.body.contains("\"message\": \"BTC above 60000 USD: "))
        #expect(
            Self.timeless(listed.body) == Self.timeless(try await plain.get("/api/v1/notifications", as: user).body))

        for client in [one, plain] {
            let alert = try await client.postJSON(
                "/api/v1/alerts", as: user, #"{"asset": "BTC", "condition": "above 50000"}"#)
            #expect(alert.status == 201, "\(alert.body)")
        }
        #expect(await LedgerServer.fetchNow(first.state).alertsFired == 1)
        #expect(await LedgerServer.fetchNow(files.state).alertsFired == 1)
        let marked = try await seen(two, user, "?through=1")
        #expect(marked.body.contains("\"total\": 2") && marked.body.contains("\"unseen\": 1"), "\(marked.body)")
        #expect(Self.timeless(marked.body) == Self.timeless(try await seen(plain, user, "?through=1").body))
        let onFirst = try await one.get("/trades", as: user)
        #expect(onFirst.body.contains(#"aria-label="1 new">1</span>"#), "marked seen through the other server")

        let page = try await one.get("/notifications", as: user)
        let newer = try #require(page.body.range(of: "BTC above 50000 USD: "))
        let older = try #require(page.body.range(of: "BTC above 60000 USD: "))
        #expect(newer.lowerBound < older.lowerBound)
        #expect(page.body.components(separatedBy: " · new").count == 2)
        let cleared = try await two.get("/portfolio", as: user)
        #expect(!cleared.body.contains("class=\"badge\""), "opened on the first server")
        let all = try await two.get("/api/v1/notifications", as: user)
        _ = try await plain.get("/notifications", as: user)
        #expect(all.body.contains("\"unseen\": 0"))
        #expect(Self.timeless(all.body) == Self.timeless(try await plain.get("/api/v1/notifications", as: user).body))

        for client in [one, two] {
            let theirs = try await client.get("/api/v1/notifications", as: other)
            #expect(theirs.body.contains("\"total\": 0") && !theirs.body.contains("BTC above"), "\(theirs.body)")
            let page = try await client.get("/notifications", as: other)
            #expect(page.body.contains("No alert has fired yet.") && !page.body.contains("BTC above"))
        }
        for server in [first, second] {
            let file = server.state.settings.dataDirectory + "/users/alice/notifications.jsonl"
            #expect(!FileManager.default.fileExists(atPath: file), "kept in the database, not in \(file)")
        }
        try await first.stop()
        try await second.stop()
        try await files.stop()
    }
}
