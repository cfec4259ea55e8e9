import Hummingbird

/// What a request carries through the middleware to its route: who is signed in (set by
/// ``SignedIn``) and the record the access log writes when the response leaves. A signed-in
/// route receives the child ``SignedInContext`` instead.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user; nil on public routes (health, login).
    public var user: ServerUser?
    /// The signed-in user's books (set by ``SignedIn`` with the user).
    var books: UserBooks?
    /// Filled in as the request goes in, read by ``AccessLog`` when it comes back out.
    public let trace = RequestTrace()
    /// The connected peer's address (the proxy's, behind one).
    public let peer: String?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.peer = source.channel.remoteAddress?.ipAddress
    }
}

/// The context of every route behind ``SignedIn``: the signed-in user and their books, which the
/// handler receives instead of looking them up (Hummingbird's child context, made from
/// ``ServerContext`` once the middleware let the request through).
struct SignedInContext: ChildRequestContext, Sendable {
    typealias ParentContext = ServerContext
    var coreContext: CoreRequestContextStorage
    let user: ServerUser
    /// The user's ledger and the notices of this request (``UserBooks``).
    let books: UserBooks
    let trace: RequestTrace
    let peer: String?

    init(context: ServerContext) throws {
        guard let user = context.user, let books = context.books else { throw HTTPError(.unauthorized) }
        coreContext = context.coreContext // the route's parameters (/market/:symbol) and its logger
        (self.user, self.books, trace, peer) = (user, books, context.trace, context.peer)
    }
}

/// Who a request is signed in as: the name picks the ledger, the CSRF token guards the forms
/// of a browser session (nil for an API token, which is never sent by a browser on its own).
public struct ServerUser: Sendable, Equatable {
    public var name: String
    public var isAdmin: Bool
    public var csrfToken: String?
    /// Alerts that fired since the user last opened `/notifications` (set by ``SignedIn`` for
    /// pages; the navigation shows it).
    public var unseenNotifications: Int

    public init(name: String, isAdmin: Bool = false, csrfToken: String? = nil, unseenNotifications: Int = 0) {
        self.name = name
        self.isAdmin = isAdmin
        self.csrfToken = csrfToken
        self.unseenNotifications = unseenNotifications
    }
}

/// The parts of the access-log line known only inside the request (one request, one task).
public final class RequestTrace: @unchecked Sendable {
    public var user: String?
    public init() {}
}
