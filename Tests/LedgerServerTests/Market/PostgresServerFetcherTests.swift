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
/// runs nothing. (Two real processes, the takeover and the schedule: EndToEndTests'
/// `PostgresServeFetcherTests`.) Opt in with `LGR_POSTGRES_TESTS=1`.
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
}
