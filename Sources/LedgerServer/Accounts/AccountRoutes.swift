import Hummingbird
import LedgerApp
import LedgerInterchange
import LedgerRender

/// `GET/POST /account` (change one's own password) and `GET /api/v1/me` (who a token is).
struct AccountRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        guard let auth = state.authenticator as? AccountAuthenticator else { return }
        signedIn.get("/account") { request, context in
            let changed = request.uri.queryParameters["changed"] != nil
            let user = context.user
            let posts = try await auth.accounts.run { try $0.postsTrades(user.name) }
            return Self.page(
                user, messages: [],
                notice: changed ? "Your password was changed; every other session was ended." : nil,
                extra: MessagesPage.tradePostsForm(user, on: posts))
        }
        signedIn.post("/account") { request, context in
            try await Self.changePassword(request, context: context, auth: auth)
        }
        signedIn.get("/api/v1/me") { _, context in
            let user = context.user
            return ServerResponse.json(AccountJSON.me(name: user.name, isAdmin: user.isAdmin))
        }
    }

    /// Checks the current password (at most ``LoginRateLimit/perUserOnAccount`` wrong ones in
    /// its window), sets the new one (which ends every session of the user,
    /// on every device) and signs this browser in again with a new session.
    static func changePassword(_ request: Request, context: SignedInContext, auth: AccountAuthenticator)
        async throws -> Response
    {
        let user = context.user
        let fields = try await FormFields(request, context: context)
        let (current, new) = (fields["current"], fields["password"])
        guard new == fields["repeat"] else {
            return page(user, messages: ["The new passwords differ; type the same one twice."], status: .badRequest)
        }
        do {
            try Passwords.check(new)
        } catch {
            return page(user, messages: ["\(error)".capitalizedSentence], status: .badRequest)
        }
        let attempt: CountedAttempt
        switch try await auth.rateLimit.passwordCheck(user: user.name) {
        case .wait(let seconds):
            var response = page(
                user, messages: ["Too many wrong passwords. " + LoginRateLimit.tryAgain(in: seconds)],
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .allowed(let counted): attempt = counted
        }
        guard try await auth.accounts.run({ try $0.verifyPassword(user.name, current) }) else {
            return page(user, messages: ["The current password is wrong."], status: .badRequest)
        }
        try await auth.rateLimit.passwordChecked(user: user.name, attempt)
        let session = try await auth.accounts.run { accounts in
            try accounts.setPassword(user.name, password: new)
            return try accounts.startSession(for: user.name)
        }
        guard let session else { return ServerResponse.redirect(to: "/login") }
        return LoginRoutes.signedIn(session, auth: auth, next: "/account?changed=1")
    }

    static func page(
        _ user: ServerUser, messages: [String], notice: String? = nil, status: HTTPResponse.Status = .ok,
        extra: Markup = ""
    ) -> Response {
        let body: Markup = """
            \(PageLayout.errors(messages))\(notice.map { "<p class=\"ok\">\($0)</p>" as Markup } ?? "")
            <p>Signed in as <strong>\(user.name)</strong>\(user.isAdmin ? " (admin)" : "").</p>
            <h2>Change your password</h2>
            <form method="post" action="/account">\(PageLayout.csrfField(user))
            <input type="text" name="name" value="\(user.name)" autocomplete="username" hidden>
            <label for="current">Current password</label>
            <input type="password" id="current" name="current" autocomplete="current-password" required>
            <label for="password">New password (at least \(Passwords.minimumLength) characters)</label>
            <input type="password" id="password" name="password" autocomplete="new-password" minlength="\(Passwords.minimumLength)" required>
            <label for="repeat">New password again</label>
            <input type="password" id="repeat" name="repeat" autocomplete="new-password" required>
            <p><button type="submit">Change password</button></p>
            </form>
            <p>Changing the password signs you out on every other device.</p>
            \(extra)
            """
        return ServerResponse.html(
            PageLayout.page(title: "Account", user: user, current: "/account", body: body), status: status)
    }
}

/// A form body's fields by name (the first of a name; "" when missing).
struct FormFields {
    let fields: [(name: String, value: String)]

    init(_ request: Request, context: some RequestContext) async throws {
        var request = request
        let body = try await request.collectBody(upTo: 1024 * 1024)
        fields = FormEncoding.fields(String(decoding: body.readableBytesView, as: UTF8.self))
    }

    subscript(_ name: String) -> String { fields.first { $0.name == name }?.value ?? "" }
}

extension String {
    /// A CLI sentence as a line on a page: capital first letter, final period.
    var capitalizedSentence: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst() + (hasSuffix(".") ? "" : ".")
    }
}
