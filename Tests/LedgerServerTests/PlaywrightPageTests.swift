import Foundation
import LedgerServer
import LedgerTestSupport
import Testing

/// Issue 35's browser checks, with Playwright (PyPI) driving the run's one Chromium (the
/// system's, started by ``BrowserCheck``) against the real server on 127.0.0.1: a real sign-in through /login, then every page at 390 and 1000 px
/// is no wider than the viewport (`document.documentElement.scrollWidth`), logs no console
/// error and shows its key numbers (`Tests/Server/pages.py`). Skipped, and says so, when
/// Chromium is not on PATH or `import playwright` fails (`.ci/run` installs it best-effort).
/// `LGR_PAGE_SHOTS=DIR` keeps a full-page screenshot of each page at each width there.
@Suite(
    "the server's pages in Playwright at 390 and 1000 px", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct PlaywrightPageTests {
    static var available: Bool { Playwright.available }

    @Test(
        "a real sign-in, then every page of the books fits, logs nothing and shows its numbers", .enabled(if: available)
    )
    func books() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false)
        let alice = try fixture.user("alice", password: "correct horse", admin: true)
        try await PageBrowserTests.seed(fixture.server, alice)
        let asOf = "?as-of=2025-06-30"
        let pages: [[String: Any]] = [
            ["path": "/portfolio" + asOf, "shows": ["ZQXV", "7.77", "1,165.50", "9,040.79"]],
            ["path": "/holdings" + asOf, "shows": ["ZQXV", "7.77", "1,165.50"]],
            ["path": "/trades", "shows": ["ZQXV", "7.77", "123.45", "Void #2"]],
            ["path": "/add", "shows": ["Kind"]],
            ["path": "/import", "shows": ["file"]],
            ["path": "/report" + asOf, "shows": ["ZQXV", "1,165.50"]],
            ["path": "/account", "shows": ["alice"]],
            ["path": "/admin/users", "shows": ["alice", "admin"]],
            ["path": "/notifications", "shows": ["No alert has fired yet"]],
            ["path": "/no/such/page", "status": 404, "shows": ["Page not found", "your portfolio"]],
        ]
        let result = try await Playwright.run(
            base: fixture.server.client.port, login: ("alice", "correct horse"), headers: [:], pages: pages)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("checked 10 pages at 390 px"), "\(result.output)")
        try await fixture.stop()
    }

    @Test(
        "a trade entered through the form on a phone shows in the trades list and the portfolio",
        .enabled(if: available))
    func formEntry() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false)
        _ = try fixture.user("carol", password: "correct horse")
        let form: [String: Any] = [
            "path": "/add", "submit": "form.add button[type=submit]",
            "fill": [
                "#kind": "buy", "#asset": "QZXW", "#quantity": "2", "#price": "150.25", "#account": "phone",
                "#class": "stock",
            ],
            "shows": ["Recorded: #1", "buy 2 QZXW @ 150.25 USD", "[phone]"],
        ]
        let pages: [[String: Any]] = [
            ["path": "/trades", "shows": ["QZXW", "150.25", "phone"]],
            ["path": "/portfolio", "shows": ["QZXW", "300.50"]],
        ]
        let result = try await Playwright.run(
            base: fixture.server.client.port, login: ("carol", "correct horse"), headers: [:], pages: pages, form: form)
        #expect(result.status == 0, "\(result.output)")
        try await fixture.stop()
    }

    @Test("the sign-up page of an open server fits at 390 and 1000 px", .enabled(if: available))
    func signUp() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false, registration: .open)
        let pages: [[String: Any]] = [
            ["path": "/signup", "shows": ["Make an account", "Password (at least 8 characters)"]],
            ["path": "/login", "shows": ["Make an account"]],
        ]
        let result = try await Playwright.run(base: fixture.server.client.port, login: nil, headers: [:], pages: pages)
        #expect(result.status == 0, "\(result.output)")
        try await fixture.stop()
    }

    @Test("holdings none of which has a price show — for value and unrealized P&L, never 0.00", .enabled(if: available))
    func unpriced() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false)
        let bob = try fixture.user("bob", password: "correct horse")
        var headers = bob.api
        headers["Content-Type"] = "application/json"
        let body = #"{"kind": "deposit", "words": "QZXW 3", "class": "crypto", "date": "2025-01-01"}"#
        let added = try await fixture.server.client.request(
            "POST", "/api/v1/events", headers: headers, body: Array(body.utf8))
        try #require(added.status == 201, "\(added.body)")
        let pages: [[String: Any]] = [
            ["path": "/portfolio", "shows": ["QZXW", "value\n—", "unrealized P&L\n—"]]
        ]
        let result = try await Playwright.run(
            base: fixture.server.client.port, login: ("bob", "correct horse"), headers: [:], pages: pages)
        #expect(result.status == 0, "\(result.output)")
        try await fixture.stop()
    }

    @Test(
        "the market's pages fit at 390 and 1000 px with the source's figures; a live price changes; a fired alert is listed",
        .enabled(if: available))
    func market() async throws {
        let server = try MarketTestServer()
        #expect(server.ledger("alice", ["alert", "add", "BTC", "above", "60000"]).status == 0)
        // A holding the fetcher prices (67,543.12 USD), and an airdrop no source prices.
        #expect(server.ledger("alice", ["add", "buy", "BTC", "0.1", "@", "30000", "--offline"]).status == 0)
        let airdrop = ["add", "income", "XYZ", "5", "--kind", "airdrop", "--class", "crypto", "--date", "2024-05-30"]
        #expect(server.ledger("alice", airdrop + ["--offline"]).status == 0)
        #expect(await LedgerServer.fetchNow(server.state).alertsFired == 1)
        // The live stream's source moves on from the 67,543.12 the page is made with.
        server.market.set(
            "/coingecko/simple/price", [.init(body: #"{"bitcoin":{"usd":68000.25,"last_updated_at":1717243060}}"#)])
        let client = try await server.start()
        let live = ["selector": "[data-live]", "from": "67,543.12 USD", "within": 5] as [String: Any]
        let pages: [[String: Any]] = [
            [
                "path": "/market", "shows": ["Bitcoin"],
                "changes": ["selector": "[data-live='BTC USD']", "from": "67,543.12", "within": 5] as [String: Any],
            ],
            [
                "path": "/portfolio", "shows": ["BTC", "Missing prices"],
                "changes": ["selector": "[data-live='BTC USD']", "from": "67,543.12", "within": 5] as [String: Any],
            ],
            ["path": "/prices/missing", "shows": ["XYZ/USD", "2024-05-30", "Enter a price by hand"]],
            // The price may already be live when the text is read: the change is checked instead.
            ["path": "/market/BTC?days=10", "shows": ["Bitcoin", "Market cap"], "changes": live],
            ["path": "/notifications", "shows": ["BTC above 60000 USD: 67543.12"]],
            ["path": "/market/BTC?range=10m", "shows": ["1m candles, last 10m"]],
            ["path": "/market/NVDA?class=stock", "shows": ["NVDA", "1,096.33 USD", "Stock"]],
            ["path": "/watchlist", "shows": ["Watchlist"]],
            ["path": "/alerts", "shows": ["Alerts"]],
            ["path": "/status", "shows": ["Status"]],
            ["path": "/market/search?q=sol", "shows": ["Solana", "SOL"]],
            ["path": "/market?class=stock", "shows": ["NVIDIA", "Stocks"]],
            ["path": "/news", "shows": ["Ether staking deposits"]],
        ]
        let result = try await Playwright.run(
            base: client.port, login: nil, headers: ["X-Test-User": "alice"], pages: pages)
        #expect(result.status == 0, "\(result.output)")
        try await server.stop()
    }
}

/// Runs `Tests/Server/pages.py` (Python Playwright over the system Chromium) on a spec.
enum Playwright {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Server/pages.py").path

    static let available: Bool = {
        guard BrowserCheck.available(for: "PlaywrightPageTests") else { return false }
        let probe = try? ChildProcess.runBlocking(
            URL(fileURLWithPath: BrowserCheck.python!), ["-c", "import playwright.sync_api"],
            environment: ProcessInfo.processInfo.environment)
        if probe?.status != 0 {
            print(
                "PlaywrightPageTests skipped: python3 cannot import playwright; run 'python3 -m pip install playwright'"
            )
        }
        return probe?.status == 0
    }()

    /// The script's exit status and output; the process is awaited without blocking a thread
    /// of the pool the in-process server answers on.
    static func run(
        base port: Int, login: (name: String, password: String)?, headers: [String: String], pages: [[String: Any]],
        form: [String: Any]? = nil
    ) async throws -> (status: Int32, output: String) {
        let directory = makeTemporaryDirectory("playwright")
        let spec: [String: Any] = [
            "base": "http://127.0.0.1:\(port)", "cdp": try await BrowserCheck.debuggingURL(),
            "login": login.map { ["name": $0.name, "password": $0.password] } ?? NSNull(),
            "headers": headers, "widths": [390, 1000], "pages": pages,
            "shots": ProcessInfo.processInfo.environment["LGR_PAGE_SHOTS"] ?? NSNull(),
            "form": form ?? NSNull(),
        ]
        let specPath = directory + "/spec.json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let outputPath = directory + "/output.txt"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = try SpawnedProcess(
            BrowserCheck.python!, [script, specPath], stdout: .file(output), stderr: .file(output))
        try output.close()
        // A browser that stops answering fails the test instead of holding the run.
        let (ending, stopped) = await process.finished(within: Double(limit))
        let text = try String(contentsOfFile: outputPath, encoding: .utf8)
        let ended = stopped ? "pages.py did not end within \(limit) s and was stopped\n" : ""
        return (ending.status, ended + text)
    }

    /// The longest one script runs (a whole spec takes about 30 s on two busy cores).
    static let limit = 300
}
