import Hummingbird
import LedgerRender

/// Real pages for what the router and the routes answer without one: a path no route serves
/// gets a "Page not found" page (404) with links back, and an error no route turned into a
/// response gets "Something went wrong" (500) instead of an empty body. The API (`/api/…`)
/// keeps its own answers byte for byte, and a route's own error (with a body or a page) passes.
struct ErrorPages: RouterMiddleware {
    typealias Context = ServerContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !request.uri.path.hasPrefix("/api/") else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && error.body == nil {
            return ServerResponse.html(Self.notFound, status: .notFound)
        } catch let error as HTTPResponseError {
            throw error
        } catch {
            return ServerResponse.html(Self.failed, status: .internalServerError)
        }
    }

    static let notFound = PageLayout.page(
        title: "Page not found", user: nil,
        body: """
            <p>There is no page at this address. Check the link, or go to \
            <a href="/portfolio">your portfolio</a> or <a href="/market">the market</a>.</p>
            """)

    static let failed = PageLayout.page(
        title: "Something went wrong", user: nil,
        body: """
            <p>The server could not make this page; nothing was changed. Try again, or go to \
            <a href="/portfolio">your portfolio</a>. If it happens again, the server's log says why.</p>
            """)
}
