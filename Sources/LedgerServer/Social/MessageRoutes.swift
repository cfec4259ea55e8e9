import Hummingbird
import LedgerApp
import LedgerCore

/// The social page: `GET/POST /messages`, `POST /messages/ID/delete`, the account page's
/// `POST /account/trade-posts`, and the API's ``MessagesAPI/operations``. What may be posted,
/// kept, seen and deleted is LedgerApp's (``MessageRules``, `Accounts+Messages`); these
/// handlers read the request and render the answer.
struct MessageRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/messages") { request, context in
            let fields = QueryFields(request)
            let notice = fields["deleted"] != nil ? "The message was deleted." : nil
            return try await Self.page(context, state, page: fields["page"].flatMap(Int.init) ?? 1, notice: notice)
        }
        signedIn.post("/messages") { request, context in
            let user = context.user
            let text = try await FormFields(request, context: context)["text"]
            do {
                let board = try state.requireMessages()
                _ = try await board.run { try $0.postMessage(user.name, text: text, kept: state.settings.messagesKept) }
                return ServerResponse.redirect(to: "/messages")
            } catch {
                return try await Self.page(context, state, error: error, draft: text)
            }
        }
        signedIn.post("/messages/:id/delete") { _, context in
            let user = context.user
            let id = context.parameters.get("id") ?? ""
            do {
                try await state.requireMessages().run { try $0.deleteMessage(id, by: user.name, isAdmin: user.isAdmin) }
                return ServerResponse.redirect(to: "/messages?deleted=1")
            } catch {
                return try await Self.page(context, state, error: error)
            }
        }
        signedIn.post("/account/trade-posts") { request, context in
            let user = context.user
            let on = try await FormFields(request, context: context)["trade_posts"] == "on"
            try await state.requireMessages().run { try $0.setTradePosts(user.name, on) }
            return ServerResponse.redirect(to: "/account?trade-posts=" + (on ? "on" : "off"))
        }
        for operation in MessagesAPI.operations {
            let handle = operation.handle
            signedIn.on(RouterPath(operation.routerPath), method: operation.method) { request, context in
                try await handle(request, context, state)
            }
        }
    }

    /// The stream's page `page`, with a notice, or the refusal of a post or a delete (its
    /// status: ``RequestFailure/status(_:query:)``) and the text to write again.
    static func page(
        _ context: SignedInContext, _ state: ServerState, page: Int = 1, notice: String? = nil,
        error: (any Error)? = nil, draft: String = ""
    ) async throws -> Response {
        let user = context.user
        let board = try state.requireMessages()
        let kept = state.settings.messagesKept
        let stream = try await board.run { try $0.messages(page: page, kept: kept) }
        var view = MessagesPage(user: user, page: stream, notice: notice)
        view.draft = draft
        guard let error else { return ServerResponse.html(view.render()) }
        guard let message = RequestFailure.message(error) else { throw error }
        view.errors = [message.capitalizedSentence]
        var response = ServerResponse.html(view.render(), status: RequestFailure.status(error))
        if case MessageError.tooMany(let seconds) = error { response.headers[.retryAfter] = String(seconds) }
        return response
    }
}

extension ServerState {
    /// The accounts database the messages live in (the server's own accounts), called off the
    /// event loop; a server on another ``Authenticating`` has none and answers 404.
    func requireMessages() throws -> AccountsGateway {
        guard let auth = authenticator as? AccountAuthenticator else { throw MessagesUnavailable() }
        return auth.accounts
    }

    /// After a trade was added one at a time (the form, the API, an import that added one
    /// event): its post, when the user opted in (LedgerApp decides). A failure to post never
    /// fails the trade.
    func postTrades(_ user: String, _ events: [LedgerEvent]) {
        guard let auth = authenticator as? AccountAuthenticator, events.count == 1 else { return }
        _ = try? auth.accounts.accounts.postTrade(user, event: events[0], kept: settings.messagesKept)
    }

    /// After a void: the voided trade's post goes.
    func removeTradePost(_ user: String, of target: LedgerEvent) {
        guard let auth = authenticator as? AccountAuthenticator else { return }
        try? auth.accounts.accounts.removeTradePost(user, eventID: target.id)
    }
}

/// Messages on a server without its own accounts (a test's authenticator): not there.
struct MessagesUnavailable: HTTPResponseError {
    var status: HTTPResponse.Status { .notFound }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        ServerResponse.apiError(.notFound, "this server keeps no messages: it runs without its accounts database")
    }
}
