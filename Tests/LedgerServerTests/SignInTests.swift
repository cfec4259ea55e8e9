import LedgerApp
import LedgerTestSupport
import Testing

/// Sign-in through the real form: the login token, cookies, the same refusal for every wrong
/// name or password, the rate limit, sign-out, `next`.
@Suite("Accounts: sign in, sign out, the rate limit")
struct SignInTests {
    @Test("a sign-in sets a new HttpOnly, SameSite=Strict, Secure session cookie and opens the pages")
    func signIn() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let response = try await LoginForm.signIn(fixture, "alice", "correct horse", cookie: "ledger_session=planted")
        #expect(response.status == 303)
        #expect(response.header("location") == "/portfolio")
        let session = try #require(response.headers("set-cookie").first { $0.hasPrefix("ledger_session=") })
        let id = LoginForm.cookieValue(session)
        #expect(id.count == 43 && id != "planted")
        #expect(session == "ledger_session=\(id); Path=/; Max-Age=604800; HttpOnly; SameSite=Strict; Secure")
        let page = try await fixture.client.get("/account", headers: ["Cookie": "ledger_session=" + id])
        #expect(page.status == 200)
        #expect(page.body.contains("Signed in as <strong>alice</strong>"))
        let again = try await LoginForm.signIn(fixture, "alice", "correct horse")
        let second = try #require(again.headers("set-cookie").first { $0.hasPrefix("ledger_session=") })
        #expect(LoginForm.cookieValue(second) != id, "every sign-in makes a new session id")
        try await fixture.stop()
    }

    @Test("--insecure-cookies leaves Secure off")
    func insecureCookies() async throws {
        let fixture = try await AccountFixture.start(secureCookies: false)
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let response = try await LoginForm.signIn(fixture, "alice", "correct horse")
        let session = try #require(response.headers("set-cookie").first { $0.hasPrefix("ledger_session=") })
        #expect(session.hasSuffix("; Path=/; Max-Age=604800; HttpOnly; SameSite=Strict"))
        try await fixture.stop()
    }

    @Test("an unknown name and a wrong password get the same answer, and no cookie")
    func sameRefusal() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let token = String(repeating: "a", count: 43)
        let wrong = try await LoginForm.signIn(fixture, "alice", "wrong horse", loginToken: token)
        let unknown = try await LoginForm.signIn(fixture, "nobody", "wrong horse", loginToken: token)
        #expect(wrong.status == 401 && unknown.status == 401)
        #expect(wrong.body.contains("Wrong name or password."))
        #expect(
            wrong.body.replacingOccurrences(of: "alice", with: "X")
                == unknown.body.replacingOccurrences(of: "nobody", with: "X"))
        #expect(
            !(wrong.headers("set-cookie") + unknown.headers("set-cookie")).contains { $0.hasPrefix("ledger_session=") })
        try await fixture.stop()
    }

    @Test("a sign-in posted without the login form's cookie is refused before the password is checked")
    func loginFormToken() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let forged = try await fixture.client.post(
            "/login", form: [("_login", "guess"), ("name", "alice"), ("password", "correct horse")])
        #expect(forged.status == 403)
        #expect(forged.body.contains("expired or came from another site"))
        #expect(!forged.headers("set-cookie").contains { $0.hasPrefix("ledger_session=") })
        try await fixture.stop()
    }

    @Test("five failures for a name: 429 with Retry-After, even for the right password, until the window passes")
    func rateLimit() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        for _ in 0..<5 {
            #expect(try await LoginForm.signIn(fixture, "alice", "wrong horse").status == 401)
        }
        let limited = try await LoginForm.signIn(fixture, "alice", "correct horse")
        #expect(limited.status == 429)
        let wait = try #require(limited.header("retry-after").flatMap { Int($0) })
        #expect(wait > 800 && wait <= 900)
        #expect(limited.body.contains("Too many failed sign-ins from here. Try again in 15 minutes."))
        #expect(!limited.headers("set-cookie").contains { $0.hasPrefix("ledger_session=") })
        fixture.clock.advance(seconds: 15 * 60)
        #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 303)
        // The success forgot alice's failures: four more are allowed before the fifth locks.
        for _ in 0..<4 {
            #expect(try await LoginForm.signIn(fixture, "alice", "wrong horse").status == 401)
        }
        #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 303)
        try await fixture.stop()
    }

    @Test("twenty failures from one address lock it for every name")
    func perPeerLimit() async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        for index in 0..<20 {
            #expect(try await LoginForm.signIn(fixture, "user\(index / 4)", "wrong horse").status == 401)
        }
        #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 429)
        try await fixture.stop()
    }

    @Test("sign-out ends the session on the server: the old cookie no longer opens a page")
    func signOut() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 200)
        let out = try await fixture.client.post("/logout", form: [("_csrf", alice.csrf)], headers: alice.browser)
        #expect(out.status == 303)
        #expect(out.header("location") == "/login")
        #expect(out.headers("set-cookie").contains { $0.hasPrefix("ledger_session=; Path=/; Max-Age=0;") })
        let after = try await fixture.client.get("/account", headers: alice.browser)
        #expect(after.status == 303)
        #expect(after.header("location") == "/login?next=/account")
        try await fixture.stop()
    }

    @Test("a session idle for more than 12 hours is over")
    func idleTimeout() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        fixture.clock.advance(seconds: 11 * 3600)
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 200)
        fixture.clock.advance(seconds: 12 * 3600 + 60)
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 303)
        try await fixture.stop()
    }

    @Test(
        "next is followed only to a path on this site",
        arguments: [
            ("/trades", "/trades"), ("/market?page=2", "/market?page=2"), ("//evil.example/x", "/portfolio"),
            ("https://evil.example/", "/portfolio"), ("/\\evil.example", "/portfolio"), ("", "/portfolio"),
            ("/a b", "/portfolio"),
        ])
    func next(given: String, followed: String) async throws {
        let fixture = try await AccountFixture.start()
        try fixture.accounts.addUser("alice", password: "correct horse", admin: false)
        let response = try await LoginForm.signIn(fixture, "alice", "correct horse", next: given)
        #expect(response.status == 303)
        #expect(response.header("location") == followed)
        try await fixture.stop()
    }
}

/// The login form as a browser fills it: GET /login for the login token (cookie and hidden
/// field), then POST /login with both.
enum LoginForm {
    static func signIn(
        _ fixture: AccountFixture, _ name: String, _ password: String, next: String = "", cookie: String? = nil,
        loginToken: String? = nil
    ) async throws -> HTTPTestClient.Response {
        // Patient: the rate-limit tests send 60 sign-ins at once, each a bcrypt and a write,
        // to a server sharing two cores with the rest of the suite.
        let client = HTTPTestClient(port: fixture.client.port, timeoutSeconds: 60)
        let token: String
        if let loginToken {
            token = loginToken
        } else {
            let form = try await client.get("/login")
            token = cookieValue(form.headers("set-cookie").first { $0.hasPrefix("ledger_login=") } ?? "")
        }
        let cookies = ["ledger_login=" + token] + (cookie.map { [$0] } ?? [])
        return try await client.post(
            "/login", form: [("_login", token), ("name", name), ("password", password), ("next", next)],
            headers: ["Cookie": cookies.joined(separator: "; ")])
    }

    /// `VALUE` of `NAME=VALUE; …`.
    static func cookieValue(_ setCookie: String) -> String {
        let pair = setCookie.split(separator: ";", maxSplits: 1).first ?? ""
        return String(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? "")
    }
}
