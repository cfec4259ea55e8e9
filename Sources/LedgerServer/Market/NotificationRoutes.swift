import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /notifications`: the alerts that fired for the user, newest first (what fired, the
/// price and when), as the fetcher recorded them (``NotificationLog``). Opening it marks them
/// seen, which clears the count beside "Notifications" in the navigation. The API's list and
/// its "seen" are ``NotificationsAPI``.
struct NotificationRoutes: RouteGroup {
    /// The most the page lists; the file keeps every one.
    static let shown = 200

    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/notifications") { _, context in
            let user = context.user
            return try await Offload.run { try Self.page(user: user, state: state) }
        }
        signedIn.get("/api/v1/notifications") { _, context in
            let user = context.user
            return try await Offload.run { try NotificationsAPI.list(user: user, state: state) }
        }
        signedIn.post("/api/v1/notifications/seen") { request, context in
            let (user, through) = (context.user, MarketFields(query: request)["through"])
            return try await Offload.run { try NotificationsAPI.markSeen(user: user, state: state, through: through) }
        }
    }

    static func page(user: ServerUser, state: ServerState) throws -> Response {
        let log = state.market.notifications
        let (entries, lines) = try log.entries(user: user.name, state: state)
        let unseen = user.unseenNotifications
        try log.markSeen(user: user.name, total: lines, state: state)
        var shownUser = user
        shownUser.unseenNotifications = 0
        let now = Timestamp(secondsSinceEpoch: Int64(state.clockMilliseconds() / 1000))
        let body: Markup =
            entries.isEmpty
            ? MarketHTML.note("No alert has fired yet. " + checking(state))
            : table(Array(entries.prefix(shown)), unseen: unseen, now: now) + MarketHTML.note(checking(state))
        return ServerResponse.html(
            PageLayout.page(
                title: "Notifications", user: shownUser, current: "/notifications",
                body: MarketHTML.css + body + "<p><a href=\"/alerts\">Your alerts</a></p>\n"))
    }

    /// Who checks the alerts, and how often.
    static func checking(_ state: ServerState) -> String {
        guard let interval = state.settings.fetchInterval else {
            return "This server does not fetch prices (it runs without --fetch-every), so it checks no alerts."
        }
        return
            "The server checks your alerts every \(StatusRoutes.duration(Int64(interval))) and lists here what fired."
    }

    private static func table(_ entries: [Notification], unseen: Int, now: Timestamp) -> Markup {
        let rows = entries.enumerated().map { index, entry -> [MarketHTML.Cell] in
            let asset = entry.asset
            return [
                .text(entry.firedAt.description + (index < unseen ? " · new" : "")),
                .text(Age.ago(entry.firedAt, now: now), numeric: true),
                .sentence(entry.message),
                MarketHTML.Cell(html: "<a href=\"/market/\(FormEncoding.escape(entry.asset))\">\(asset)</a>"),
            ]
        }
        return MarketHTML.table(
            caption: "Alerts that fired, newest first",
            headers: [("Fired", false), ("Ago", true), ("What", false), ("Asset", false)], rows: rows, narrow: [1])
    }
}
