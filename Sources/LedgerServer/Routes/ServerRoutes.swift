import Hummingbird
import LedgerApp

/// A feature's routes. Public ones (health, login) go on the router itself; the rest behind
/// ``SignedIn``, so no route can forget to check who is asking: each receives the user and
/// their books in its ``SignedInContext``.
protocol RouteGroup: Sendable {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState)
}

enum ServerRoutes {
    /// Every feature of the server, in the order its routes are matched.
    static let groups: [any RouteGroup] = [
        HealthRoutes(),
        LoginRoutes(), SignUpRoutes(), AccountRoutes(), AdminRoutes(),
        BooksRoutes(), MissingPricesRoutes(),
        APIRoutes(),
        SearchRoutes(), NewsRoutes(), MarketRoutes(), WatchlistRoutes(), AlertRoutes(),
        NotificationRoutes(), LiveRoutes(), StatusRoutes(), MessageRoutes(),
    ]

    static func router(_ state: ServerState) -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: AccessLog(sink: state.accessLog, clock: state.clockMilliseconds))
        router.add(middleware: PlainPath())
        router.add(middleware: ErrorPages())
        router.add(middleware: BodyDeadline(milliseconds: state.settings.limits.bodyMilliseconds))
        // In a database the count is a statement, sent off the event loop as the books' are.
        let unseen: @Sendable (String) async throws -> Int = { name in
            let log = state.market.notifications
            guard state.database != nil else { return try log.unseen(user: name, state: state) }
            return try await Offload.run { try log.unseen(user: name, state: state) }
        }
        let signedIn = router.group().add(middleware: SignedIn(state: state, unseen: unseen))
            .add(middleware: CSRFGuard())
            .group(context: SignedInContext.self)
        for group in groups {
            group.register(public: router, signedIn: signedIn, state: state)
        }
        return router
    }
}
