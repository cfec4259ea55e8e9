import Hummingbird
import LedgerApp
import LedgerRender

/// `GET/POST /login` and `POST /logout`. The login form is guarded by a double-submit token:
/// a random value in a cookie (`ledger_login`, SameSite=Strict) and the same value in a hidden
/// field; a post without both equal (another site's form) is refused before any password is
/// checked. Every sign-in counts against ``LoginRateLimit`` before its password is checked. A sign-in always makes a new
/// session id (no fixation) and follows `next` only to a path on this site.
struct LoginRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        guard let auth = state.authenticator as? AccountAuthenticator else { return }
        router.get("/login") { request, _ in
            let next = request.uri.queryParameters["next"].map(String.init) ?? ""
            if try await auth.user(for: request) != nil { return ServerResponse.redirect(to: Self.safeNext(next)) }
            return Self.form(auth, request, next: next, name: "", errors: [], status: .ok)
        }
        router.post("/login") { request, context in
            try await Self.signIn(request, context: context, auth: auth)
        }
        signedIn.post("/logout") { request, _ in
            if let id = AccountAuthenticator.sessionID(request) {
                try await auth.accounts.run { try $0.endSession(id) }
            }
            var response = ServerResponse.redirect(to: "/login")
            response.headers.append(
                .init(name: .setCookie, value: auth.cookie(AccountAuthenticator.sessionCookie, "", maxAge: 0)))
            return response
        }
    }

    static func signIn(_ request: Request, context: ServerContext, auth: AccountAuthenticator) async throws
        -> Response
    {
        var request = request
        let body = try await request.collectBody(upTo: 64 * 1024)
        let fields = FormEncoding.fields(String(decoding: body.readableBytesView, as: UTF8.self))
        let field = { (name: String) in fields.first { $0.name == name }?.value ?? "" }
        let (name, password, next) = (field("name"), field("password"), field("next"))
        let cookie = request.cookies[AccountAuthenticator.loginCookie]?.value ?? ""
        guard !cookie.isEmpty, CSRFGuard.same(field("_login"), cookie) else {
            let message = "The sign-in form expired or came from another site; sign in again."
            return form(auth, request, next: next, name: name, errors: [message], status: .forbidden)
        }
        let peer = context.peer ?? "unknown"
        let attempt: CountedAttempt
        switch try await auth.rateLimit.signIn(name: name, peer: peer) {
        case .wait(let seconds): return tooManyTries(wait: seconds)
        case .allowed(let counted): attempt = counted
        }
        guard let session = try await auth.accounts.run({ try $0.signIn(name, password: password) }) else {
            return form(
                auth, request, next: next, name: name, errors: ["Wrong name or password."], status: .unauthorized)
        }
        try await auth.rateLimit.signedIn(name: name, peer: peer, attempt)
        return signedIn(session, auth: auth, next: next)
    }

    /// 303 to `next` with the new session's cookie (and the login form's cookie removed).
    static func signedIn(_ session: NewSession, auth: AccountAuthenticator, next: String) -> Response {
        var response = ServerResponse.redirect(to: safeNext(next))
        response.headers.append(
            .init(
                name: .setCookie,
                value: auth.cookie(
                    AccountAuthenticator.sessionCookie, session.id, maxAge: SessionLifetime.absoluteSeconds)))
        response.headers.append(
            .init(name: .setCookie, value: auth.cookie(AccountAuthenticator.loginCookie, "", path: "/login", maxAge: 0))
        )
        return response
    }

    /// `next` when it is a path on this site (`/…`, not `//host` or `/\host`, no control
    /// characters or spaces), else the portfolio.
    static func safeNext(_ next: String) -> String {
        let bytes = Array(next.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count < 2048,
            bytes.count < 2 || (bytes[1] != UInt8(ascii: "/") && bytes[1] != UInt8(ascii: "\\")),
            !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
        else { return "/portfolio" }
        return next
    }

    /// The form, with the login token of the browser's cookie when it has one (two tabs keep
    /// working), else a new one.
    static func form(
        _ auth: AccountAuthenticator, _ request: Request, next: String, name: String, errors: [String],
        status: HTTPResponse.Status
    ) -> Response {
        let existing = request.cookies[AccountAuthenticator.loginCookie]?.value ?? ""
        let token =
            existing.utf8.count == 43 && existing.utf8.allSatisfy(Self.isBase64URL)
            ? existing : Secrets.make(Secrets.systemRandom)
        let body: Markup = """
            \(PageLayout.errors(errors))
            <form method="post" action="/login">
            <input type="hidden" name="_login" value="\(token)">
            <input type="hidden" name="next" value="\(next)">
            <label for="name">Name</label>
            <input type="text" id="name" name="name" value="\(name)" autocomplete="username" autocapitalize="none" required>
            <label for="password">Password</label>
            <input type="password" id="password" name="password" autocomplete="current-password" required>
            <p><button type="submit">Sign in</button></p>
            </form>
            \(auth.registration == .open ? "<p><a href=\"/signup\">Make an account</a></p>" : "")
            """
        var response = ServerResponse.html(PageLayout.page(title: "Sign in", user: nil, body: body), status: status)
        response.headers.append(
            .init(
                name: .setCookie,
                value: auth.cookie(AccountAuthenticator.loginCookie, token, path: "/login", maxAge: 3600)))
        return response
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    static func tooManyTries(wait: Int) -> Response {
        let message = "Too many failed sign-ins from here. " + LoginRateLimit.tryAgain(in: wait)
        var response = ServerResponse.html(
            PageLayout.page(title: "Sign in", user: nil, body: PageLayout.errors([message])), status: .tooManyRequests)
        response.headers[.retryAfter] = String(wait)
        return response
    }
}
