import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `/admin/users`: the list of users, a form to create one, and disable/enable buttons. Only
/// for admins (403 for anyone else). Disabling ends the user's sessions and deletes their
/// tokens at once; an admin cannot disable themselves here. With `--registration invite` the
/// page also makes invite links (``Invites``): `POST /admin/invites` (`name`) shows one.
struct AdminRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        guard let auth = state.authenticator as? AccountAuthenticator else { return }
        if state.settings.registration == .invite, let invites = try? Invites.open(state.settings) {
            Self.registerInvites(signedIn, invites: invites, auth: auth, state: state)
        }
        Self.registerUsers(signedIn, auth: auth)
        Self.registerSwitches(signedIn, auth: auth)
    }

    /// `POST /admin/invites`: a link for one named account.
    private static func registerInvites(
        _ signedIn: RouterGroup<SignedInContext>, invites: Invites, auth: AccountAuthenticator, state: ServerState
    ) {
        signedIn.post("/admin/invites") { request, context in
            let admin = try Self.requireAdmin(context)
            let name = try await FormFields(request, context: context)["name"]
            do {
                let userName = try UserName(name)
                let now = Timestamp(secondsSinceEpoch: Int64(state.clockMilliseconds() / 1000))
                let link = "/signup?invite=" + invites.make(name: userName.text, now: now)
                let notice =
                    "Send \(userName.text) this link on this server's address (good for 7 days, for one account named \(userName.text)): \(link)"
                return try await Self.page(admin, auth: auth, notice: notice)
            } catch let error as AccountError {
                return try await Self.page(admin, auth: auth, errors: [error.description.capitalizedSentence])
            }
        }
    }

    /// `GET /admin/users` (the list and the form) and `POST /admin/users` (a new user).
    private static func registerUsers(_ signedIn: RouterGroup<SignedInContext>, auth: AccountAuthenticator) {
        signedIn.get("/admin/users") { request, context in
            let admin = try Self.requireAdmin(context)
            let notice = request.uri.queryParameters["done"].map(String.init)
            return try await Self.page(admin, auth: auth, notice: notice)
        }
        signedIn.post("/admin/users") { request, context in
            let admin = try Self.requireAdmin(context)
            let fields = try await FormFields(request, context: context)
            let (name, password, isAdmin) = (fields["name"], fields["password"], fields["admin"] == "on")
            do {
                _ = try await auth.accounts.run { accounts in
                    try accounts.addUser(name, password: password, admin: isAdmin)
                }
            } catch let error as AccountError {
                return try await Self.page(
                    admin, auth: auth, errors: [error.description.capitalizedSentence], name: name)
            }
            return ServerResponse.redirect(to: "/admin/users?done=" + FormEncoding.escape("Added \(name)."))
        }
    }

    /// `POST /admin/users/NAME/disable` and `…/enable`.
    private static func registerSwitches(_ signedIn: RouterGroup<SignedInContext>, auth: AccountAuthenticator) {
        for (action, disabled) in [("disable", true), ("enable", false)] {
            signedIn.post("/admin/users/:name/\(action)") { _, context in
                let admin = try Self.requireAdmin(context)
                let name = context.parameters.get("name") ?? ""
                do {
                    if disabled && name == admin.name { throw AccountError.cannotDisableSelf }
                    try await auth.accounts.run { try $0.setDisabled(name, disabled) }
                } catch let error as AccountError {
                    return try await Self.page(admin, auth: auth, errors: [error.description.capitalizedSentence])
                }
                let done = disabled ? "Disabled \(name); their sessions and tokens ended." : "Enabled \(name)."
                return ServerResponse.redirect(to: "/admin/users?done=" + FormEncoding.escape(done))
            }
        }
    }

    static func requireAdmin(_ context: SignedInContext) throws -> ServerUser {
        let user = context.user
        guard user.isAdmin else { throw AdminOnly(user: user) }
        return user
    }

    static func page(
        _ admin: ServerUser, auth: AccountAuthenticator, errors: [String] = [], notice: String? = nil, name: String = ""
    ) async throws -> Response {
        let users = try await auth.accounts.run { try $0.rows() }
        let rows = users.map { row(admin, $0) }.joined(separator: "\n")
        let body: Markup = """
            \(PageLayout.errors(errors))\(notice.map { "<p class=\"ok\">\($0)</p>" as Markup } ?? "")
            <div class="scroll"><table class="stack"><thead><tr><th>Name</th><th>Role</th><th>Status</th><th>Tokens</th>\
            <th>Created</th><th></th></tr></thead>
            <tbody>
            \(rows)
            </tbody></table></div>
            <h2>Add a user</h2>
            <form method="post" action="/admin/users">\(PageLayout.csrfField(admin))
            <label for="name">Name (a-z, 0-9, _ and -)</label>
            <input type="text" id="name" name="name" value="\(name)" autocapitalize="none" required>
            <label for="password">Password (at least \(Passwords.minimumLength) characters)</label>
            <input type="password" id="password" name="password" autocomplete="new-password" required>
            <label><input type="checkbox" name="admin"> Admin</label>
            <p><button type="submit">Add user</button></p>
            </form>
            \(auth.registration == .invite ? Self.inviteForm(admin) : "")
            """
        let status: HTTPResponse.Status = errors.isEmpty ? .ok : .badRequest
        return ServerResponse.html(
            PageLayout.page(title: "Users", user: admin, current: "/admin/users", body: body), status: status)
    }

    /// Makes an invite link for a name (`--registration invite`).
    private static func inviteForm(_ admin: ServerUser) -> Markup {
        """
        <h2>Invite someone</h2>
        <form method="post" action="/admin/invites">\(PageLayout.csrfField(admin))
        <label for="invite-name">Their name (a-z, 0-9, _ and -)</label>
        <input type="text" id="invite-name" name="name" autocapitalize="none" required>
        <p><button type="submit">Make an invite link</button></p>
        </form>
        """
    }

    private static func row(_ admin: ServerUser, _ user: AccountJSON.UserRow) -> Markup {
        let name = user.name
        let action = user.isDisabled ? "enable" : "disable"
        let button: Markup =
            user.name == admin.name
            ? ""
            : """
            <form method="post" action="/admin/users/\(name)/\(action)" class="inline">\(PageLayout.csrfField(admin))\
            <button type="submit">\(user.isDisabled ? "Enable" : "Disable")</button></form>
            """
        return """
            <tr><td data-label="name">\(name)</td><td data-label="role">\(user.isAdmin ? "admin" : "user")</td>\
            <td data-label="status">\(user.isDisabled ? "disabled" : "active")</td>\
            <td data-label="tokens">\(user.tokens)</td>\
            <td data-label="created">\(user.created.description)</td><td>\(button)</td></tr>
            """
    }
}

/// 403 for a signed-in user who is not an admin, as a page.
struct AdminOnly: HTTPResponseError {
    let user: ServerUser
    var status: HTTPResponse.Status { .forbidden }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        ServerResponse.html(
            PageLayout.page(
                title: "Admins only", user: user,
                body: PageLayout.errors(["Only an admin can manage users; nothing was changed."])),
            status: .forbidden)
    }
}
