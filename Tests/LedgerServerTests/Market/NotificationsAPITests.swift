import Foundation
import LedgerServer
import LedgerTestSupport
import Testing

/// `GET /api/v1/notifications` lists what the fetcher fired, newest first with seen or not;
/// `POST /api/v1/notifications/seen?through=N` marks the first N seen, which clears the count in
/// the pages' navigation as opening `/notifications` does; an alert fired since stays new.
@Suite("notifications through the API", .serialized)
struct NotificationsAPITests {
    func run(_ server: MarketTestServer, _ user: String, _ arguments: [String]) {
        let result = server.ledger(user, arguments)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
    }

    func seen(_ client: HTTPTestClient, _ query: String) async throws -> HTTPTestClient.Response {
        try await client.request(
            "POST", "/api/v1/notifications/seen" + query,
            headers: ["X-Test-User": "alice", "X-CSRF-Token": "test-csrf"], body: [])
    }

    @Test("listed with seen or not, marked seen through a count, other users see none")
    func listAndMarkSeen() async throws {
        let server = try MarketTestServer()
        run(server, "alice", ["add", "buy", "BTC", "0.5", "@", "30000"])
        run(server, "alice", ["alert", "add", "BTC", "above", "60000"])
        let client = try await server.start()
        let empty = try await client.get("/api/v1/notifications", as: "alice")
        #expect(empty.status == 200 && empty.body.contains("\"schema\": \"ledger.notifications/1\""))
        #expect(empty.body.contains("\"total\": 0") && empty.body.contains("\"notifications\": []"))
        #expect(await LedgerServer.fetchNow(server.state).alertsFired == 1)
        let one = try await client.get("/api/v1/notifications", as: "alice")
        for text in [
            "\"total\": 1", "\"unseen\": 1", "\"asset\": \"BTC\"", "\"currency\": \"USD\"", "\"seen\": false",
            "\"message\": \"BTC above 60000 USD: ",
        ] {
            #expect(one.body.contains(text), "\(text): \(one.body)")
        }
        run(server, "alice", ["alert", "add", "BTC", "above", "50000"])
        #expect(await LedgerServer.fetchNow(server.state).alertsFired == 1)
        let marked = try await seen(client, "?through=1")
        #expect(marked.status == 200 && marked.body.contains("\"total\": 2") && marked.body.contains("\"unseen\": 1"))
        let newest = try #require(marked.body.range(of: "BTC above 50000"))
        let older = try #require(marked.body.range(of: "BTC above 60000"))
        #expect(newest.lowerBound < older.lowerBound)
        let page = try await client.get("/portfolio", as: "alice")
        #expect(page.body.contains(#"aria-label="1 new">1</span>"#), "the newer one is still new")
        let all = try await seen(client, "")
        #expect(all.body.contains("\"unseen\": 0") && !all.body.contains("\"seen\": false"))
        let cleared = try await client.get("/portfolio", as: "alice")
        #expect(!cleared.body.contains("class=\"badge\""))
        let back = try await seen(client, "?through=0")
        #expect(back.body.contains("\"unseen\": 0"), "never marks seen ones new again")
        let bad = try await seen(client, "?through=many")
        #expect(bad.status == 400 && bad.body.contains("through 'many' is not a count"))
        let bob = try await client.get("/api/v1/notifications", as: "bob")
        #expect(bob.body.contains("\"total\": 0") && !bob.body.contains("BTC above"))
        try await server.stop()
    }
}
