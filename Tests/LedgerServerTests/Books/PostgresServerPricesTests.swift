import Foundation
import LedgerApp
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// Missing prices with the users' books in PostgreSQL: the list, the fetch from the sources
/// (the same recorded bodies on 127.0.0.1) and a price typed by hand answer as the server on
/// ledger files answers them (the same status and page or JSON, times aside); the prices are
/// the user's rows in the database, none another user's, and no ledger file is made. Opt in
/// with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "missing prices with the books in PostgreSQL", .serialized,
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerPricesTests {
    typealias Call = PostgresServerAlertTests.Call

    /// BTC earned (the sources have it) and FOO (no source has it); the list in two currencies
    /// and a refused one; another user's list and fetch (no books); the fetch; the hand form's
    /// refusals, a price, the same again, the API's price and refusal; the portfolio after.
    static func calls(_ user: String, _ other: String) -> [(String, Call)] {
        let foo = { (price: String, currency: String, date: String) -> Call in
            .form("/prices", [("asset", "FOO"), ("price", price), ("currency", currency), ("date", date)])
        }
        return [
            (
                user,
                .json(
                    "/api/v1/events",
                    #"{"kind": "income", "words": "BTC 0.01", "income_kind": "staking", "date": "2024-05-30"}"#)
            ),
            (
                user,
                .json(
                    "/api/v1/events",
                    #"{"kind": "income", "words": "FOO 5", "income_kind": "airdrop", "class": "crypto", "date": "2024-05-30"}"#
                )
            ),
            (user, .get("/prices/missing")),
            (user, .get("/api/v1/prices/missing")),
            (user, .get("/api/v1/prices/missing?currency=EUR")),
            (user, .get("/api/v1/prices/missing?currency=b@d")),
            (other, .get("/api/v1/prices/missing")),
            (other, .get("/prices/missing")),
            (other, .form("/prices/missing/fetch", [])),
            (user, .json("/api/v1/prices/missing", "")),
            (user, .get("/api/v1/prices/missing")),
            (user, .form("/prices/missing/fetch", [])),
            (user, foo("-1", "USD", "2024-05-30")),
            (user, foo("2.5", "USD", "yesterday")),
            (user, foo("1", "FOO", "2024-05-30")),
            (user, foo("2.5", "USD", "2024-05-30")),
            (user, foo("2.5", "USD", "2024-05-30")),
            (user, .json("/api/v1/prices", #"{"asset": "FOO", "price": "2.75", "date": "2024-05-31"}"#)),
            (user, .json("/api/v1/prices", #"{"asset": "FOO", "price": "lots"}"#)),
            (user, .get("/prices/missing")),
            (user, .get("/api/v1/portfolio?as-of=2024-06-01")),
            (other, .get("/api/v1/prices/missing")),
        ]
    }

    @Test("list, fetch and record by hand answer as on ledger files; the prices are the user's rows")
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
            if who == other { #expect(!answer.body.contains("FOO"), "call \(index): another user's asset") }
        }
        let kept = try database.withUserBooks(user) { books in
            try books.prices.observations(asset: nil).map(\.observation)
        }
        let manual = kept.filter { $0.source == ManualPrice.source }.map {
            "\($0.asset) \($0.price) \($0.observedAt.date)"
        }
        #expect(manual == ["FOO 2.5 2024-05-30", "FOO 2.75 2024-05-31"], "\(manual)")
        #expect(kept.contains { $0.asset.text == "BTC" && $0.source != ManualPrice.source }, "fetched BTC: \(kept)")
        #expect(try database.withUserBooks(other) { try $0.prices.observations(asset: nil) }.isEmpty)
        for name in [user, other] {
            #expect(!FileManager.default.fileExists(atPath: postgres.ledgerPath(name)))
        }
        try await files.stop()
        try await postgres.stop()
    }

    /// ``PostgresServerMarketTests/comparable(_:)``: times, ids, ages and heads blanked.
    static func comparable(_ body: String) -> String {
        PostgresServerMarketTests.comparable(body)
    }
}
