import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /status` and `GET /api/v1/status` (`ledger.server-status/1`): whether the fetcher is
/// on, its last run (when, how long, the requests each source got, what failed and why) and
/// when the next starts (with the books in a database, the elected server's, on every server).
struct StatusRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        // Off the event loop: with the books in a database the state is read from there.
        signedIn.get("/api/v1/status") { _, _ in
            let settings = state.settings
            let json = try await Offload.run {
                state.market.status.json(interval: settings.fetchInterval, batchSize: settings.batchSize)
            }
            return ServerResponse.json(json)
        }
        signedIn.get("/status") { _, context in
            let user = context.user
            let body = try await Offload.run { Self.body(state) }
            return ServerResponse.html(PageLayout.page(title: "Status", user: user, current: "/status", body: body))
        }
    }

    static func body(_ state: ServerState) -> Markup {
        let status = state.market.status.current()
        let settings = state.settings
        var figures: [(String, String)] = [
            ("Fetcher", settings.fetchInterval.map { "on, every \(Self.duration(Int64($0)))" } ?? "off"),
            ("Batch", "\(settings.batchSize) symbols per request"),
            ("Now", status.running ? "running" : "idle"),
            ("Next run", status.nextRunAt?.description ?? "—"),
        ]
        guard let last = status.last else {
            return MarketHTML.cards(figures)
                + MarketHTML.note(
                    settings.fetchInterval == nil
                        ? "The fetcher is off; start the server with --fetch-every 5m to turn it on."
                        : "The fetcher has not finished a run yet.")
        }
        figures += [
            ("Last run", last.startedAt.description),
            ("Took", "\(last.milliseconds) ms"),
            ("Users", String(last.users)),
            ("Symbols", "\(last.symbols) in \(last.batches) batch\(last.batches == 1 ? "" : "es")"),
            ("Requests", last.requests.keys.sorted().map { "\($0) \(last.requests[$0]!)" }.joined(separator: ", ")),
            ("Prices recorded", String(last.pricesRecorded)),
            ("Alerts fired", String(last.alertsFired)),
            ("Alerts waiting for history", String(last.alertsWaiting)),
        ]
        var body = MarketHTML.cards(figures)
        if last.stopped { body += MarketHTML.note("The last run was stopped by a shutdown before its end.") }
        body += "<h2>Failures</h2>\n"
        body +=
            last.failures.isEmpty
            ? MarketHTML.note("None.")
            : "<ul>" + last.failures.map { "<li>\($0)</li>" as Markup }.joined() + "</ul>\n"
        return body
    }

    /// `5m`, `1h`, `90s`.
    static func duration(_ seconds: Int64) -> String {
        seconds % 3600 == 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
    }
}
