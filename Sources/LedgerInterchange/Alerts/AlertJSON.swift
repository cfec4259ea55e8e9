import LedgerCore

/// `ledger.alerts/1` (`alert list`) and `ledger.alerts.check/1` (`alert check`), with exact
/// decimal strings; an alert is described by the same fields in both.
public enum AlertJSON {
    public static let listSchema = "ledger.alerts/1"
    public static let checkSchema = "ledger.alerts.check/1"

    /// One alert that fired: the prices it fired on and the line the CLI prints for it.
    public struct Fired {
        public let alert: Alert
        public let reading: AlertReading
        public let message: String

        public init(alert: Alert, reading: AlertReading, message: String) {
            self.alert = alert
            self.reading = reading
            self.message = message
        }
    }

    public static func list(_ alerts: [Alert]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", listSchema)
        writer.key("alerts")
        writer.beginArray()
        for alert in alerts {
            writer.beginObject()
            describe(alert, into: &writer)
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

    /// The alerts that fired and those that could not be checked, at `checkedAt`.
    public static func check(fired: [Fired], failed: [(alert: Alert, problem: AlertError)], checkedAt: Timestamp)
        -> String
    {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", checkSchema)
        writer.field("checked_at", checkedAt.description)
        writer.key("fired")
        writer.beginArray()
        for alert in fired { write(alert, into: &writer) }
        writer.endArray()
        writer.key("failed")
        writer.beginArray()
        for (alert, problem) in failed {
            writer.beginObject()
            describe(alert, into: &writer)
            writer.field("problem", problem.description)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
    }

    private static func write(_ fired: Fired, into writer: inout JSONWriter) {
        let reading = fired.reading
        writer.beginObject()
        describe(fired.alert, into: &writer)
        writer.field("price", reading.current.price.formatted())
        writer.field("observed_at", reading.current.observedAt.description)
        writer.field("source", reading.current.source)
        writer.field("reference_price", reading.reference?.price.formatted())
        writer.field("reference_observed_at", reading.reference?.observedAt.description)
        writer.field("change_percent", reading.changePercent?.formatted())
        writer.field("message", fired.message)
        writer.endObject()
    }

    /// The fields that say what an alert is.
    private static func describe(_ alert: Alert, into writer: inout JSONWriter) {
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
