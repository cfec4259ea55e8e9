import Foundation
import LedgerTestSupport
import Testing

/// `ledger serve migrate --from DATA --to postgres://…` (issue 38) with the real programs: a
/// data directory of three users made with `ledger user` and `ledger --ledger …`, copied into
/// a new database of the test cluster, copied again (nothing added), exported back from the
/// database into a ledger file that verifies with the same chain head, and served from the
/// database with the users' own token and password; a file imported into a ledger since is
/// copied with its receipt on the next run, once; alice's notifications (two lines, one seen)
/// are copied with their seen count, and a line the file gained since is copied once. Opt in with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "ledger serve migrate into PostgreSQL",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresMigrateTests {
    let home = makeTemporaryDirectory("migrate-pg")
    var data: String { home + "/data" }
    var environment: [String: String] {
        ServedLedger.environment.merging(["HOME": home, "XDG_DATA_HOME": home]) { $1 }
    }

    @Test("three users copied with their chains; a second run adds nothing; exported back, a copy verifies")
    func threeUsers() async throws {
        let database = try await ClusterDatabase.make()
        let token = try await makeDataDirectory()
        let heads = try await ["alice", "bob"].asyncMap { try await verified(book($0)) }
        let hashes = heads.map { String($0.suffix(64).prefix(12)) }

        let first = try await ledger(["serve", "migrate", "--from", data, "--to", database.url])
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(first.stdout)")
        let alice =
            /alice: added the user, 1 token, 4 events, 1 price(, \d+ settings?)?, 2 alerts, 2 notifications; chain #4 (\w+) verified/
        #expect(lines.first?.wholeMatch(of: alice)?.output.2 == Substring(hashes[0]), "\(first.stdout)")
        let bob = /bob: added the user, 1 event, \d+ settings?; chain #1 (\w+) verified/
        #expect(lines.dropFirst().first?.wholeMatch(of: bob)?.output.1 == Substring(hashes[1]), "\(first.stdout)")
        #expect(lines.dropFirst(2).first == "carol: added the user; no books")
        let total =
            /Copied 3 users, 1 token, 5 events, 1 price, \d+ settings?, 2 alerts, 2 notifications from (.+) to (.+); every chain verified./
        let named = lines.last?.wholeMatch(of: total).map { "\($0.output.1) \($0.output.2)" }
        #expect(named == "\(data) \(database.url)")

        let again = try await ledger(["serve", "migrate", "--from", data, "--to", database.url])
        #expect(
            again.stdout == """
                alice: nothing to add; chain #4 \(hashes[0]) verified
                bob: nothing to add; chain #1 \(hashes[1]) verified
                carol: nothing to add; no books
                Nothing to copy: \(database.url) holds everything of \(data) already; every chain verified.

                """)
        #expect(
            try await database.sql(
                "SELECT (SELECT string_agg(name || ':' || admin, ',' ORDER BY name) FROM accounts), (SELECT count(*) FROM account_tokens)"
            ) == "alice:true,bob:false,carol:false|1")
        #expect(try await database.sql(Self.settingSQL("bob", "currency")) == "EUR")
        // alice's alerts with their numbers (2 was removed), the next number after 3.
        #expect(
            try await database.sql(
                """
                SELECT string_agg(a.id || ':' || a.asset, ',' ORDER BY a.id), max(i.last) FROM alerts a
                JOIN ledger_users u ON u.id = a.user_id JOIN alert_ids i ON i.user_id = a.user_id WHERE u.name = 'alice'
                """) == "1:BTC,3:SOL|3")

        #expect(
            try await database.sql(Self.notificationSQL("alice")) == Self.notifications.joined(separator: "\n") + "|1")
        try await exportedBack(database, head: heads[0])
        try await served(database, token: token)

        // An alert whose number the database holds differently is kept, and named.
        _ = try await database.sql(
            "UPDATE alerts SET note = 'changed' WHERE id = 3 AND user_id = (SELECT id FROM ledger_users WHERE name = 'alice')"
        )
        // bob's file grew meanwhile by an import: its event and its receipt are copied, once.
        let receipt = try await importedIntoBob()
        // alice's notification file gained a line (the file server fired another alert).
        let later = Self.notification("2025-07-01T00:00:00Z", alert: 3, "SOL", "SOL rose 12% within 24h")
        try Self.appendLine(later, to: data + "/users/alice/notifications.jsonl")
        let third = try await ledger(["serve", "migrate", "--from", data, "--to", database.url])
        #expect(
            third.stdout.hasPrefix(
                "alice: added 1 notification; chain #4 \(hashes[0]) verified; kept the database's alert 3 (differs from the file)\n"
            ),
            "\(third.stdout)")
        #expect(
            third.stdout.contains(/\nbob: added 1 event, 1 import receipt; chain #2 \w+ verified\n/), "\(third.stdout)")
        let fourth = try await ledger(["serve", "migrate", "--from", data, "--to", database.url])
        #expect(fourth.stdout.contains("\nbob: nothing to add; chain #2 "), "\(fourth.stdout)")
        #expect(fourth.stdout.hasPrefix("alice: nothing to add; chain #4 "), "\(fourth.stdout)")
        #expect(
            try await database.sql(Self.notificationSQL("alice"))
                == (Self.notifications + [later]).joined(separator: "\n") + "|1")
        let receipts = try await database.sql(
            """
            SELECT string_agg(r.batch || ' ' || r.file || ' ' || r.sha256 || ' ' || r.added, ',') FROM import_receipts r
            JOIN ledger_users u ON u.id = r.user_id WHERE u.name = 'bob'
            """)
        #expect(receipts == receipt, "\(receipts) against the file's \(receipt)")
    }

    /// Imports into bob's ledger file one deposit exported from another ledger; the receipt as
    /// `BATCH FILE SHA256 ADDED` from his file.
    func importedIntoBob() async throws -> String {
        let other = home + "/other.ledger"
        try await ledger(["--ledger", other, "add", "deposit", "EUR", "7", "--date", "2025-03-01"])
        let file = home + "/deposit.jsonl"
        try await ledger(["--ledger", other, "export"]).stdout.write(toFile: file, atomically: true, encoding: .utf8)
        try await ledger(["--ledger", book("bob"), "import", file])
        // An export's import prints no receipt line: the receipt as `import --history` lists it.
        let history = try await ledger(["--ledger", book("bob"), "import", "--history", "-O", "json"]).stdout
        let batch = try #require(history.firstMatch(of: /"batch":\s*"([^"]+)"/)?.output.1, "\(history)")
        let sha256 = try #require(history.firstMatch(of: /"sha256":\s*"([0-9a-f]{64})"/)?.output.1, "\(history)")
        return "\(batch) \(file) \(sha256) 1"
    }

    @Test("a directory without accounts: one line, exit 1, the database untouched")
    func noAccounts() async throws {
        let database = try await ClusterDatabase.make()
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger, ["serve", "migrate", "--from", data, "--to", database.url],
            environment: environment)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "ledger: error: there are no accounts in '\(data)' (no accounts.sqlite); give --from the directory 'ledger serve --data-dir' used\n"
        )
        #expect(try await database.sql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0")
    }

    /// alice (admin: a token, 3 events and a void, a price, alerts 1 and 3 of 3, two
    /// notifications of which she saw one), bob (a ledger in EUR, one deposit), carol (an
    /// account without books); alice's token.
    func makeDataDirectory() async throws -> String {
        for name in ["alice", "bob", "carol"] {
            try await ledger(
                ["user", "add", name, "--data-dir", data] + (name == "alice" ? ["--admin"] : []),
                input: PostgresUserCommandTests.password + "\n")
        }
        let issued = try await ledger(["user", "token", "alice", "--data-dir", data])
        let alice = book("alice")
        for words in [
            ["add", "deposit", "USD", "10000", "--date", "2025-01-02"],
            ["add", "buy", "BTC", "0.1", "@", "30000", "--date", "2025-01-03"],
            ["add", "buy", "ETH", "1", "@", "2000", "--date", "2025-01-04"], ["void", "3", "--reason", "typo"],
            ["prices", "set", "BTC", "60000", "--date", "2025-06-01"],
            ["alert", "add", "BTC", "above", "70000", "--note", "take profit"],
            ["alert", "add", "ETH", "below", "1000"],
            ["alert", "remove", "2"], ["alert", "add", "SOL", "change", "+10%", "--within", "24h"],
        ] {
            try await ledger(["--ledger", alice] + words)
        }
        try Self.notifications.joined(separator: "\n").appending("\n")
            .write(toFile: data + "/users/alice/notifications.jsonl", atomically: true, encoding: .utf8)
        try "1\n".write(toFile: data + "/users/alice/notifications.jsonl.seen", atomically: true, encoding: .utf8)
        try await ledger(["--ledger", book("bob"), "init", "--currency", "EUR"])
        try await ledger(["--ledger", book("bob"), "add", "deposit", "EUR", "500", "--date", "2025-02-01"])
        return try #require(issued.stdout.firstMatch(of: /lgr_[A-Za-z0-9_-]+/).map { String($0.output) })
    }

    /// alice's events as the database holds them are `ledger export`'s lines of her file, byte
    /// for byte; imported into a new ledger file they verify with her chain head.
    func exportedBack(_ database: ClusterDatabase, head: String) async throws {
        let records = try await database.sql(
            """
            SELECT e.record FROM events e JOIN ledger_users u ON u.id = e.user_id
            WHERE u.name = 'alice' ORDER BY e.sequence
            """)
        #expect(try await ledger(["--ledger", book("alice"), "export"]).stdout == records + "\n")
        let file = home + "/alice.jsonl"
        try (records + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let back = home + "/back.ledger"
        try await ledger(["--ledger", back, "import", file])
        #expect(try await verified(back) == head)
    }

    /// A server on the database takes alice's token from the data directory and bob's
    /// password, and answers alice's portfolio and alerts as `ledger portfolio` and `ledger
    /// alert list` answer them from her file.
    func served(_ database: ClusterDatabase, token: String) async throws {
        let server = try await PostgresServed.start(database.url)
        defer { server.stop() }
        let me = try await server.api("GET", "/api/v1/me", token: token)
        #expect(me.status == 200 && me.body.contains(#""user": "alice""#), "\(me.body)")
        #expect(try await PostgresUserCommandTests.signIn("bob", port: server.port).hasPrefix("ledger_session="))
        let portfolio = try await server.api("GET", "/api/v1/portfolio?as-of=2026-01-01", token: token)
        let cli = try await ledger(["--ledger", book("alice"), "portfolio", "-O", "json", "--as-of", "2026-01-01"])
        #expect(portfolio.status == 200 && portfolio.body == cli.stdout, "\(portfolio.body)\n\(cli.stdout)")
        let notified = try await server.api("GET", "/api/v1/notifications", token: token)
        #expect(notified.status == 200, "\(notified.body)")
        #expect(notified.body.contains(#""total": 2,"#) && notified.body.contains(#""unseen": 1,"#), "\(notified.body)")
        #expect(notified.body.contains("BTC rose above 70,000 USD"), "\(notified.body)")
        let alerts = try await server.api("GET", "/api/v1/alerts", token: token)
        let listed = try await ledger(["--ledger", book("alice"), "alert", "list", "-O", "json"])
        let trimmed = [alerts.body, listed.stdout].map { $0.trimmingCharacters(in: .newlines) }
        #expect(alerts.status == 200 && trimmed[0] == trimmed[1], "\(alerts.body)\n\(listed.stdout)")
    }

    func book(_ user: String) -> String { data + "/users/\(user)/books.ledger" }

    /// `ok: N events verified; chain head HASH` of `ledger verify`.
    func verified(_ path: String) async throws -> String {
        let result = try await ledger(["--ledger", path, "verify"])
        return String(result.stdout.split(separator: "\n").first { $0.hasPrefix("ok: ") } ?? "")
    }

    @discardableResult
    func ledger(_ arguments: [String], input: String? = nil) async throws -> BuiltProducts.Result {
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger, arguments, environment: environment, input: input)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    /// Two alerts that fired for alice, as the file server's notification log writes them.
    static let notifications = [
        notification("2025-06-01T00:00:00Z", alert: 1, "BTC", "BTC rose above 70,000 USD (take profit)"),
        notification("2025-06-02T00:00:00Z", alert: 3, "SOL", "SOL rose 11% within 24h"),
    ]

    static func notification(_ firedAt: String, alert: Int, _ asset: String, _ message: String) -> String {
        #"{"fired_at": "\#(firedAt)", "alert": \#(alert), "asset": "\#(asset)", "currency": "USD", "message": "\#(message)"}"#
    }

    static func appendLine(_ line: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line + "\n").utf8))
    }

    /// A user's notification lines in the database, oldest first, and how many they saw.
    static func notificationSQL(_ user: String) -> String {
        """
        SELECT (SELECT string_agg(n.line, E'\\n' ORDER BY n.id) FROM notifications n
                JOIN ledger_users u ON u.id = n.user_id WHERE u.name = '\(user)'),
               (SELECT s.seen FROM notifications_seen s JOIN ledger_users u ON u.id = s.user_id WHERE u.name = '\(user)')
        """
    }

    static func settingSQL(_ user: String, _ key: String) -> String {
        """
        SELECT s.value FROM settings s JOIN ledger_users u ON u.id = s.user_id
        WHERE u.name = '\(user)' AND s.key = '\(key)'
        """
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
