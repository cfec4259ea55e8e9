import LedgerApp
import LedgerTestSupport
import Testing

/// What a signed-in request may do: the CSRF guard, disabled users, tokens only for the API,
/// admin pages only for admins.
@Suite("Accounts: CSRF, disabled users, tokens, admins")
struct AccountGuardTests {
    static func changePassword(_ user: SignedInTestUser, csrf: String?) -> [(String, String)] {
        (csrf.map { [("_csrf", $0)] } ?? []) + [
            ("current", "correct horse"), ("password", "new password"), ("repeat", "new password"),
        ]
    }

    @Test("a form post without the session's CSRF token, or with a wrong one, is refused and changes nothing")
    func csrf() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        for csrf in [nil, "wrong", alice.csrf + "x"] {
            let refused = try await fixture.client.post(
                "/account", form: Self.changePassword(alice, csrf: csrf), headers: alice.browser)
            #expect(refused.status == 403)
            #expect(refused.body.contains("nothing was changed"))
        }
        #expect(try fixture.accounts.verifyPassword("alice", "correct horse"))
        let headerWrong = try await fixture.client.post(
            "/account", form: Self.changePassword(alice, csrf: alice.csrf),
            headers: alice.browser.merging(["X-CSRF-Token": "wrong"]) { $1 })
        #expect(headerWrong.status == 403, "the header, when given, is what is checked")
        #expect(try fixture.accounts.verifyPassword("alice", "correct horse"))
        // The right token: the route still reads the body the guard read first.
        let changed = try await fixture.client.post(
            "/account", form: Self.changePassword(alice, csrf: alice.csrf), headers: alice.browser)
        #expect(changed.status == 303)
        #expect(changed.header("location") == "/account?changed=1")
        #expect(try fixture.accounts.verifyPassword("alice", "new password"))
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 303, "sessions ended")
        try await fixture.stop()
    }

    @Test("an upload form carries its CSRF token as a multipart field")
    func multipartCSRF() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        let boundary = "XyZ123"
        let body =
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(alice.csrf)\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.csv\"\r\n\r\nx\r\n--\(boundary)--\r\n"
        var headers = alice.browser
        headers["Content-Type"] = "multipart/form-data; boundary=\(boundary)"
        let out = try await fixture.client.request("POST", "/logout", headers: headers, body: Array(body.utf8))
        #expect(out.status == 303)
        let wrong = body.replacingOccurrences(of: alice.csrf, with: "nope")
        let bob = try fixture.user("bob")
        headers["Cookie"] = bob.cookie
        #expect(
            try await fixture.client.request("POST", "/logout", headers: headers, body: Array(wrong.utf8)).status == 403
        )
        try await fixture.stop()
    }

    @Test("a disabled user cannot sign in, and their session and token stop working at once")
    func disabled() async throws {
        let fixture = try await AccountFixture.start()
        let admin = try fixture.user("root", admin: true)
        let alice = try fixture.user("alice")
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.api).status == 200)
        let disable = try await fixture.client.post(
            "/admin/users/alice/disable", form: [("_csrf", admin.csrf)], headers: admin.browser)
        #expect(disable.status == 303)
        #expect(try await fixture.client.get("/account", headers: alice.browser).status == 303)
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.api).status == 401)
        let login = try await LoginForm.signIn(fixture, "alice", "correct horse")
        #expect(login.status == 401)
        #expect(login.body.contains("Wrong name or password."))
        try fixture.accounts.setDisabled("alice", false)
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.api).status == 401, "tokens stay revoked")
        #expect(try await LoginForm.signIn(fixture, "alice", "correct horse").status == 303)
        try await fixture.stop()
    }

    @Test("an API token opens /api/v1/me and nothing else; a session cookie does not open the API")
    func tokens() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        let me = try await fixture.client.get("/api/v1/me", headers: alice.api)
        #expect(me.status == 200)
        #expect(me.header("content-type") == "application/json; charset=utf-8")
        #expect(me.body == "{\n  \"schema\": \"ledger.me/1\",\n  \"user\": \"alice\",\n  \"admin\": false\n}\n")
        let cookie = try await fixture.client.get("/api/v1/me", headers: alice.browser)
        #expect(cookie.status == 401)
        #expect(cookie.body.contains("\"error\""))
        #expect(try await fixture.client.get("/api/v1/me", headers: ["Authorization": "Bearer lgr_nope"]).status == 401)
        #expect(try await fixture.client.get("/account", headers: alice.api).status == 303, "no token on pages")
        let post = try await fixture.client.post(
            "/account", form: Self.changePassword(alice, csrf: nil), headers: alice.api)
        #expect(post.status == 303, "a token cannot post a form")
        #expect(try fixture.accounts.verifyPassword("alice", "correct horse"))
        #expect(try fixture.accounts.revokeTokens("alice") == 1)
        #expect(try await fixture.client.get("/api/v1/me", headers: alice.api).status == 401)
        try await fixture.stop()
    }

    @Test("the admin pages answer 403 to a user who is not an admin, and change nothing")
    func adminOnly() async throws {
        let fixture = try await AccountFixture.start()
        let alice = try fixture.user("alice")
        _ = try fixture.user("bob")
        #expect(try await fixture.client.get("/admin/users", headers: alice.browser).status == 403)
        let create = try await fixture.client.post(
            "/admin/users", form: [("_csrf", alice.csrf), ("name", "mallory"), ("password", "long enough")],
            headers: alice.browser)
        #expect(create.status == 403)
        #expect(try fixture.accounts.user("mallory") == nil)
        let disable = try await fixture.client.post(
            "/admin/users/bob/disable", form: [("_csrf", alice.csrf)], headers: alice.browser)
        #expect(disable.status == 403)
        #expect(try fixture.accounts.user("bob")?.isDisabled == false)
        try await fixture.stop()
    }

    @Test("an admin lists and creates users; a bad name gets the CLI's sentence")
    func adminCreates() async throws {
        let fixture = try await AccountFixture.start()
        let admin = try fixture.user("root", admin: true)
        let created = try await fixture.client.post(
            "/admin/users", form: [("_csrf", admin.csrf), ("name", "carol"), ("password", "long enough")],
            headers: admin.browser)
        #expect(created.status == 303)
        #expect(try fixture.accounts.verifyPassword("carol", "long enough"))
        let list = try await fixture.client.get("/admin/users", headers: admin.browser)
        #expect(list.status == 200)
        #expect(list.body.contains("<td data-label=\"name\">carol</td>"))
        let bad = try await fixture.client.post(
            "/admin/users", form: [("_csrf", admin.csrf), ("name", "../etc"), ("password", "long enough")],
            headers: admin.browser)
        #expect(bad.status == 400)
        #expect(bad.body.contains("is not a user name; use 1 to 32 of a-z"))
        let short = try await fixture.client.post(
            "/admin/users", form: [("_csrf", admin.csrf), ("name", "dave"), ("password", "short")],
            headers: admin.browser)
        #expect(short.body.contains("The password is too short; use at least 8 characters."))
        let me = try await fixture.client.post(
            "/admin/users/root/disable", form: [("_csrf", admin.csrf)], headers: admin.browser)
        #expect(me.status == 400)
        #expect(try fixture.accounts.user("root")?.isDisabled == false)
        try await fixture.stop()
    }

    @Test("the isolation fixture signs in two users apart")
    func twoUsers() async throws {
        let fixture = try await AccountFixture.start()
        let (a, b) = try fixture.twoUsers()
        let meA = try await fixture.client.get("/api/v1/me", headers: a.api)
        let meB = try await fixture.client.get("/api/v1/me", headers: b.api)
        #expect(meA.body.contains("\"alice\"") && meB.body.contains("\"bob\""))
        #expect(try await fixture.client.get("/account", headers: b.browser).body.contains("<strong>bob</strong>"))
        #expect(a.csrf != b.csrf)
        try await fixture.stop()
    }
}
