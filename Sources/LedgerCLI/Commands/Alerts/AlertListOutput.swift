import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// What `alert list` prints: a table, or `ledger.alerts/1` JSON with exact decimal strings.
struct AlertListOutput {
    let alerts: [Alert]
    let now: Timestamp

    func text(width: Int) -> String {
        var table = TextTable(columns: [
            .init("id", .right), .init("alert", flexible: true), .init("state"),
            .init("last price", .right), .init("seen", .right, dropPriority: 2),
            .init("last fired", .right, dropPriority: 1), .init("note", dropPriority: 3),
        ])
        for alert in alerts {
            let seen = alert.lastSeen
            table.append([
                String(alert.id), alert.title, alert.state.rawValue,
                seen.map { NumberFormat.price($0.price) } ?? "-",
                seen.map { Age.ago($0.observedAt, now: now) } ?? "never",
                alert.lastFiredAt.map { Age.ago($0, now: now) } ?? "never", alert.note.terminalEscaped,
            ])
        }
        return table.render(width: width)
    }

    func json() -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", "ledger.alerts/1")
        writer.key("alerts")
        writer.beginArray()
        for alert in alerts {
            writer.beginObject()
            AlertJSON.describe(alert, into: &writer)
            writer.field("state", alert.state.rawValue)
            writer.field("created_at", alert.createdAt.description)
            writer.field("last_price", alert.lastSeen?.price.formatted())
            writer.field("last_observed_at", alert.lastSeen?.observedAt.description)
            writer.field("last_source", alert.lastSeen?.source)
            writer.field("last_fired_at", alert.lastFiredAt?.description)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}

/// The fields that say what an alert is, the same in `alert list` and `alert check` JSON.
enum AlertJSON {
    static func describe(_ alert: Alert, into writer: inout JSONWriter) {
        writer.field("id", alert.id)
        writer.field("asset", alert.asset.text)
        writer.field("currency", alert.quote.text)
        writer.field("condition", alert.condition.kind)
        writer.field("threshold", alert.condition.threshold.formatted())
        if case .change(_, let direction, let window) = alert.condition {
            writer.field("direction", direction.rawValue)
            writer.field("within_seconds", window)
        }
        writer.field("note", alert.note.isEmpty ? nil : alert.note)
    }
}
