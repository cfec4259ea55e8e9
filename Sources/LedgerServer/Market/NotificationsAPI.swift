import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange

/// The notifications for an app or a script: `GET /api/v1/notifications` lists what fired
/// (`ledger.notifications/1`, newest first, each marked seen or not), and `POST
/// /api/v1/notifications/seen?through=N` marks the first N seen (all of them without N), as
/// opening `/notifications` does, and answers the list. N is the `total` a client was shown, so
/// an alert that fired since stays new.
enum NotificationsAPI {
    static let schema = "ledger.notifications/1"

    static func list(user: ServerUser, state: ServerState) throws -> Response {
        let log = state.market.notifications
        let (entries, lines) = try log.entries(user: user.name, state: state)
        let unseen = max(0, lines - (try log.seen(user: user.name, state: state)))
        return ServerResponse.json(
            document(Array(entries.prefix(NotificationRoutes.shown)), total: lines, unseen: unseen))
    }

    static func markSeen(user: ServerUser, state: ServerState, through: String?) throws -> Response {
        let log = state.market.notifications
        let lines = try log.entries(user: user.name, state: state).lines
        var count = lines
        if let through {
            guard let value = Int(through), value >= 0 else {
                return ServerResponse.apiError(
                    .badRequest, "through '\(through)' is not a count; give the total the list showed, e.g. through=3")
            }
            count = min(value, lines)
        }
        if count > (try log.seen(user: user.name, state: state)) {
            try log.markSeen(user: user.name, total: count, state: state)
        }
        return try list(user: user, state: state)
    }

    /// `{"schema", "total", "unseen", "notifications": [{fired_at, alert, asset, currency,
    /// message, seen}]}`: `total` counts every notification kept (the list shows the newest 200).
    static func document(_ entries: [Notification], total: Int, unseen: Int) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("total", Int64(total))
        writer.field("unseen", Int64(unseen))
        writer.key("notifications")
        writer.beginArray()
        for (index, entry) in entries.enumerated() {
            writer.beginObject()
            writer.field("fired_at", entry.firedAt.description)
            writer.field("alert", entry.alertID)
            writer.field("asset", entry.asset)
            writer.field("currency", entry.currency)
            writer.field("message", entry.message)
            writer.field("seen", index >= unseen)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.takeText()
    }
}
