import Foundation
import LedgerApp
import LedgerTestSupport
import Testing

@testable import LedgerServer

/// Issue 40's "done means" on 127.0.0.1: two users on the server's real accounts database;
/// opt-in trade posts that never show a number of the trade and go with its void; messages
/// escaped or refused with one line; who deletes; the newest 25 kept; the rate limit.
@Suite("the Messages page and /api/v1/messages")
struct MessagesTests {
    /// Every number and private word of alice's trade, none of which may reach bob.
    static let tradeSecrets = ["0.4321", "4321", "56789", "56,789", "3.21", "kraken", "secret-note-91", "2025-03-04"]

    static func postAPI(_ user: SignedInTestUser, _ text: String, _ client: HTTPTestClient) async throws
        -> HTTPTestClient.Response
    {
        var headers = user.api
        headers["Content-Type"] = "application/json"
        let body = "{\"text\": \"\(text)\"}"
        return try await client.request("POST", "/api/v1/messages", headers: headers, body: Array(body.utf8))
    }

    static func optIn(_ user: SignedInTestUser, _ client: HTTPTestClient) async throws {
        let saved = try await client.post(
            "/account/trade-posts", form: [("_csrf", user.csrf), ("trade_posts", "on")], headers: user.browser)
        try #require(saved.status == 303 && saved.header("location") == "/account?trade-posts=on")
    }

    @Test("alice opts in and buys through the form: bob sees 'alice bought BTC' and no number; her void removes it")
    func tradePost() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, bob) = try fixture.twoUsers()
        let client = fixture.client
        let account = try await client.get("/account", headers: alice.browser)
        #expect(account.body.contains("name=\"trade_posts\" value=\"on\">") && account.body.contains("are off"))
        try await Self.optIn(alice, client)
        #expect(try await client.get("/account", headers: alice.browser).body.contains("value=\"on\" checked"))
        let buy = try await client.post(
            "/add",
            form: [
                ("_csrf", alice.csrf), ("kind", "buy"), ("asset", "BTC"), ("quantity", "0.4321"),
                ("price", "56789.12"), ("fee", "3.21"), ("date", "2025-03-04T05:06"), ("account", "kraken"),
                ("note", "secret-note-91"),
            ], headers: alice.browser)
        try #require(buy.status == 303, "\(buy.body.prefix(400))")
        let page = try await client.get("/messages", headers: bob.browser)
        let api = try await client.get("/api/v1/messages", headers: bob.api)
        #expect(page.body.contains("<strong>alice</strong> bought BTC"), "\(page.body)")
        #expect(api.body.contains("\"text\": \"alice bought BTC\"") && api.body.contains("\"side\": \"buy\""))
        for secret in Self.tradeSecrets {
            #expect(!page.body.contains(secret) && !api.body.contains(secret), "bob sees \(secret)")
        }
        #expect(!page.body.contains("/messages/1/delete"), "bob may not delete alice's post")
        let void = try await client.post(
            "/trades/1/void", form: [("_csrf", alice.csrf), ("reason", "typo")], headers: alice.browser)
        #expect(void.status == 303)
        #expect(!(try await client.get("/messages", headers: bob.browser).body.contains("bought BTC")))
        #expect(!(try await client.get("/api/v1/messages", headers: bob.api).body.contains("bought")))
        try await fixture.stop()
    }

    @Test("off by default; a bulk import posts nothing, an import of one trade posts it")
    func importsAndDefault() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, bob) = try fixture.twoUsers()
        let client = fixture.client
        var headers = bob.api
        headers["Content-Type"] = "application/json"
        let body = #"{"kind": "buy", "words": "ETH 1 @ 2000"}"#
        #expect(
            try await client.request("POST", "/api/v1/events", headers: headers, body: Array(body.utf8)).status == 201)
        try await Self.optIn(alice, client)
        let bulk = try await client.request(
            "POST", "/api/v1/import?dry-run=false&name=ledgers.csv", headers: alice.api,
            body: try Books.fixture("kraken/ledgers.csv"))
        #expect(bulk.status == 201, "\(bulk.body.prefix(300))")
        #expect(!(try await client.get("/api/v1/messages", headers: bob.api).body.contains("\"id\":")))
        let scratch = makeTemporaryDirectory("one-trade") + "/one.ledger"
        #expect(
            Books.cli(["add", "buy", "BTC", "3", "@", "150", "--class", "crypto", "--ledger", scratch]).status == 0)
        let line = Array(Books.cli(["export", "--ledger", scratch]).out.utf8)
        let single = try await client.request(
            "POST", "/api/v1/import?dry-run=false&name=one.jsonl", headers: alice.api, body: line)
        #expect(single.status == 201, "\(single.body.prefix(300))")
        let listed = try await client.get("/api/v1/messages", headers: bob.api).body
        #expect(listed.contains("alice bought BTC") && !listed.contains("ETH") && !listed.contains("150"), "\(listed)")
        try await fixture.stop()
    }

    @Test("markup is escaped; a bidi override and a 10 kB body are refused with one line, nothing posted")
    func escapedOrRefused() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, bob) = try fixture.twoUsers()
        let client = fixture.client
        let markup = "<script>alert(1)</script> <a href=\"https://example.com\">x</a> https://example.org"
        let posted = try await client.post(
            "/messages", form: [("_csrf", alice.csrf), ("text", markup)], headers: alice.browser)
        #expect(posted.status == 303 && posted.header("location") == "/messages")
        let page = try await client.get("/messages", headers: bob.browser)
        #expect(
            page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &lt;a href=&quot;https://example.com&quot;&gt;"))
        #expect(!page.body.contains("<script") && !page.body.contains("<a href=\"https://example"))
        let refusals: [(String, String)] = [
            ("abc\u{202E}fed", "The message holds the invisible character U+202E; remove it"),
            (String(repeating: "x", count: 10_240), "The message is 10240 characters long; write at most 500"),
        ]
        for (text, line) in refusals {
            let form = try await client.post(
                "/messages", form: [("_csrf", alice.csrf), ("text", text)], headers: alice.browser)
            #expect(form.status == 422 && form.body.contains(line), "\(form.status)")
            #expect(form.body.components(separatedBy: "role=\"alert\"").count == 2, "one line")
            let api = try await Self.postAPI(alice, text, client)
            #expect(api.status == 422 && api.body.contains(String(line.dropFirst()).prefix(30)), "\(api.body)")
        }
        let listed = try await client.get("/api/v1/messages", headers: bob.api)
        #expect(listed.body.components(separatedBy: "\"id\":").count == 2, "only the markup was posted")
        #expect(!listed.body.contains("\u{202E}"))
        try await fixture.stop()
    }

    @Test("bob cannot delete alice's message (403), she can and an admin can; disabled users are hidden")
    func deleting() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, bob) = try fixture.twoUsers()
        let root = try fixture.user("root", admin: true)
        let client = fixture.client
        let first = try await Self.postAPI(alice, "first", client)
        let second = try await Self.postAPI(alice, "second", client)
        #expect(first.status == 201 && second.status == 201 && first.body.contains("\"schema\": \"ledger.message/1\""))
        let page = try await client.post(
            "/messages/1/delete", form: [("_csrf", bob.csrf)], headers: bob.browser)
        #expect(page.status == 403 && page.body.contains("only its author or an admin"))
        let api = try await client.request("DELETE", "/api/v1/messages/1", headers: bob.api)
        #expect(api.status == 403)
        #expect(try await client.request("DELETE", "/api/v1/messages/1", headers: root.api).status == 204)
        let own = try await client.post("/messages/2/delete", form: [("_csrf", alice.csrf)], headers: alice.browser)
        #expect(own.status == 303)
        #expect(try await client.request("DELETE", "/api/v1/messages/2", headers: root.api).status == 404)
        let noCSRF = try await client.post("/messages", form: [("text", "forged")], headers: alice.browser)
        #expect(noCSRF.status == 403)
        #expect(try await Self.postAPI(bob, "bob was here", client).status == 201)
        try fixture.accounts.setDisabled("bob", true)
        let hidden = try await client.get("/messages", headers: alice.browser)
        #expect(!hidden.body.contains("bob was here") && !hidden.body.contains("forged"))
        #expect(try fixture.accounts.allMessages().map(\.hidden) == [true])
        let shell = Books.cli(["user", "messages", "--data-dir", fixture.dataDirectory])
        #expect(shell.status == 0 && shell.out.hasPrefix("ID  TIME"), "\(shell.out)\(shell.err)")
        #expect(shell.out.contains("  bob   bob was here (hidden: user disabled)\n"), "\(shell.out)")
        let json = Books.cli(["user", "messages", "-O", "json", "--data-dir", fixture.dataDirectory]).out
        #expect(json.contains("\"hidden\": true") && json.contains("\"text\": \"bob was here\""), "\(json)")
        try await fixture.stop()
    }

    @Test("the 26th message pushes out the oldest; the page says what is kept")
    func keepsTwentyFive() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, bob) = try fixture.twoUsers()
        let carol = try fixture.user("carol")
        let users = [alice, bob, carol]
        for number in 1...26 {
            let posted = try await Self.postAPI(users[number % 3], "message number \(number).", fixture.client)
            try #require(posted.status == 201, "\(number): \(posted.body)")
        }
        let listed = try await fixture.client.get("/api/v1/messages", headers: bob.api).body
        #expect(listed.components(separatedBy: "\"id\":").count == 26 && listed.contains("\"kept\": 25"))
        #expect(listed.contains("message number 26.") && listed.contains("message number 2."))
        #expect(!listed.contains("message number 1."))
        let page = try await fixture.client.get("/messages", headers: carol.browser)
        #expect(page.body.contains("newest 25; older ones are deleted") && !page.body.contains("?page=2"))
        try await fixture.stop()
    }

    @Test("the eleventh post within a minute answers 429 with Retry-After, on the API and the page")
    func rateLimit() async throws {
        let fixture = try await AccountFixture.start()
        let (alice, _) = try fixture.twoUsers()
        var statuses: [Int] = []
        for number in 1...11 { statuses.append(try await Self.postAPI(alice, "n\(number)", fixture.client).status) }
        #expect(statuses == Array(repeating: 201, count: 10) + [429], "\(statuses)")
        // A minute on, ten more, and the eleventh through the page's form.
        fixture.clock.advance(seconds: 120)
        for number in 1...10 { #expect(try await Self.postAPI(alice, "m\(number)", fixture.client).status == 201) }
        let form = try await fixture.client.post(
            "/messages", form: [("_csrf", alice.csrf), ("text", "one more")], headers: alice.browser)
        #expect(form.status == 429 && form.header("retry-after") != nil && form.body.contains("wait"))
        #expect(form.body.contains(">one more</textarea>"), "the text is kept to post again")
        try await fixture.stop()
    }

    @Test("the route walk of the isolation test covers the messages' routes")
    func isolationWalk() async throws {
        let fixture = try await AccountFixture.start()
        let routes = IsolationTests.routes(fixture.server.settings).map { "\($0.method) \($0.path)" }
        for route in [
            "GET /messages", "POST /messages", "POST /messages/{id}/delete", "POST /account/trade-posts",
            "GET /api/v1/messages", "POST /api/v1/messages", "DELETE /api/v1/messages/{id}",
        ] {
            #expect(routes.contains(route), "\(route) not in \(routes)")
        }
        try await fixture.stop()
    }
}
