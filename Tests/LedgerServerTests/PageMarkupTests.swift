import Foundation
import LedgerRender
import LedgerTestSupport
import Testing

/// Markup typed by a user never reaches a page as markup (issue 33): a note, an account, a
/// symbol, a watched coin, an alert, a message, an upload's name and account and a search
/// containing `<script>`, `"><img onerror=…>` and `&amp;` go in through every form and the API,
/// and no page, no form sent back with its errors and no report HTML shows them unescaped.
///
/// With `LGR_PAGE_DUMP=DIR` each page is also written to `DIR/NAME.html`, so the pages of two
/// builds can be compared byte for byte (`diff -r`): the server runs on a fixed clock and a
/// fixed CSRF token, so only what the code makes differs.
@Suite("no page shows a user's markup unescaped")
struct PageMarkupTests {
    /// What a user types: a script, an attribute break-out and an entity that must stay text.
    static let markup = #"<script>alert(1)</script> "><img src=x onerror=alert(2)> &amp;Z"#

    /// What no page may contain: the markup as markup (escaped, it is `&lt;script&gt;…`,
    /// `&quot;&gt;&lt;img …` and `&amp;amp;Z`).
    static let forbidden = ["<script>alert", "<img src=x", "\"><img", " &amp;Z"]

    @Test("every form and the API take markup; every page shows it as text")
    func everyPageEscapes() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        var pages: [(name: String, body: String)] = []
        func keep(_ name: String, _ response: HTTPTestClient.Response) {
            // A JSON answer carries the text as a JSON string and is served as JSON, which a
            // browser does not render; every page is HTML and must show it as text.
            if response.header("content-type")?.hasPrefix("application/json") == true { return }
            pages.append((name, response.body))
        }
        let m = Self.markup
        for (name, json) in Self.apiEvents(m) {
            keep("api-" + name, try await client.postJSON("/api/v1/events", as: "alice", json))
        }
        for (name, form) in Self.tradeForms(m) {
            keep("add-" + name, try await client.post("/add", as: "alice", form: form))
        }
        keep("watch-post", try await client.post("/watchlist", as: "alice", form: [("symbol", "BTC " + m)]))
        keep("watch-api", try await client.postJSON("/api/v1/watchlist", as: "alice", #"{"add": "\#(Self.json(m))"}"#))
        keep(
            "alert-post",
            try await client.post(
                "/alerts", as: "alice", form: [("asset", m), ("condition", "above"), ("level", "1"), ("note", m)]))
        keep(
            "alert-note",
            try await client.post(
                "/alerts", as: "alice", form: [("asset", "BTC"), ("condition", "above"), ("level", "1"), ("note", m)]))
        keep("message-post", try await client.post("/messages", as: "alice", form: [("text", m)]))
        keep("message-long", try await client.post("/messages", as: "alice", form: [("text", m + "\u{202E}")]))
        keep("import-upload", try await Self.upload(client, name: m + ".csv", account: m))
        keep("account-post", try await client.post("/account", as: "alice", form: [("current", m), ("password", m)]))
        for path in Self.pages(m) {
            keep("get" + path, try await client.get(path, as: "alice"))
        }
        for (name, body) in pages {
            for text in Self.forbidden {
                #expect(!body.contains(text), "\(name) shows \(text) unescaped")
            }
        }
        let report = server.ledger("alice", ["report", "-O", "html"])
        for text in Self.forbidden {
            #expect(!report.output.contains(text), "report -O html shows \(text) unescaped")
        }
        pages.append(("cli-report-html", report.output))
        try Self.dump(pages)
        try await server.stop()
    }

    @Test(
        "an exchange export uploaded under a name with markup: the dry run shows it as text; an account with markup is refused, shown as text"
    )
    func uploadEscapes() async throws {
        let server = try MarketTestServer()
        let client = try await server.start()
        let m = Self.markup
        for (account, status) in [("kraken", 200), (m, 422)] {
            let form = Books.multipart(
                file: m + ".csv", try Books.fixture("kraken/ledgers.csv"),
                fields: [("_csrf", "test-csrf"), ("account", account)])
            var headers = Books.user("alice")
            headers["Content-Type"] = form.contentType
            let dry = try await client.request("POST", "/import", headers: headers, body: form.body)
            #expect(dry.status == status, "\(dry.body)")
            // The file's name is shown from its last `/` on (the upload keeps no folders).
            #expect(dry.body.contains(HTML.escape("\"><img src=x onerror=alert(2)>")), "\(dry.body)")
            if status == 200 { #expect(dry.body.contains("would import")) }
            for text in Self.forbidden {
                #expect(!dry.body.contains(text), "the dry run shows \(text) unescaped")
            }
        }
        try await server.stop()
    }

    /// Events through the API: the markup as note, account, symbol and words.
    static func apiEvents(_ m: String) -> [(String, String)] {
        let j = json(m)
        return [
            ("deposit", #"{"kind": "deposit", "words": "USD 1000", "date": "2024-05-01", "note": "\#(j)"}"#),
            ("account", #"{"kind": "deposit", "words": "USD 5", "date": "2024-05-01", "account": "\#(j)"}"#),
            ("symbol", #"{"kind": "buy", "words": "\#(j) 1 @ 2", "date": "2024-05-02"}"#),
            ("buy", #"{"kind": "buy", "words": "BTC 0.01 @ 60000", "date": "2024-05-02", "note": "\#(j)"}"#),
        ]
    }

    /// The add page's form: the markup in each field a user types, and once a form that records.
    static func tradeForms(_ m: String) -> [(String, [(String, String)])] {
        let base = [("kind", "buy"), ("quantity", "1"), ("price", "2"), ("date", "2024-05-03")]
        return [
            ("note", base + [("asset", "ETH"), ("note", m)]),
            ("asset", base + [("asset", m), ("note", m)]),
            ("account", base + [("asset", "ETH"), ("account", m), ("note", m)]),
            ("words", [("kind", "trade"), ("words", m), ("note", m), ("class", m), ("fee", m)]),
            ("quote", base + [("asset", "ETH"), ("quote", m), ("date", m)]),
        ]
    }

    /// Every page a signed-in user reads, with the markup in the query or path where one is read.
    static func pages(_ m: String) -> [String] {
        let q = HTTPTestClient.escape(m)
        return [
            "/portfolio", "/holdings", "/trades", "/trades?account=\(q)&asset=\(q)", "/add", "/import",
            "/report", "/report?period=\(q)", "/portfolio?period=\(q)", "/market", "/market?sort=\(q)&page=\(q)",
            "/market/BTC?days=10",
            "/market/\(q)", "/market/search?q=\(q)", "/news", "/news?asset=\(q)", "/watchlist", "/alerts",
            "/notifications",
            "/messages", "/status", "/account", "/portfolio?as-of=\(q)", "/holdings?currency=\(q)",
        ]
    }

    static func upload(_ client: HTTPTestClient, name: String, account: String) async throws
        -> HTTPTestClient.Response
    {
        let csv =
            "date,kind,asset,quantity,note\n2024-05-01,deposit,USD,5,\"\(markup.replacingOccurrences(of: "\"", with: "\"\""))\"\n"
        let form = Books.multipart(
            file: name, Array(csv.utf8), fields: [("_csrf", "test-csrf"), ("account", account)])
        var headers = Books.user("alice")
        headers["Content-Type"] = form.contentType
        return try await client.request("POST", "/import", headers: headers, body: form.body)
    }

    /// `text` inside a JSON string.
    static func json(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// Each page to `LGR_PAGE_DUMP/NAME.html` when that is set.
    static func dump(_ pages: [(name: String, body: String)]) throws {
        guard let directory = ProcessInfo.processInfo.environment["LGR_PAGE_DUMP"] else { return }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (index, page) in pages.enumerated() {
            let name = page.name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(60)
            try page.body.write(
                toFile: directory + "/" + String(format: "%02d-", index) + String(name) + ".html", atomically: true,
                encoding: .utf8)
        }
    }
}
