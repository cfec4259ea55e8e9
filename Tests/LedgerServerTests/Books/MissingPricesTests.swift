import Foundation
import LedgerServer
import LedgerTestSupport
import Testing

/// A web user fills the prices the portfolio says are missing: `/prices/missing` lists them,
/// its button fetches them from the (loopback) sources as `prices fetch --missing` does, and
/// its form records one by hand with the checks of `prices set`; the API does the same.
@Suite("missing prices filled from the web", .serialized)
struct MissingPricesTests {
    func run(_ server: MarketTestServer, _ user: String, _ arguments: [String]) -> String {
        let result = server.ledger(user, arguments)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
        return result.output
    }

    /// Alice earned BTC (the sources have its history) and FOO (CryptoCompare has no FOO-USD pair) on 2024-05-30.
    func seeded() async throws -> (MarketTestServer, HTTPTestClient) {
        let server = try MarketTestServer()
        _ = run(
            server, "alice", ["add", "income", "BTC", "0.01", "--kind", "staking", "--date", "2024-05-30", "--offline"])
        _ = run(
            server, "alice",
            [
                "add", "income", "FOO", "5", "--kind", "airdrop", "--class", "crypto", "--date", "2024-05-30",
                "--offline",
            ])
        return (server, try await server.start())
    }

    @Test("the portfolio links the page; it lists the gaps, fetches what the sources have and says why not the rest")
    func listAndFetch() async throws {
        let (server, client) = try await seeded()
        let portfolio = try await client.get("/portfolio", as: "alice")
        #expect(portfolio.body.contains("<a href=\"/prices/missing\">"))
        #expect(!portfolio.body.contains("ledger prices"), "the hint names no command")
        let page = try await client.get("/prices/missing", as: "alice")
        #expect(page.status == 200)
        for text in [
            "BTC/USD", "FOO/USD", "2024-05-30", "action=\"/prices/missing/fetch\"", "name=\"_csrf\"",
            "/prices/missing?asset=FOO&amp;quote=USD&amp;date=2024-05-30#record", "action=\"/prices\"",
        ] {
            #expect(page.body.contains(text), "\(text)")
        }
        let listed = try await client.get("/api/v1/prices/missing", as: "alice")
        #expect(listed.status == 200 && listed.body.contains("\"schema\": \"ledger.prices.missing/1\""))
        #expect(listed.body.contains("\"asset\": \"FOO\"") && listed.body.contains("\"from\": \"2024-05-30\""))

        let fetched = try await client.post("/prices/missing/fetch", as: "alice", form: [])
        #expect(fetched.status == 200)
        #expect(fetched.body.contains("Fetched ") && !fetched.body.contains("Fetched 0 "), "\(fetched.body)")
        #expect(fetched.body.contains("FOO/USD") && !fetched.body.contains("BTC/USD"))
        let after = try await client.get("/api/v1/prices/missing", as: "alice")
        #expect(!after.body.contains("\"asset\": \"BTC\"") && after.body.contains("\"asset\": \"FOO\""))
        let shown = run(server, "alice", ["prices", "show", "BTC"])
        #expect(shown.contains("2024-05-30"), "\(shown)")
        let bob = try await client.get("/prices/missing", as: "bob")
        #expect(bob.body.contains("Nothing is missing") && !bob.body.contains("FOO"))
        #expect(!FileManager.default.fileExists(atPath: server.ledgerPath("bob")))
        try await server.stop()
    }

    @Test("a price typed by hand is checked as prices set checks it; a refusal writes nothing")
    func recordByHand() async throws {
        let (server, client) = try await seeded()
        let form = { (price: String, date: String) in
            [("asset", "FOO"), ("price", price), ("currency", "USD"), ("date", date)]
        }
        let negative = try await client.post("/prices", as: "alice", form: form("-1", "2024-05-30"))
        #expect(negative.status == 422 && negative.body.contains("price must be 0 or more, got -1"))
        #expect(negative.body.contains("value=\"-1\""), "the form keeps what was typed")
        let badDate = try await client.post("/prices", as: "alice", form: form("2.5", "yesterday"))
        #expect(badDate.status == 422 && badDate.body.contains("Date "), "\(badDate.body)")
        let itself = try await client.post(
            "/prices", as: "alice", form: [("asset", "FOO"), ("price", "1"), ("currency", "FOO")])
        #expect(itself.status == 422 && itself.body.contains("in the Currency field"))
        #expect(run(server, "alice", ["prices", "show", "FOO"]).contains("No prices recorded for FOO"))

        let recorded = try await client.post("/prices", as: "alice", form: form("2.5", "2024-05-30"))
        #expect(recorded.status == 200)
        #expect(recorded.body.contains("Recorded FOO 2.5 USD on 2024-05-30 (manual)."), "\(recorded.body)")
        #expect(!recorded.body.contains("FOO/USD"), "no longer missing")
        #expect(run(server, "alice", ["prices", "show", "FOO"]).contains("2.5"))
        let portfolio = try await client.get("/portfolio", as: "alice")
        #expect(!portfolio.body.contains("FOO/USD"))

        let api = try await client.postJSON(
            "/api/v1/prices", as: "alice", #"{"asset": "FOO", "price": "2.75", "date": "2024-05-31"}"#)
        #expect(api.status == 201 && api.body.contains("\"schema\": \"ledger.prices/1\""))
        #expect(api.body.contains("\"price\": \"2.75\"") && api.body.contains("\"source\": \"manual\""))
        let refused = try await client.postJSON("/api/v1/prices", as: "alice", #"{"asset": "FOO", "price": "lots"}"#)
        #expect(refused.status == 422 && refused.body.contains("\"error\""), "\(refused.body)")
        try await server.stop()
    }
}
