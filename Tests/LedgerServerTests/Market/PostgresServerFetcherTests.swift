import Foundation
import LedgerApp
import LedgerCore
import LedgerServer
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The scheduled fetcher with the users' books in PostgreSQL, one run driven directly: the
/// elected server prices the user's holding into their books in the database and fires their
/// alert there, once; a second server on the same database, not elected while the first lives,
/// runs nothing, yet shows the first's run on `/status` and streams the live quotes the first
/// fetched without asking the sources. (Two real processes, the takeover and the schedule:
/// EndToEndTests' `PostgresServeFetcherTests`.) Opt in with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "the scheduled fetcher with the books in PostgreSQL", .serialized,
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerFetcherTests {
    struct Users: ServerUserList {
        let names: [String]
        func userNames() throws -> [String] { names }
    }

    @Test("the elected server prices the books and fires the alert in the database; the other runs nothing")
    func electedServer() async throws {
        let user = "pg-\(UUID().uuidString.lowercased())"
        let database = try PostgresServerTests.database()
        let first = try MarketTestServer(
            variables: ["LGR_ALERT_COMMAND": "notify"], database: database, users: Users(names: [user]))
        let second = try MarketTestServer(database: try PostgresServerTests.database(), users: Users(names: [user]))
        let client = try await first.start()
        let buy = try await client.postJSON(
            "/api/v1/events", as: user, #"{"kind": "buy", "words": "BTC 0.5 @ 30000", "date": "2024-05-01"}"#)
        let alert = try await client.postJSON(
            "/api/v1/alerts", as: user, #"{"asset": "BTC", "condition": "above 60000"}"#)
        #expect(buy.status == 201 && alert.status == 201, "\(buy.body) \(alert.body)")

        let record = await LedgerServer.fetchNow(first.state)
        #expect(record.failures == [] && record.users == 1 && record.alertsFired == 1, "\(record)")
        #expect(record.pricesRecorded == 1 && first.requests("/coingecko/coins/markets").count == 1)
        let (prices, alerts) = try database.withUserBooks(user) { books in
            (try books.prices.observations(asset: AssetSymbol("BTC")!), try books.alerts.alerts())
        }
        #expect(prices.contains { $0.observation.source == "coingecko" }, "\(prices)")
        #expect(alerts.map(\.state) == [.fired], "\(alerts)")
        #expect(first.spawner.runs.map { $0.environment["LGR_ALERT_USER"] } == [user])

        let skipped = await LedgerServer.fetchNow(second.state)
        #expect(skipped.users == 0 && skipped.batches == 0, "\(skipped)")
        #expect(second.market.requests.isEmpty, "the second server fetched")
        let again = await LedgerServer.fetchNow(first.state)
        #expect(again.users == 1 && again.alertsFired == 0 && first.spawner.runs.count == 1)
        try await first.stop()
        try await second.stop()
    }

    @Test("the second server shows the first's run on /status and streams the quotes the first fetched")
    func sharedStatusAndQuotes() async throws {
        let user = "pg-\(UUID().uuidString.lowercased())"
        let place = try PostgresServerNotificationTests.newDatabase()
        let servers = try [0, 1].map { _ in
            try MarketTestServer(
                liveInterval: .seconds(3600), database: try PostgresBooksDatabase(place), users: Users(names: [user]))
        }
        let (first, second) = (servers[0], servers[1])
        let clients = [try await first.start(), try await second.start()]
        let buy = try await clients[0].postJSON(
            "/api/v1/events", as: user, #"{"kind": "buy", "words": "BTC 0.5 @ 30000", "date": "2024-05-01"}"#)
        #expect(buy.status == 201, "\(buy.body)")
        let before = try await clients[1].get("/api/v1/status", as: user)
        #expect(before.body.contains(#""last_run": null"#), "\(before.body)")

        let record = await LedgerServer.fetchNow(first.state)
        #expect(record.users == 1 && record.pricesRecorded == 1, "\(record)")
        #expect(await LedgerServer.fetchNow(second.state).users == 0, "the second is not elected")
        let statuses = [
            try await clients[0].get("/api/v1/status", as: user), try await clients[1].get("/api/v1/status", as: user),
        ]
        #expect(statuses[0].body.contains(#""users": 1"#), "\(statuses[0].body)")
        #expect(statuses[1].body == statuses[0].body, "the second shows its own: \(statuses[1].body)")
        let page = try await clients[1].get("/status", as: user)
        #expect(
            page.body.contains("Prices recorded") && page.body.contains(record.startedAt.description), "\(page.body)")

        // The first's stream fetches BTC; the second's streams that quote, asking no source.
        first.market.set(
            "/coingecko/simple/price", [.init(body: #"{"bitcoin":{"usd":67000.5,"last_updated_at":1717243000}}"#)])
        second.market.set(
            "/coingecko/simple/price", [.init(body: #"{"bitcoin":{"usd":1.5,"last_updated_at":1717243000}}"#)])
        let quote = #"data: {"asset":"BTC","currency":"USD","price":"67000.5","#
        let path = "/live/prices?assets=BTC&currency=USD"
        let fetched = await LivePriceTests.read(port: clients[0].port, path: path, until: quote, user: user)
        #expect(fetched.contains(quote), "\(fetched)")
        #expect(!first.requests("/coingecko/simple/price").isEmpty)
        let streamed = await LivePriceTests.read(port: clients[1].port, path: path, until: quote, user: user)
        #expect(streamed.contains(quote), "\(streamed)")
        #expect(second.requests("/coingecko/simple/price").isEmpty, "the second asked the source")
        try await first.stop()
        try await second.stop()
    }
}
