import Foundation
import LedgerServer
import Testing

/// Alerts that reach a web user: what the fetcher fires is listed on `/notifications`, newest
/// first, with a count in every page's navigation until the list is opened; a `change` alert
/// younger than its window waits instead of failing; and `/status` says what went wrong in
/// words for a browser, never a `ledger …` command or cron.
@Suite("notifications and waiting alerts", .serialized)
struct NotificationTests {
    func run(_ server: MarketTestServer, _ user: String, _ arguments: [String]) {
        let result = server.ledger(user, arguments)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
    }

    @Test("an alert fired by the fetcher is listed, newest first, and counted in the navigation until seen")
    func firedAlertsListed() async throws {
        let server = try MarketTestServer()
        run(server, "alice", ["add", "buy", "BTC", "0.5", "@", "30000"])
        run(server, "alice", ["alert", "add", "BTC", "above", "60000", "--note", "<b>sell</b> some"])
        run(server, "bob", ["add", "buy", "ETH", "1", "@", "3000"])
        let client = try await server.start()
        let before = try await client.get("/portfolio", as: "alice")
        #expect(!before.body.contains("class=\"badge\""))
        #expect(before.body.contains("<a href=\"/notifications\">Notifications</a>"))
        #expect(await LedgerServer.fetchNow(server.state).alertsFired == 1)
        let counted = try await client.get("/portfolio", as: "alice")
        #expect(counted.body.contains(#"<span class="badge" aria-label="1 new">1</span>"#))
        #expect(counted.body.contains("Portfolio · 1 new"))
        let bobsPage = try await client.get("/portfolio", as: "bob")
        #expect(!bobsPage.body.contains("class=\"badge\""))
        run(server, "alice", ["alert", "add", "BTC", "above", "50000"])
        #expect(await LedgerServer.fetchNow(server.state).alertsFired == 1)
        let trades = try await client.get("/trades", as: "alice")
        #expect(trades.body.contains(#"aria-label="2 new">2</span>"#))

        let list = try await client.get("/notifications", as: "alice")
        #expect(list.status == 200)
        let newer = try #require(list.body.range(of: "BTC above 50000 USD: "))
        let older = try #require(list.body.range(of: "BTC above 60000 USD: "))
        #expect(newer.lowerBound < older.lowerBound)
        #expect(list.body.contains("(alert 1: &lt;b&gt;sell&lt;/b&gt; some)"))
        #expect(!list.body.contains("<b>sell</b>"))
        #expect(list.body.components(separatedBy: " · new").count == 3)
        #expect(list.body.contains(#"<a href="/market/BTC">BTC</a>"#))
        // This test server runs no scheduled fetcher (the test runs it), and says so.
        #expect(list.body.contains("This server does not fetch prices"))
        #expect(!list.body.contains("class=\"badge\""))
        let seen = try await client.get("/portfolio", as: "alice")
        #expect(!seen.body.contains("class=\"badge\""))
        let again = try await client.get("/notifications", as: "alice")
        #expect(!again.body.contains(" · new"))
        let bob = try await client.get("/notifications", as: "bob")
        #expect(bob.body.contains("No alert has fired yet."))
        #expect(!bob.body.contains("BTC above"))
        try await server.stop()
    }

    @Test("a change alert younger than its window waits; a failure on /status names no command or cron")
    func waitingAlert() async throws {
        let server = try MarketTestServer()
        run(server, "alice", ["add", "buy", "BTC", "0.5", "@", "30000"])
        run(server, "alice", ["alert", "add", "BTC", "change", "5%", "--within", "24h"])
        let client = try await server.start()
        let first = await LedgerServer.fetchNow(server.state)
        #expect(first.failures == [])
        #expect(first.alertsWaiting == 1)
        #expect(first.alertsFired == 0)
        let alerts = try await client.get("/alerts", as: "alice")
        #expect(alerts.body.contains("waiting for 24h of prices (from about 2024-06-02T12:00:"))
        let status = try await client.get("/status", as: "alice")
        #expect(status.body.contains("Alerts waiting for history"))
        #expect(!status.body.contains("alert 1"))

        server.clock.advance(3 * 86_400)
        let later = await LedgerServer.fetchNow(server.state)
        #expect(later.alertsWaiting == 0)
        let failure = try #require(later.failures.first { $0.contains("alert 1 (BTC change") })
        #expect(!failure.contains("'ledger ") && !failure.contains("cron"), "\(failure)")
        let page = try await client.get("/status", as: "alice")
        #expect(page.body.contains("alert 1 (BTC change"))
        #expect(!page.body.contains("cron") && !page.body.contains("&#39;ledger "))
        let judged = try await client.get("/alerts", as: "alice")
        #expect(!judged.body.contains("waiting for"))
        try await server.stop()
    }
}
