import Foundation
import LedgerTestSupport
import Testing

/// The scheduled fetcher of two `ledger-serve` processes on one PostgreSQL database (issue 38):
/// one of them runs it each interval (an advisory lock elects it), and when that one is killed
/// the other takes over. Runs are counted at the loopback market server both servers fetch
/// from: each run asks once for the top list in the user's currency. Both servers' `/status`
/// shows the elected one's run, which it writes into the database. The shortest interval is
/// a minute, so this takes over two: a slow suite (`LGR_SLOW_TESTS=1`) that needs
/// `LGR_POSTGRES_TESTS=1` as well.
@Suite(
    "the scheduled fetcher across two ledger-serve processes on one PostgreSQL database",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)),
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct PostgresServeFetcherTests {
    @Test("one run each interval with both up; the second server runs it once the first is killed")
    func onceAcrossServers() async throws {
        let fixtures = BuiltProducts.repository.appendingPathComponent("Tests/LedgerMarketDataTests/Fixtures/http")
        let market = try LocalHTTPServer(directory: fixtures.path, lifetime: 600)
        defer { market.stop() }
        var environment: [String: String] = [:]
        for source in ["coingecko", "cryptocompare", "coinbase", "kraken", "binance", "yahoo", "stooq", "frankfurter"] {
            environment["LGR_\(source.uppercased())_URL"] = market.baseURL + "/" + source
        }
        let database = try await ClusterDatabase.make()
        // A server without the fetcher migrates the new database, so its accounts can be written.
        let migrating = try await PostgresServed.start(database.url)
        let token = try await database.addUser("alice")
        migrating.stop()
        let runs = { market.requests.filter { $0.path == "/coingecko/coins/markets" }.count }
        let first = try await PostgresServed.start(
            database.url, arguments: ["--fetch-every", "1m"], environment: environment)
        defer { first.stop() }
        try await Self.wait(within: 60) { runs() == 1 }
        let second = try await PostgresServed.start(
            database.url, arguments: ["--fetch-every", "1m"], environment: environment)
        defer { second.stop() }
        // A little over an interval with both up: the first runs again, the second never.
        try await Task.sleep(for: .seconds(75))
        #expect(runs() == 2, "runs with both servers up")
        // The second ran nothing, yet shows the first's last run: the status is the database's.
        let shown = [
            try await first.api("GET", "/api/v1/status", token: token),
            try await second.api("GET", "/api/v1/status", token: token),
        ]
        #expect(shown[0].body.contains(#""users": 1"#), "\(shown[0].body)")
        #expect(shown[1].body == shown[0].body, "the second shows its own: \(shown[1].body)")
        first.process.signal(SIGKILL)
        #expect(await first.process.finished(within: 20).stopped == false, "the first did not die")
        // Its session ends with it, and with the session the lock: the second's next tick runs.
        try await Self.wait(within: 90) { runs() == 3 }
        try await Self.wait(within: 30) {
            let status = try? await second.api("GET", "/api/v1/status", token: token)
            return status?.body.contains(#""users": 1"#) == true
        }
        #expect(runs() == 3)
    }

    /// Waits (polling every half second, at most `seconds`) until `done` holds.
    static func wait(within seconds: Double, _ done: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !(try await done()) {
            guard Date() < deadline else {
                throw ReportFixture.FixtureError(message: "still not done after \(seconds) s")
            }
            try await Task.sleep(for: .milliseconds(500))
        }
    }
}
