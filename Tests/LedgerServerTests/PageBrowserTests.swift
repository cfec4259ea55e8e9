import Foundation
import LedgerTestSupport
import Testing

/// Every page of the server in headless Chromium, as the report is checked: at desktop and
/// phone width each page renders, is not blank, logs nothing to the console (the pages have no
/// scripts: a message means a blocked load or a parse error), and shows the books' numbers.
/// The page is fetched from a running server and rendered from a file, so it needs no session.
@Suite(
    "the server's pages in headless Chromium", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct PageBrowserTests {
    static var available: Bool { BrowserCheck.available(for: "PageBrowserTests") }

    /// Path, and text the page must show (the numbers of alice's books).
    static let pages: [(path: String, shows: [String])] = [
        ("/portfolio", ["ZQXV", "7.77", "1,165.50", "9,040.79"]),
        ("/holdings", ["ZQXV", "7.77", "1,165.50"]),
        ("/trades", ["ZQXV", "7.77", "123.45", "deposit"]),
        ("/add", ["buy", "sell", "transfer"]),
        ("/import", ["file"]),
        ("/report", ["ZQXV", "1,165.50"]),
        ("/account", ["alice"]),
        ("/admin/users", ["alice"]),
    ]

    /// The market's pages over the loopback market server's recorded bodies.
    static let marketPages: [(path: String, shows: [String])] = [
        ("/market", ["Bitcoin", "67,"]),
        ("/market/BTC?days=10", ["Bitcoin", "67,543.12", "<svg"]),
        ("/watchlist", ["Watchlist"]),
        ("/alerts", ["Alerts"]),
        ("/status", ["Status"]),
    ]

    @Test("every page renders, is not blank, logs nothing and shows the numbers", .enabled(if: available))
    func everyPage() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice", admin: true)
        let server = fixture.server
        let directory = makeTemporaryDirectory("pages")
        try await Self.seed(server, alice)
        let headers = alice.browser
        for (path, shows) in Self.pages {
            let response = try await server.client.get(path + "?as-of=2025-06-30", headers: headers)
            try await Self.check(path, response, shows: shows, in: directory)
        }
        try await fixture.stop()
    }

    @Test("the market's pages render too, with the source's figures", .enabled(if: available))
    func marketPages() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let directory = makeTemporaryDirectory("pages")
        for (path, shows) in Self.marketPages {
            try await Self.check(path, try await client.get(path, as: "alice"), shows: shows, in: directory)
        }
        try await server.stop()
    }

    /// 200, the texts shown, and at both widths (in the run's one Chromium): rendered, not
    /// blank, no console message.
    static func check(_ path: String, _ response: HTTPTestClient.Response, shows: [String], in directory: String)
        async throws
    {
        #expect(response.status == 200, "\(path): \(response.status) \(response.body.prefix(300))")
        for text in shows {
            #expect(response.body.contains(text), "\(path) does not show \(text)")
        }
        let name = path.dropFirst().split(separator: "?")[0].replacingOccurrences(of: "/", with: "-")
        let file = directory + "/" + name + ".html"
        // Opened from a file, the page has no server for its one script (`/live.js`, the live
        // price): it is checked as a browser without scripts sees it, which must be whole.
        let withoutScript = response.body.replacingOccurrences(of: #"<script src="/live.js" defer></script>"#, with: "")
        try withoutScript.write(toFile: file, atomically: true, encoding: .utf8)
        for (width, height) in [(1000, 1400), (390, 2400)] {
            let shot = try await BrowserCheck.screenshot(file, width: width, height: height, in: directory)
            let (console, pixels) = (shot.console, shot.pixels)
            #expect(console.isEmpty, "\(path) at \(width) px: \(console)")
            #expect(pixels.width == width && pixels.height == height)
            #expect(pixels.colours >= 16, "\(path) at \(width) px: only \(pixels.colours) colours")
            // A sparse page (an empty watchlist at desktop height) inks little, never nothing.
            #expect(pixels.inked > 0.004, "\(path) at \(width) px: only \(pixels.inked) inked")
        }
    }

    /// Alice: 10,000 USD in, 7.77 ZQXV bought at 123.45, ZQXV priced at 150 on 2025-06-01.
    static func seed(_ server: TestServer, _ alice: SignedInTestUser) async throws {
        var headers = alice.api
        headers["Content-Type"] = "application/json"
        for body in [
            #"{"kind": "deposit", "words": "USD 10000", "date": "2025-01-01"}"#,
            #"{"kind": "buy", "words": "ZQXV 7.77 @ 123.45", "class": "stock", "date": "2025-01-02"}"#,
        ] {
            let response = try await server.client.request(
                "POST", "/api/v1/events", headers: headers, body: Array(body.utf8))
            try #require(response.status == 201, "\(response.body)")
        }
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let priced = Books.cli(["prices", "set", "ZQXV", "150", "--date", "2025-06-01", "--ledger", ledger])
        try #require(priced.status == 0, "\(priced.err)")
    }
}
