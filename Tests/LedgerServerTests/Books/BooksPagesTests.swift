import Foundation
import LedgerRender
import LedgerTestSupport
import Testing

@testable import LedgerServer

@Suite("the books' pages: portfolio, holdings, trades with void, the add form")
struct BooksPagesTests {
    static func add(_ server: TestServer, _ fields: [(String, String)], user: String = "alice") async throws
        -> HTTPTestClient.Response
    {
        try await server.client.post("/add", form: fields + [("_csrf", "test-csrf")], headers: Books.user(user))
    }

    @Test("a user without a ledger sees an empty portfolio that says how to add the first trade")
    func emptyPortfolio() async throws {
        let server = try await TestServer.start()
        for path in ["/portfolio", "/holdings", "/trades"] {
            let page = try await server.client.get(path, headers: Books.user("bob"))
            #expect(page.status == 200, "\(path)")
            #expect(page.body.contains("No trades yet") && page.body.contains("href=\"/add\""), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: server.settings.ledgerPath(forUser: "bob")))
        try await server.stop()
    }

    @Test("added through the form, the numbers show on the portfolio, holdings and trades pages")
    func pagesShowNumbers() async throws {
        let server = try await TestServer.start()
        let deposit = try await Self.add(
            server, [("kind", "deposit"), ("words", "USD 10000"), ("date", "2025-01-01")])
        #expect(deposit.status == 303 && deposit.header("location") == "/trades?added=1")
        let buy = try await Self.add(
            server,
            [
                ("kind", "buy"), ("words", "BTC 0.1 @ 30000"), ("fee", "5"), ("date", "2025-01-02"),
                ("account", "kraken"),
            ])
        #expect(buy.status == 303 && buy.header("location") == "/trades?added=2")
        let trades = try await server.client.get("/trades?added=2", headers: Books.user("alice"))
        #expect(trades.body.contains("Recorded: #2 2025-01-02 buy 0.1 BTC @ 30000 USD, fee 5 USD [kraken]"))
        #expect(trades.body.contains("action=\"/trades/1/void\"") && trades.body.contains("name=\"_csrf\""))
        let portfolio = try await server.client.get("/portfolio?as-of=2025-06-30", headers: Books.user("alice"))
        #expect(portfolio.status == 200)
        for text in [
            "BTC", "0.1", "3,005.00", "13,005.00", "10,000.00", "<svg class=\"donut\"", "Unpriced, not in value: BTC",
            "this server does not fetch prices on a schedule (it runs without --fetch-every)",
            "fetch them or enter them by hand on Missing prices", "<a href=\"/prices/missing\">",
            "<div class=\"scroll\">",
        ] {
            #expect(portfolio.body.contains(text), "\(text)")
        }
        let form = try await server.client.get("/add", headers: Books.user("alice"))
        #expect(form.body.contains(#"id="asset" name="asset" list="held-assets" autocomplete="off""#), "\(form.body)")
        #expect(
            form.body.contains(
                #"<datalist id="held-assets"><option value="BTC"></option><option value="USD"></option></datalist>"#),
            "the Asset field suggests what alice holds")
        let empty = try await server.client.get("/add", headers: Books.user("bob"))
        #expect(
            !empty.body.contains("<datalist") && !empty.body.contains("list=\"held-assets\""),
            "no books, no suggestions")
        let holdings = try await server.client.get("/holdings", headers: Books.user("alice"))
        #expect(
            holdings.body.contains("<th scope=\"col\">account</th>")
                && holdings.body.contains("<td data-label=\"account\">kraken</td>"))
        let badCurrency = try await server.client.get("/portfolio?currency=U%24D", headers: Books.user("alice"))
        #expect(badCurrency.status == 400)
        #expect(badCurrency.body.contains("--currency &#39;U$D&#39; is not a currency code"))
        try await server.stop()
    }

    @Test("void from the trades page; a second void and a void without a reason are refused with the CLI's words")
    func voidTwice() async throws {
        let server = try await TestServer.start()
        _ = try await Self.add(server, [("kind", "deposit"), ("words", "USD 100")])
        let form = [("reason", "entered twice"), ("_csrf", "test-csrf")]
        let first = try await server.client.post("/trades/1/void", form: form, headers: Books.user("alice"))
        #expect(first.status == 303 && first.header("location") == "/trades?voided=2")
        let shown = try await server.client.get("/trades", headers: Books.user("alice"))
        #expect(shown.body.contains("VOIDED by #2 (entered twice)"))
        #expect(!shown.body.contains("action=\"/trades/1/void\""))
        let again = try await server.client.post("/trades/1/void", form: form, headers: Books.user("alice"))
        #expect(again.status == 422 && again.body.contains("#1 is already voided by #2 (entered twice)"))
        let noReason = try await server.client.post(
            "/trades/2/void", form: [("reason", " "), ("_csrf", "test-csrf")], headers: Books.user("alice"))
        #expect(noReason.status == 422)
        #expect(
            noReason.body.contains(
                HTML.escape("a void needs a reason; e.g. ledger void 2 --reason \"entered twice\"")))
        let missing = try await server.client.post("/trades/9/void", form: form, headers: Books.user("alice"))
        #expect(missing.status == 404)
        try await server.stop()
    }

    @Test("the trades list pages by 50, newest first")
    func paging() async throws {
        let server = try await TestServer.start()
        for day in 1...51 {
            let date = "2025-01-\(String(format: "%02d", (day - 1) % 28 + 1))"
            let response = try await Self.add(server, [("kind", "deposit"), ("words", "USD \(day)"), ("date", date)])
            #expect(response.status == 303)
        }
        let first = try await server.client.get("/trades", headers: Books.user("alice"))
        #expect(first.body.contains("href=\"/trades?page=2\"") && !first.body.contains(">1</th>"))
        let second = try await server.client.get("/trades?page=2", headers: Books.user("alice"))
        #expect(second.body.components(separatedBy: "<tr><th scope=\"row\"").count == 2)
        #expect(second.body.contains("href=\"/trades?page=1\""))
        try await server.stop()
    }
}
