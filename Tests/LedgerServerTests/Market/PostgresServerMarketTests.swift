import Foundation
import LedgerApp
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The watchlist and the market pages with the users' books in PostgreSQL: each request
/// answered as the server on ledger files answers it (the same status, redirect and page or
/// JSON, times aside), the market sources the same recorded bodies on 127.0.0.1; the watchlist
/// in the user's settings rows, no ledger file made; the live prices stream opens. Opt in with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "the watchlist and the market pages with the books in PostgreSQL", .serialized,
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerMarketTests {
    typealias Call = PostgresServerAlertTests.Call

    /// A holding to show (BTC bought), then the watchlist's refusals, adds and removes by form
    /// and JSON, and the market pages that read the books (holding, watched star, currency).
    static func calls(_ user: String, _ other: String) -> [(String, Call)] {
        [
            (user, .json("/api/v1/events", #"{"kind": "buy", "words": "BTC 0.5 @ 30000", "date": "2024-05-01"}"#)),
            (user, .form("/watchlist", [("symbol", "B@D")])),
            (user, .form("/watchlist", [("symbol", "BTC ETH")])),
            (user, .get("/api/v1/watchlist")),
            (user, .form("/watchlist/DOGE/remove", [])),
            (user, .form("/watchlist/ETH/remove", [("next", "/market/ETH")])),
            (user, .json("/api/v1/watchlist", #"{"add": ["SOL", "ADA"], "remove": ["BTC"]}"#)),
            (user, .json("/api/v1/watchlist", #"{"add": ["BTC"]}"#)),
            (other, .get("/api/v1/watchlist")),
            (other, .form("/watchlist/BTC/remove", [])),
            (user, .get("/watchlist")),
            (user, .get("/market")),
            (user, .get("/api/v1/market?top=50")),
            (user, .get("/market/BTC?days=10")),
            (user, .get("/api/v1/market/BTC")),
            (user, .get("/api/v1/chart/BTC?days=10")),
            (user, .get("/market/search?q=sol")),
            (user, .get("/news")),
            (other, .get("/market/BTC?days=10")),
            (user, .get("/live/prices?assets=B@D")),
        ]
    }

    @Test("watch, unwatch and the market pages answer as on ledger files; the list is the user's setting")
    func sameAnswers() async throws {
        let files = try MarketTestServer()
        // A database of its own: the market cache is the whole database's.
        let database = try PostgresBooksDatabase(PostgresServerNotificationTests.newDatabase())
        let postgres = try MarketTestServer(database: database)
        let (fileClient, postgresClient) = (try await files.start(), try await postgres.start())
        let (user, other) = ("pg-\(UUID().uuidString.lowercased())", "pg-\(UUID().uuidString.lowercased())")
        for (index, (who, call)) in Self.calls(user, other).enumerated() {
            let expected = try await call.send(fileClient, as: who)
            let answer = try await call.send(postgresClient, as: who)
            #expect(answer.status == expected.status, "call \(index): \(answer.status) \(answer.body.prefix(300))")
            #expect(answer.header("location") == expected.header("location"), "call \(index)")
            #expect(Self.comparable(answer.body) == Self.comparable(expected.body), "call \(index) \(call)")
        }
        // The live stream, in the currency of books kept in the database (alice's: USD).
        postgres.market.set(
            "/coingecko/simple/price", [.init(body: #"{"bitcoin":{"usd":67000.5,"last_updated_at":1717243000}}"#)])
        let stream = await LivePriceTests.read(
            port: postgresClient.port, path: "/live/prices?assets=btc", until: #""price":"67000.5""#)
        #expect(stream.contains(#"data: {"asset":"BTC","currency":"USD","price":"67000.5","#), "\(stream)")
        let watched = try database.withUserBooks(user) { try Watchlist.watched(in: $0) }
        #expect(watched.map(\.text) == ["SOL", "ADA", "BTC"], "\(watched)")
        #expect(try database.withUserBooks(other) { try Watchlist.watched(in: $0) }.isEmpty)
        for name in [user, other] {
            #expect(!FileManager.default.fileExists(atPath: postgres.ledgerPath(name)))
        }
        try await files.stop()
        try await postgres.stop()
    }

    @Test("two servers on one database share the market cache and the headlines; no market.ledger is written")
    func sharedCache() async throws {
        let place = try PostgresServerNotificationTests.newDatabase()
        let first = try MarketTestServer(database: try PostgresBooksDatabase(place))
        let second = try MarketTestServer(database: try PostgresBooksDatabase(place))
        let (one, two) = (try await first.start(), try await second.start())
        let user = "pg-\(UUID().uuidString.lowercased())"
        let fetched = try await one.get("/market?top=50", as: user)
        #expect(fetched.status == 200 && fetched.body.contains(#"<a href="/market/BTC">Bitcoin</a>"#))
        #expect(first.requests("/coingecko/coins/markets").count == 1)
        // The second server reads the list the first recorded, with no request of its own.
        let served = try await two.get("/market?top=50", as: user)
        #expect(served.status == 200 && served.body.contains(#"<a href="/market/BTC">Bitcoin</a>"#))
        #expect(served.body.contains("Prices in USD from coingecko, fetched 2024-06-01T12:00:"))
        #expect(second.market.requests.isEmpty, "\(second.market.requests.map(\.target))")
        let news = try await one.get("/news", as: user)
        #expect(news.status == 200)
        let market = try PostgresBooksDatabase(place).marketData()
        #expect(try market.news.count() > 0)
        #expect(try market.market.latestTopList(in: sym("USD"))?.value.entries.count == 100)
        for server in [first, second] {
            #expect(!FileManager.default.fileExists(atPath: server.state.settings.dataDirectory + "/market.ledger"))
        }
        try await first.stop()
        try await second.stop()
    }

    /// ``PostgresServerAlertTests/comparable(_:)`` with event ids and ages blanked too (each
    /// server reads its clock a different number of times, and mints its own ids).
    static func comparable(_ body: String) -> String {
        PostgresServerAlertTests.comparable(body)
            .replacingOccurrences(of: #""[0-9A-Z]{26}""#, with: #""…""#, options: .regularExpression)
            .replacingOccurrences(of: #"\d+ (s|min|h|d) ago"#, with: "… ago", options: .regularExpression)
            .replacingOccurrences(of: #""head": "[0-9a-f]{64}""#, with: #""head": "…""#, options: .regularExpression)
    }
}
