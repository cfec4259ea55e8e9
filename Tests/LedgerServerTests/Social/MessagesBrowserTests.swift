import Foundation
import LedgerTestSupport
import Testing

/// The Messages page in Chromium (issue 40), in the same serialized suite as the other pages:
/// at 390 and 1000 px no sideways scrolling and no console error, with a trade post, markup
/// shown as text, several lines and one long unbroken word.
extension PlaywrightPageTests {
    @Test("the Messages page and the account's trade-post setting fit and show the stream", .enabled(if: available))
    func messages() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false)
        let alice = try fixture.user("alice", password: "correct horse", admin: true)
        let bob = try fixture.user("bob")
        let client = fixture.client
        let optIn = try await client.post(
            "/account/trade-posts", form: [("_csrf", alice.csrf), ("trade_posts", "on")], headers: alice.browser)
        try #require(optIn.status == 303)
        var headers = alice.api
        headers["Content-Type"] = "application/json"
        let buy = #"{"kind": "buy", "words": "BTC 0.1 @ 30000", "date": "2025-01-02"}"#
        try #require(
            try await client.request("POST", "/api/v1/events", headers: headers, body: Array(buy.utf8)).status == 201)
        for text in [
            "<b>not bold</b> and a link as text: https://example.org/a/very/long/path/that/keeps/going/on/and/on",
            String(repeating: "unbroken", count: 40),
            "two\nlines",
        ] {
            let posted = try await client.post(
                "/messages", form: [("_csrf", bob.csrf), ("text", text)], headers: bob.browser)
            try #require(posted.status == 303)
        }
        let pages: [[String: Any]] = [
            [
                "path": "/messages", "shows": ["alice bought BTC", "<b>not bold</b>", "newest 25", "Post"],
                "hides": ["30000"],
            ],
            ["path": "/account", "shows": ["Trade posts are on"]],
        ]
        let result = try await Playwright.run(
            base: client.port, login: ("alice", "correct horse"), headers: [:], pages: pages)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("checked 2 pages at 390 px"), "\(result.output)")
        try await fixture.stop()
    }
}
