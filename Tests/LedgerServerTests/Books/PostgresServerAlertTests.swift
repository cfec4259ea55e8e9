import Foundation
import LedgerApp
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// The alert pages and API with the users' books in PostgreSQL: every request answered as the
/// server on ledger files answers it (the same status, redirect and page or JSON), and the
/// alerts in the user's rows of the database, never in a file. Opt in with
/// `LGR_POSTGRES_TESTS=1`.
@Suite(
    "the alerts with the books in PostgreSQL",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerAlertTests {
    /// A request as `user`: a form or JSON POST, or a GET.
    enum Call {
        case form(String, [(String, String)])
        case json(String, String)
        case get(String)

        func send(_ client: HTTPTestClient, as user: String) async throws -> HTTPTestClient.Response {
            switch self {
            case .form(let path, let form): try await client.post(path, as: user, form: form)
            case .json(let path, let body): try await client.postJSON(path, as: user, body)
            case .get(let path): try await client.get(path, as: user)
            }
        }
    }

    /// Refusals (nothing written), adds by form and by JSON, the page and the list, another
    /// user's and a malformed remove, a remove, the list after it.
    static func calls(_ user: String, _ other: String) -> [(String, Call)] {
        [
            (user, .form("/alerts", [("asset", "BTC"), ("condition", "change"), ("level", "10%")])),
            (user, .form("/alerts", [("asset", "USD"), ("condition", "above"), ("level", "1")])),
            (user, .json("/api/v1/alerts", #"{"asset": "BTC", "condition": "above -5"}"#)),
            (user, .form("/alerts", [("asset", "BTC"), ("condition", "above"), ("level", "60000"), ("note", "sell")])),
            (user, .get("/alerts?added=1")),
            (user, .json("/api/v1/alerts", #"{"asset": "ETH", "condition": "change -5%", "within": "24h"}"#)),
            (user, .json("/api/v1/alerts", #"{"asset": "SOL", "condition": "below 20", "currency": "EUR"}"#)),
            (user, .get("/api/v1/alerts")),
            (other, .form("/alerts/1/remove", [])),
            (other, .get("/api/v1/alerts")),
            (user, .form("/alerts/x/remove", [])),
            (user, .form("/alerts/1/remove", [])),
            (user, .form("/alerts/1/remove", [])),
            (user, .get("/api/v1/alerts")),
            (user, .get("/alerts")),
        ]
    }

    @Test("add, list, refuse and remove answer as on ledger files; the alerts are the user's rows")
    func sameAnswers() async throws {
        let files = try await TestServer.start()
        let database = try PostgresServerTests.database()
        let postgres = try await TestServer.start(database: database)
        let (user, other) = ("pg-\(UUID().uuidString.lowercased())", "pg-\(UUID().uuidString.lowercased())")
        for (index, (who, call)) in Self.calls(user, other).enumerated() {
            let expected = try await call.send(files.client, as: who)
            let answer = try await call.send(postgres.client, as: who)
            #expect(answer.status == expected.status, "call \(index): \(answer.status) \(answer.body.prefix(300))")
            #expect(answer.header("location") == expected.header("location"), "call \(index)")
            #expect(Self.comparable(answer.body) == Self.comparable(expected.body), "call \(index) \(call)")
        }
        let kept = try database.withUserBooks(user) { try $0.alerts.alerts() }
        #expect(kept.map(\.id) == [2, 3] && kept.map(\.asset.text) == ["ETH", "SOL"], "\(kept)")
        #expect(try database.withUserBooks(other) { try $0.alerts.alerts() }.isEmpty)
        for name in [user, other] {
            #expect(!FileManager.default.fileExists(atPath: postgres.settings.ledgerPath(forUser: name)))
        }
        try await files.stop()
        try await postgres.stop()
    }

    /// The body with the times of the two servers' clocks blanked (each reads its clock a
    /// different number of times) and the user's random name left out.
    static func comparable(_ body: String) -> String {
        body.replacingOccurrences(
            of: #"20[0-9]{2}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z"#, with: "…", options: .regularExpression
        )
        .replacingOccurrences(of: #"pg-[0-9a-f-]{36}"#, with: "…", options: .regularExpression)
    }
}
