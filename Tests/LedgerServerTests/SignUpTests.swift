import Foundation
import LedgerApp
import LedgerTestSupport
import Testing

/// `serve --registration closed|invite|open`: no sign-up page by default; an open server makes
/// an account from the form and signs it in; an invite-only one only with an admin's link, for
/// the name it names, once; the form's token and the rate limit guard it as they guard sign-in.
@Suite("Accounts: sign-up and invites")
struct SignUpTests {
    @Test("closed by default: /signup is a 404 and no account is made")
    func closed() async throws {
        let fixture = try await AccountFixture.start()
        let page = try await fixture.client.get("/signup")
        #expect(page.status == 404)
        let posted = try await SignUpForm.post(fixture, name: "carol", password: "correct horse", token: "x")
        #expect(posted.status == 404)
        #expect(try fixture.accounts.user("carol") == nil)
        try await fixture.stop()
    }

    @Test("open: the form makes an account and signs it in; a taken name and a forged form are refused")
    func open() async throws {
        let fixture = try await AccountFixture.start(registration: .open)
        let login = try await fixture.client.get("/login")
        #expect(login.body.contains(#"<a href="/signup">Make an account</a>"#))
        let made = try await SignUpForm.post(fixture, name: "carol", password: "correct horse")
        #expect(made.status == 303, "\(made.body)")
        #expect(made.header("location") == "/portfolio")
        let session = try #require(made.headers("set-cookie").first { $0.hasPrefix("ledger_session=") })
        let page = try await fixture.client.get(
            "/account", headers: ["Cookie": "ledger_session=" + LoginForm.cookieValue(session)])
        #expect(page.body.contains("Signed in as <strong>carol</strong>"))
        #expect(try fixture.accounts.user("carol")?.isAdmin == false)
        let taken = try await SignUpForm.post(fixture, name: "carol", password: "another horse")
        #expect(taken.status == 422)
        #expect(taken.body.contains("The name carol is taken; choose another."))
        #expect(!taken.body.contains("ledger user"))
        let short = try await SignUpForm.post(fixture, name: "dave", password: "short")
        #expect(short.status == 422)
        #expect(short.body.contains("The password is too short; use at least 8 characters."))
        let forged = try await fixture.client.post(
            "/signup", form: [("_signup", "a"), ("name", "mallory"), ("password", "correct horse")],
            headers: ["Cookie": "ledger_signup=b"])
        #expect(forged.status == 403)
        #expect(try fixture.accounts.user("mallory") == nil)
        try await fixture.stop()
    }

    @Test("sign-ups are rate-limited per address like sign-ins: the sixth in 15 minutes waits")
    func rateLimited() async throws {
        let fixture = try await AccountFixture.start(registration: .open)
        for index in 1...5 {
            let tried = try await SignUpForm.post(fixture, name: "user\(index)", password: "short")
            #expect(tried.status == 422)
        }
        let sixth = try await SignUpForm.post(fixture, name: "user6", password: "correct horse")
        #expect(sixth.status == 429)
        #expect(sixth.header("retry-after") != nil)
        #expect(sixth.body.contains("Too many sign-ups from here. Try again in"))
        #expect(try fixture.accounts.user("user6") == nil)
        try await fixture.stop()
    }

    @Test("invite: only an admin's link makes an account, for its name, once; a changed link is refused")
    func invite() async throws {
        let fixture = try await AccountFixture.start(registration: .invite)
        let admin = try fixture.user("alice", admin: true)
        let bare = try await fixture.client.get("/signup")
        #expect(bare.status == 403)
        #expect(bare.body.contains("Accounts on this server are made by invitation"))
        let refusedAdmin = try await fixture.client.post(
            "/admin/invites", form: [("name", "dave"), ("_csrf", "wrong")], headers: admin.browser)
        #expect(refusedAdmin.status == 403)
        let made = try await fixture.client.post(
            "/admin/invites", form: [("name", "dave"), ("_csrf", admin.csrf)], headers: admin.browser)
        #expect(made.status == 200, "\(made.body)")
        let link = try #require(SignUpForm.link(made.body))
        #expect(link.hasPrefix("/signup?invite=dave."))
        let invite = String(link.dropFirst("/signup?invite=".count))
        let form = try await fixture.client.get(link)
        #expect(form.status == 200)
        #expect(form.body.contains(#"value="dave" autocomplete="username" autocapitalize="none" required readonly>"#))
        let other = try await SignUpForm.post(fixture, name: "eve", password: "correct horse", invite: invite)
        #expect(other.status == 403)
        #expect(other.body.contains("This invitation is for the name dave."))
        let changed = try await SignUpForm.post(
            fixture, name: "eve", password: "correct horse",
            invite: invite.replacingOccurrences(of: "dave", with: "eve"))
        #expect(changed.status == 403)
        let used = try await SignUpForm.post(fixture, name: "dave", password: "correct horse", invite: invite)
        #expect(used.status == 303, "\(used.body)")
        let again = try await SignUpForm.post(fixture, name: "dave", password: "other horse", invite: invite)
        #expect(again.status == 422)
        #expect(try fixture.accounts.user("eve") == nil)
        try await fixture.stop()
    }
}

enum SignUpForm {
    /// Gets the form (for its token and cookie, unless `token` is given) and posts it.
    static func post(
        _ fixture: AccountFixture, name: String, password: String, invite: String = "", token: String? = nil
    ) async throws -> HTTPTestClient.Response {
        var value = token ?? ""
        if token == nil {
            let form = try await fixture.client.get("/signup?invite=" + invite)
            value = LoginForm.cookieValue(form.headers("set-cookie").first { $0.hasPrefix("ledger_signup=") } ?? "")
        }
        return try await fixture.client.post(
            "/signup", form: [("_signup", value), ("invite", invite), ("name", name), ("password", password)],
            headers: ["Cookie": "ledger_signup=" + value])
    }

    /// The `/signup?invite=…` path an admin's page shows.
    static func link(_ body: String) -> String? {
        guard let start = body.range(of: "/signup?invite=") else { return nil }
        let rest = body[start.lowerBound...]
        return rest.prefix { $0 != "<" && $0 != "\"" && $0 != " " }.description
    }
}
