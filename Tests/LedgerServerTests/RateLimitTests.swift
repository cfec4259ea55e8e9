import LedgerApp
import LedgerTestSupport
import Testing

/// The rate limits under parallel load and across a restart, and the limit on `/account`.
@Suite("Accounts: rate limits that hold in parallel, across restarts and on /account")
struct RateLimitTests {
    /// `count` sign-ins of `name` with a wrong password, all at once; their statuses.
    static func parallelWrongSignIns(_ fixture: AccountFixture, names: [String], count: Int) async throws -> [Int] {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<count {
                let name = names[index % names.count]
                group.addTask { try await LoginForm.signIn(fixture, name, "wrong horse").status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("40 parallel wrong passwords for one name: at most 5 are checked (401), the rest get 429")
    func parallelOneName() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let statuses = try await Self.parallelWrongSignIns(fixture, names: ["alice"], count: 40)
        #expect(statuses.count == 40)
        #expect(statuses.filter { $0 == 401 }.count <= 5, "\(statuses)")
        #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 }, "\(statuses)")
        #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 429)
        try await fixture.stop()
    }

    @Test("60 parallel wrong passwords over 15 names from one address: at most 20 are checked")
    func parallelManyNames() async throws {
        let fixture = try await AccountFixture.start()
        let names = (0..<15).map { "user\($0)" }
        let statuses = try await Self.parallelWrongSignIns(fixture, names: names, count: 60)
        #expect(statuses.filter { $0 == 401 }.count <= 20, "\(statuses)")
        #expect(statuses.filter { $0 == 429 }.count >= 40, "\(statuses)")
        try await fixture.stop()
    }

    @Test("the counts live in the accounts database: a restarted server still refuses")
    func survivesRestart() async throws {
        let clock = TestClock()
        let first = try await AccountFixture.start(clock: clock)
        try first.accounts.addUser("alice", password: "correct horse", admin: false)
        for _ in 0..<5 {
            #expect(try await LoginForm.signIn(first, "alice", "wrong horse").status == 401)
        }
        try await first.stop()
        let second = try await AccountFixture.start(dataDirectory: first.dataDirectory, clock: clock)
        #expect(try await LoginForm.signIn(second, "alice", "correct horse").status == 429)
        clock.advance(seconds: 15 * 60)
        #expect(try await LoginForm.signIn(second, "alice", "correct horse").status == 303)
        try await second.stop()
    }

    @Test("successful sign-ins do not count against the address")
    func successesAreFree() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        for _ in 0..<25 {
            #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 303)
        }
        try await fixture.stop()
    }

    @Test("/account: 5 wrong current passwords, then 429 even for the right one, until the window passes")
    func accountPage() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        let change = { (current: String) in
            [("_csrf", alice.csrf), ("current", current), ("password", "new password"), ("repeat", "new password")]
        }
        for _ in 0..<5 {
            let wrong = try await fixture.client.post("/account", form: change("wrong horse"), headers: alice.browser)
            #expect(wrong.status == 400)
            #expect(wrong.body.contains("The current password is wrong."))
        }
        let limited = try await fixture.client.post("/account", form: change("correct horse"), headers: alice.browser)
        #expect(limited.status == 429)
        #expect(limited.body.contains("Too many wrong passwords. Try again in 15 minutes."))
        #expect(limited.header("retry-after").flatMap { Int($0) }.map { $0 > 800 && $0 <= 900 } == true)
        #expect(try fixture.accounts.verifyPassword("alice", "correct horse"), "nothing was changed")
        fixture.clock.advance(seconds: 15 * 60)
        let changed = try await fixture.client.post("/account", form: change("correct horse"), headers: alice.browser)
        #expect(changed.status == 303)
        #expect(try fixture.accounts.verifyPassword("alice", "new password"))
        try await fixture.stop()
    }
}

/// Paths the router and the credential check could read two ways are refused.
@Suite("Server: paths not in their plain form")
struct PlainPathTests {
    @Test(
        "a session cookie reaches no route through //api, /./, /../ or an encoded slash",
        arguments: [
            "//api/v1/me", "//api/v1/portfolio", "/./api/v1/me", "/api/./v1/me", "/x/../api/v1/me",
            "/api%2Fv1/me", "/api/v1%2fme", "/%2e/api/v1/me", "/api%5Cv1/me", "//account", "/account/.",
        ])
    func refused(path: String) async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        let response = try await fixture.client.get(path, headers: alice.browser)
        #expect(response.status == 400, "\(path)")
        #expect(response.body.hasPrefix("The path is not in its plain form"))
        #expect(!response.body.contains("alice"))
        try await fixture.stop()
    }

    @Test("plain paths still work: the cookie opens pages, the API wants its token")
    func plain() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.browser).status == 401)
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.api).status == 200)
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 200)
        #expect(try await fixture.client.get("/healthz").status == 200)
        try await fixture.stop()
    }
}
