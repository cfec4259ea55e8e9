import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// `GET/POST /signup`, as `--registration` allows: not at all when `closed` (the default: the
/// routes do not exist, so the path is a 404), anyone when `open`, and only with an admin's
/// invite link (``Invites``) for the name it names when `invite`. The form is guarded like the
/// sign-in form (a double-submit token in a cookie and a hidden field), every try counts against
/// ``LoginRateLimit/signUp(peer:)`` before anything is checked, and an account made is signed
/// in at once, as a user who is not an admin.
struct SignUpRoutes: RouteGroup {
    static let cookie = "ledger_signup"

    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        guard let auth = state.authenticator as? AccountAuthenticator, state.settings.registration != .closed
        else { return }
        let invites = state.settings.registration == .invite ? try? Invites.open(state.settings) : nil
        let page = SignUpPage(auth: auth, state: state, invites: invites)
        router.get("/signup") { request, _ in
            let invite = request.uri.queryParameters["invite"].map(String.init) ?? ""
            return page.form(request, invite: invite, name: nil, errors: [], status: .ok)
        }
        router.post("/signup") { request, context in
            let fields = try await FormFields(request, context: context)
            return try await page.signUp(request, fields, peer: context.peer ?? "unknown")
        }
    }
}

/// The sign-up form and what its post does.
struct SignUpPage: Sendable {
    let auth: AccountAuthenticator
    let state: ServerState
    /// The invite key when registration is by invitation; nil when it is open.
    let invites: Invites?

    var now: Timestamp { Timestamp(secondsSinceEpoch: Int64(state.clockMilliseconds() / 1000)) }

    /// The name an invite allows (nil: any name, registration is open), or the refusal.
    func invited(_ token: String) -> Result<String?, SignUpRefusal> {
        guard state.settings.registration == .invite else { return .success(nil) }
        guard let invites, let name = invites.name(token, now: now) else { return .failure(.noInvite) }
        return .success(name)
    }

    func signUp(_ request: Request, _ fields: FormFields, peer: String) async throws -> Response {
        let (name, password, invite) = (fields["name"], fields["password"], fields["invite"])
        let cookie = request.cookies[SignUpRoutes.cookie]?.value ?? ""
        guard !cookie.isEmpty, CSRFGuard.same(fields["_signup"], cookie) else {
            return form(request, invite: invite, name: name, errors: [SignUpRefusal.expired.text], status: .forbidden)
        }
        switch try await auth.rateLimit.signUp(peer: peer) {
        case .wait(let seconds):
            let message = "Too many sign-ups from here. " + LoginRateLimit.tryAgain(in: seconds)
            var response = form(request, invite: invite, name: name, errors: [message], status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        case .allowed: break
        }
        let allowed: String?
        switch invited(invite) {
        case .failure(let refusal):
            return form(request, invite: invite, name: name, errors: [refusal.text], status: .forbidden)
        case .success(let name): allowed = name
        }
        if let allowed, allowed != name {
            return form(
                request, invite: invite, name: allowed, errors: [SignUpRefusal.otherName(allowed).text],
                status: .forbidden)
        }
        do {
            let session = try await auth.accounts.run { accounts -> NewSession? in
                try accounts.addUser(name, password: password, admin: false)
                return try accounts.startSession(for: name)
            }
            guard let session else { throw AccountError.noSuchUser(name) }
            return LoginRoutes.signedIn(session, auth: auth, next: "/portfolio")
        } catch let error as AccountError {
            let message =
                error == .nameTaken(name) ? SignUpRefusal.taken(name).text : error.description.capitalizedSentence
            return form(request, invite: invite, name: name, errors: [message], status: .unprocessableContent)
        }
    }

    /// The form (the invite's name filled in and fixed), with the browser's sign-up token when
    /// it has one, else a new one; a missing or spent invite gets the refusal instead.
    func form(_ request: Request, invite: String, name: String?, errors: [String], status: HTTPResponse.Status)
        -> Response
    {
        var body = PageLayout.errors(errors)
        var status = status
        switch invited(invite) {
        case .failure(let refusal):
            if errors.isEmpty { body += PageLayout.errors([refusal.text]) }
            if status == .ok { status = .forbidden }
            body += "<p><a href=\"/login\">Sign in</a></p>\n"
            return ServerResponse.html(PageLayout.page(title: "Make an account", user: nil, body: body), status: status)
        case .success(let allowed):
            let existing = request.cookies[SignUpRoutes.cookie]?.value ?? ""
            let token = existing.utf8.count == 43 ? existing : Secrets.make(Secrets.systemRandom)
            body += fields(token: token, invite: invite, name: allowed ?? name ?? "", fixed: allowed != nil)
            var response = ServerResponse.html(
                PageLayout.page(title: "Make an account", user: nil, body: body), status: status)
            response.headers.append(
                .init(name: .setCookie, value: auth.cookie(SignUpRoutes.cookie, token, path: "/signup", maxAge: 3600)))
            return response
        }
    }

    private func fields(token: String, invite: String, name: String, fixed: Bool) -> Markup {
        """
        <form method="post" action="/signup">
        <input type="hidden" name="_signup" value="\(token)">
        <input type="hidden" name="invite" value="\(invite)">
        <label for="name">Name (1 to 32 of a-z, 0-9, _ and -)</label>
        <input type="text" id="name" name="name" value="\(name)" autocomplete="username" \
        autocapitalize="none" required\(fixed ? " readonly" : "")>
        <label for="password">Password (at least \(Passwords.minimumLength) characters)</label>
        <input type="password" id="password" name="password" autocomplete="new-password" required>
        <p><button type="submit">Make my account</button></p>
        </form>
        <p>Have an account? <a href="/login">Sign in</a></p>
        """
    }
}

/// Why a sign-up was refused, in words for the form.
enum SignUpRefusal: Error, Equatable {
    case expired
    case noInvite
    case otherName(String)
    case taken(String)

    var text: String {
        switch self {
        case .expired: "The sign-up form expired or came from another site; fill it in again."
        case .noInvite:
            "Accounts on this server are made by invitation: ask an admin for a link. This one is missing, wrong or expired."
        case .otherName(let name): "This invitation is for the name \(name)."
        case .taken(let name): "The name \(name) is taken; choose another."
        }
    }
}
