import Hummingbird

/// Lets a request through only when it is signed in, with the user and their books in its
/// context (``SignedInContext``). A page without a session is sent to the login form (and back
/// after it); an API call without a token gets 401 and a JSON error.
struct SignedIn: RouterMiddleware {
    typealias Context = ServerContext
    let state: ServerState
    /// The count of unseen notifications each page's navigation shows.
    let unseen: @Sendable (String) async throws -> Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard var user = try await state.authenticator.user(for: request) else {
            if request.uri.path.hasPrefix("/api/") {
                return ServerResponse.apiError(.unauthorized, "sign in with an API token: Authorization: Bearer TOKEN")
            }
            return ServerResponse.redirect(to: "/login?next=" + FormEncoding.escape(request.uri.path))
        }
        if !request.uri.path.hasPrefix("/api/") { user.unseenNotifications = try await unseen(user.name) }
        var context = context
        context.user = user
        context.books = try UserBooks(user: user, state: state)
        context.trace.user = user.name
        return try await next(request, context)
    }
}
