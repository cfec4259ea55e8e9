import Foundation
import LedgerTestSupport
import Testing

@Suite("the books' JSON API: the CLI's -O json, byte for byte, for the same ledger")
struct BooksAPITests {
    /// Alice's ledger: a deposit and a buy through the API, then two real exchange exports
    /// (Binance's statement, Kraken's ledgers: USDT, EUR, BTC, cross-currency trades).
    static func aliceWithTrades(_ server: TestServer) async throws {
        let client = server.client
        for body in [
            #"{"kind": "deposit", "words": "USD 10000", "date": "2025-01-01"}"#,
            #"{"kind": "buy", "words": "BTC 0.1 @ 30000", "fee": "5", "date": "2025-01-02", "note": "first"}"#,
        ] {
            let response = try await client.request(
                "POST", "/api/v1/events", headers: Books.json("alice"), body: Array(body.utf8))
            #expect(response.status == 201, "\(response.body)")
        }
        for (name, fixture) in [("statement.csv", "binance/statement.csv"), ("ledgers.csv", "kraken/ledgers.csv")] {
            let response = try await client.request(
                "POST", "/api/v1/import?dry-run=false&name=\(name)", headers: Books.user("alice"),
                body: try Books.fixture(fixture))
            #expect(response.status == 201, "\(response.body)")
            #expect(response.body.contains(#""schema": "ledger.import/1""#))
        }
    }

    @Test("portfolio, log and report equal ledger … -O json after API adds and exchange imports")
    func sameJSON() async throws {
        let server = try await TestServer.start()
        try await Self.aliceWithTrades(server)
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let pairs: [(String, [String])] = [
            ("/api/v1/portfolio?as-of=2026-06-30", ["portfolio", "-O", "json", "--as-of", "2026-06-30"]),
            (
                "/api/v1/portfolio?as-of=2026-06-30&by-account=true",
                ["portfolio", "-O", "json", "--as-of", "2026-06-30", "--by-account"]
            ),
            (
                "/api/v1/portfolio?as-of=2025-12-31&currency=EUR&method=hifo",
                ["portfolio", "-O", "json", "--as-of", "2025-12-31", "--currency", "EUR", "--method", "hifo"]
            ),
            ("/api/v1/log", ["log", "-O", "json"]),
            (
                "/api/v1/log?limit=3&since=2025-02-01&until=2025-12-05",
                [
                    "log", "-O", "json", "--limit", "3", "--since", "2025-02-01", "--until", "2025-12-05",
                ]
            ),
            (
                "/api/v1/report?as-of=2026-06-30&period=year",
                ["report", "-O", "json", "--as-of", "2026-06-30", "--period", "year"]
            ),
            (
                "/api/v1/returns?as-of=2026-06-30&period=all&by=asset&benchmark=BTC",
                [
                    "returns", "-O", "json", "--as-of", "2026-06-30", "--period", "all", "--by", "asset", "--benchmark",
                    "BTC",
                ]
            ),
        ]
        for (path, arguments) in pairs {
            let response = try await server.client.get(path, headers: Books.user("alice"))
            let cli = Books.cli(arguments + ["--ledger", ledger])
            #expect(response.status == 200, "\(path): \(response.body)")
            #expect(!cli.out.isEmpty, "\(arguments): \(cli.err)")
            #expect(response.body == cli.out, "\(path)")
        }
        let log = try await server.client.get("/api/v1/log", headers: Books.user("alice"))
        #expect(log.body.contains(#""asset": "XBT""#) || log.body.contains(#""asset": "BTC""#))
        #expect(log.body.contains("EUR") && log.body.contains("USDT"))
        try await server.stop()
    }

    @Test("a kept portfolio is served again only while the events, the prices and the options are the same")
    func cacheFollowsTheLedger() async throws {
        let server = try await TestServer.start()
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let path = "/api/v1/portfolio?as-of=2026-06-30"
        let cli = ["portfolio", "-O", "json", "--as-of", "2026-06-30", "--ledger", ledger]
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "buy", "words": "BTC 0.1 @ 30000", "date": "2025-01-02"}"#.utf8))
        let first = try await server.client.get(path, headers: Books.user("alice"))
        #expect(try await server.client.get(path, headers: Books.user("alice")).body == first.body)
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "buy", "words": "BTC 0.2 @ 31000", "date": "2025-01-03"}"#.utf8))
        let added = try await server.client.get(path, headers: Books.user("alice"))
        #expect(added.body != first.body && added.body == Books.cli(cli).out)
        #expect(Books.cli(["prices", "set", "BTC", "40000", "--date", "2025-06-01", "--ledger", ledger]).status == 0)
        let priced = try await server.client.get(path, headers: Books.user("alice"))
        #expect(priced.body != added.body && priced.body == Books.cli(cli).out)
        #expect(priced.body.contains(#""price": "40000""#))
        try await server.stop()
    }

    @Test("GET /report is the bytes of ledger report -O html")
    func reportHTML() async throws {
        let server = try await TestServer.start()
        try await Self.aliceWithTrades(server)
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let page = try await server.client.get("/report?as-of=2026-06-30&period=quarter", headers: Books.user("alice"))
        let cli = Books.cli([
            "report", "-O", "html", "--as-of", "2026-06-30", "--period", "quarter", "--ledger", ledger,
        ])
        #expect(page.status == 200)
        #expect(page.body.hasPrefix("<!DOCTYPE html>"))
        #expect(page.body == cli.out)
        try await server.stop()
    }

    @Test("POST events with bad words: 422 and the CLI's message, nothing written")
    func addRefused() async throws {
        let server = try await TestServer.start()
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let first = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "sell", "words": "BTC 1 @ 100", "date": "2025-01-01"}"#.utf8))
        #expect(first.status == 422)
        let message = Books.cliError([
            "add", "sell", "BTC", "1", "@", "100", "--date", "2025-01-01", "--ledger", ledger,
        ])
        #expect(!message.isEmpty)
        #expect(first.body.contains(message.replacingOccurrences(of: "\"", with: "\\\"")))
        #expect(!FileManager.default.fileExists(atPath: ledger))
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "deposit", "words": "USD 100"}"#.utf8))
        let head = Books.head(ledger)
        let bad = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "buy", "words": "BTC 0.1 @"}"#.utf8))
        #expect(bad.status == 422)
        let expected = Books.cliError(["add", "buy", "BTC", "0.1", "@", "--ledger", ledger])
        #expect(bad.body == "{\"error\":\"\(expected)\"}\n")
        #expect(Books.head(ledger) == head && !head.isEmpty)
        let number = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"), body: Array(#"{"words": 5}"#.utf8))
        #expect(number.status == 422 && number.body.contains("must be a string"))
        try await server.stop()
    }

    @Test("void over the API: 201, then refused with the CLI's message; another user's event is 404")
    func voidTwice() async throws {
        let server = try await TestServer.start()
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "deposit", "words": "USD 100"}"#.utf8))
        let reason = Array(#"{"reason": "typo"}"#.utf8)
        let void = try await server.client.request(
            "POST", "/api/v1/events/1/void", headers: Books.json("alice"), body: reason)
        #expect(void.status == 201)
        #expect(void.body.contains(#""schema": "ledger.events/1""#) && void.body.contains(#""kind": "void""#))
        let again = try await server.client.request(
            "POST", "/api/v1/events/1/void", headers: Books.json("alice"), body: reason)
        #expect(again.status == 422)
        #expect(again.body == "{\"error\":\"#1 is already voided by #2 (typo)\"}\n")
        let bob = try await server.client.request(
            "POST", "/api/v1/events/1/void", headers: Books.json("bob"), body: reason)
        #expect(bob.status == 404)
        let bobLog = try await server.client.get("/api/v1/log", headers: Books.user("bob"))
        #expect(bobLog.status == 200 && bobLog.body.contains("ledger.log/1") && !bobLog.body.contains("\"kind\""))
        try await server.stop()
    }

    @Test("bad query values get the CLI's messages with 400")
    func badQuery() async throws {
        let server = try await TestServer.start()
        let asOf = try await server.client.get("/api/v1/portfolio?as-of=yesterday", headers: Books.user("alice"))
        #expect(asOf.status == 400)
        let message = Books.cliError(["portfolio", "--as-of", "yesterday", "--ledger", "/nonexistent/x.ledger"])
        #expect(!message.isEmpty && asOf.body.contains(message))
        let limit = try await server.client.get("/api/v1/log?limit=0", headers: Books.user("alice"))
        #expect(limit.status == 400 && limit.body.contains("--limit must be 1 or more, got 0"))
        let period = try await server.client.get("/api/v1/report?period=decade", headers: Books.user("alice"))
        #expect(period.status == 400 && period.body.contains("--period 'decade' is not a period"))
        try await server.stop()
    }
}
