import Foundation
import LedgerServer
import Testing

/// The scheduled fetcher, one run driven directly (no sleeping) against the loopback market
/// server: two users with overlapping holdings, each price fetched once in batches, both
/// ledgers priced, an alert fired and delivered once; then the status page and JSON, and a
/// scheduled fetcher that stops with the server.
@Suite("the scheduled fetcher", .serialized)
struct FetcherTests {
    /// alice holds BTC and ETH and has an alert on BTC; bob holds ETH and DOGE and watches BTC.
    func twoUsers(_ server: MarketTestServer) {
        run(server, "alice", ["add", "buy", "BTC", "0.5", "@", "30000"])
        run(server, "alice", ["add", "buy", "ETH", "2", "@", "2000"])
        run(server, "alice", ["alert", "add", "BTC", "above", "60000"])
        run(server, "bob", ["add", "buy", "ETH", "1", "@", "3000"])
        run(server, "bob", ["add", "buy", "DOGE", "1000", "@", "0.1"])
        run(server, "bob", ["watch", "add", "BTC"])
    }

    func run(_ server: MarketTestServer, _ user: String, _ arguments: [String]) {
        let result = server.ledger(user, arguments)
        #expect(result.status == 0, "\(arguments): \(result.errors)")
    }

    @Test("one run: each symbol fetched once in batches, both ledgers priced, an alert fired once")
    func oneRun() async throws {
        let server = try MarketTestServer(batchSize: 2, variables: ["LGR_ALERT_COMMAND": "notify"])
        twoUsers(server)
        let record = await LedgerServer.fetchNow(server.state)
        #expect(record.failures == [])
        #expect(record.users == 2)
        #expect(record.symbols == 3)
        #expect(record.batches == 2)
        // BTC, DOGE | ETH: one request per batch, every symbol asked once for both users.
        let prices = server.requests("/coingecko/simple/price").map(\.query)
        #expect(prices.count == record.batches)
        #expect(
            prices.map { $0.contains("ids=bitcoin%2Cdogecoin&") || $0.contains("ids=bitcoin,dogecoin&") } == [
                true, false,
            ])
        #expect(prices.map { $0.contains("ids=ethereum&") } == [false, true])
        #expect(server.requests("/cryptocompare/data/pricemultifull").isEmpty)
        #expect(server.requests("/coingecko/coins/markets").count == 1)
        #expect(record.requests["coingecko"] == 3)
        #expect(record.requests["cryptocompare"] == nil)
        #expect(record.pricesRecorded == 5)
        let alice = server.ledger("alice", ["prices", "show", "-O", "json"]).output
        let bob = server.ledger("bob", ["prices", "show", "-O", "json"]).output
        #expect(alice.contains(#""asset": "BTC""#) && alice.contains(#""asset": "ETH""#) && !alice.contains("DOGE"))
        #expect(
            bob.contains(#""asset": "BTC""#) && bob.contains(#""asset": "ETH""#) && bob.contains(#""asset": "DOGE""#))
        #expect(record.alertsFired == 1)
        #expect(server.spawner.runs.count == 1)
        #expect(server.spawner.runs.first?.command == "notify")
        #expect(server.spawner.runs.first?.environment["LGR_ALERT_USER"] == "alice")
        #expect(server.spawner.runs.first?.environment["LGR_ALERT_ASSET"] == "BTC")
        #expect(server.ledger("alice", ["alert", "list"]).output.contains("fired"))
        let again = await LedgerServer.fetchNow(server.state)
        #expect(again.alertsFired == 0)
        #expect(server.spawner.runs.count == 1)
        try await server.stop()
    }

    @Test("/status and /api/v1/status show the last run")
    func status() async throws {
        let server = try MarketTestServer(batchSize: 2)
        let client = try await server.start()
        let before = try await client.get("/api/v1/status", as: "alice")
        #expect(before.body.contains(#""schema": "ledger.server-status/1""#))
        #expect(before.body.contains(#""enabled": false"#))
        #expect(before.body.contains(#""last_run": null"#))
        twoUsers(server)
        server.market.set("/coingecko/simple/price", [.init(status: 500, body: "down")])
        server.market.set("/cryptocompare/data/pricemultifull", [.init(status: 500, body: "down")])
        _ = await LedgerServer.fetchNow(server.state)
        let after = try await client.get("/api/v1/status", as: "alice")
        #expect(after.body.contains(#""users": 2"#))
        #expect(after.body.contains(#""batches": 2"#))
        #expect(after.body.contains(#""alerts_fired": 0"#))
        #expect(after.body.contains("DOGE in USD: "))
        let page = try await client.get("/status", as: "alice")
        #expect(page.status == 200)
        #expect(page.body.contains("Failures"))
        #expect(page.body.contains("DOGE in USD: "))
        #expect(page.body.contains("cryptocompare"))
        try await server.stop()
    }

    @Test("with --fetch-every the fetcher runs at start and stops with the server")
    func scheduled() async throws {
        let server = try MarketTestServer(batchSize: 2, fetchInterval: 3600)
        twoUsers(server)
        _ = try await server.start()
        var waited = 0
        while server.state.market.status.lastRun == nil && waited < 200 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(server.state.market.status.lastRun?.users == 2)
        #expect(server.state.market.status.nextRunAt != nil)
        try await server.stop()
        #expect(server.state.market.status.isRunning == false)
    }
}
