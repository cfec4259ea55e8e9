import Foundation
import Testing

/// The watchlist and the alerts, as pages and API, on each user's own ledger: the CLI's
/// sentences for bad input (and nothing written), the JSON of `watch list -O json` and
/// `alert list -O json`, and one user never seeing another's.
@Suite("watchlist and alerts", .serialized)
struct WatchlistAlertTests {
    @Test("watch and unwatch from forms; the API is `watch list -O json`")
    func watchlist() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let refused = try await client.post("/watchlist", as: "alice", form: [("symbol", "B@D")])
        #expect(refused.status == 400)
        #expect(
            refused.body.contains("&#39;B@D&#39; is not a symbol; use letters and digits such as BTC, 1INCH or AAPL"))
        #expect(!FileManager.default.fileExists(atPath: server.ledgerPath("alice")))
        let added = try await client.post("/watchlist", as: "alice", form: [("symbol", "BTC ETH")])
        #expect(added.status == 303)
        #expect(added.header("location") == "/watchlist")
        let api = try await client.get("/api/v1/watchlist", as: "alice")
        let cli = server.ledger("alice", ["watch", "list", "-O", "json"])
        #expect(api.body.trimmingCharacters(in: .newlines) == cli.output.trimmingCharacters(in: .newlines))
        #expect(api.body.contains(#""symbol": "ETH""#))
        let stray = try await client.post("/watchlist/DOGE/remove", as: "alice", form: [])
        #expect(stray.status == 404)
        #expect(
            stray.body.contains(
                "DOGE is not watched (watched: BTC ETH); nothing removed; &#39;ledger watch list&#39; shows the watchlist"
            ))
        let removed = try await client.post("/watchlist/ETH/remove", as: "alice", form: [("next", "/market/ETH")])
        #expect(removed.header("location") == "/market/ETH")
        let page = try await client.get("/watchlist", as: "alice")
        #expect(page.body.contains(#"<a href="/market/BTC">BTC</a>"#))
        #expect(!page.body.contains(#"<a href="/market/ETH">"#))
        let bob = try await client.get("/api/v1/watchlist", as: "bob")
        #expect(!bob.body.contains("BTC"))
        let json = try await client.postJSON("/api/v1/watchlist", as: "bob", #"{"add": ["SOL", "ADA"]}"#)
        #expect(json.status == 200)
        #expect(json.body.contains(#""symbol": "ADA""#))
        try await server.stop()
    }

    @Test("alerts: added with the CLI's checks, listed with their state, removed; the API is `alert list -O json`")
    func alerts() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let refusals: [([(String, String)], String)] = [
            (
                [("asset", "BTC"), ("condition", "change"), ("level", "10%")],
                "change needs --within, the time the move happens in; e.g. change 10% --within 24h"
            ),
            (
                [("asset", "BTC"), ("condition", "above"), ("level", "-5")],
                "the level must be more than 0, got -5; write e.g. above 50000"
            ),
            (
                [("asset", "USD"), ("condition", "above"), ("level", "1")],
                "an alert on USD in USD would never move"
            ),
            ([("asset", "BTC"), ("condition", "above")], "the level is missing; write e.g. above 50000"),
        ]
        for (form, message) in refusals {
            let response = try await client.post("/alerts", as: "alice", form: form)
            #expect(response.status == 400, "\(form)")
            #expect(response.body.contains(message), "\(form): \(response.body)")
        }
        #expect(!FileManager.default.fileExists(atPath: server.ledgerPath("alice")))
        let added = try await client.post(
            "/alerts", as: "alice",
            form: [("asset", "BTC"), ("condition", "above"), ("level", "60000"), ("note", "sell")])
        #expect(added.status == 303)
        #expect(added.header("location") == "/alerts?added=1")
        let page = try await client.get("/alerts?added=1", as: "alice")
        #expect(page.body.contains("added alert 1: BTC above 60000 USD (armed)"))
        #expect(page.body.contains(#"<form method="post" action="/alerts/1/remove" class="inline">"#))
        let json = try await client.postJSON(
            "/api/v1/alerts", as: "alice", #"{"asset": "ETH", "condition": "change -5%", "within": "24h"}"#)
        #expect(json.status == 201)
        let api = try await client.get("/api/v1/alerts", as: "alice")
        let cli = server.ledger("alice", ["alert", "list", "-O", "json"])
        #expect(api.body.trimmingCharacters(in: .newlines) == cli.output.trimmingCharacters(in: .newlines))
        #expect(api.body.contains(#""asset": "ETH""#))
        let bob = try await client.post("/alerts/1/remove", as: "bob", form: [])
        #expect(bob.status == 404)
        #expect(bob.body.contains("no alert 1; &#39;ledger alert list&#39; shows the alerts and their numbers"))
        let notNumber = try await client.post("/alerts/x/remove", as: "alice", form: [])
        #expect(notNumber.status == 400)
        #expect(try await client.post("/alerts/1/remove", as: "alice", form: []).status == 303)
        #expect(!(try await client.get("/api/v1/alerts", as: "alice").body.contains(#""asset": "BTC""#)))
        try await server.stop()
    }

    /// Found by schemathesis: a JSON array where the object belongs was a 500.
    @Test("a body that is not a JSON object is a 400 with the sentence, on both routes")
    func notAnObject() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        for path in ["/api/v1/watchlist", "/api/v1/alerts"] {
            let response = try await client.postJSON(path, as: "alice", "[null, null]")
            #expect(response.status == 400, "\(path): \(response.body)")
            #expect(response.body.hasPrefix(#"{"error":"the body is not a JSON object"#), "\(response.body)")
        }
        #expect(!FileManager.default.fileExists(atPath: server.ledgerPath("alice")))
        try await server.stop()
    }
}
