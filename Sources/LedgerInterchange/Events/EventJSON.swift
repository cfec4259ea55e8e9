import LedgerCore

/// The event documents of the CLI (docs/JSON.md): `ledger.events/1` (what `add` and `void`
/// recorded), `ledger.log/1` (`log`, with the void that cancelled each event) and
/// `ledger.verify/1`.
public enum EventJSON {
    public static let eventsSchema = "ledger.events/1"
    public static let logSchema = "ledger.log/1"
    public static let verifySchema = "ledger.verify/1"

    /// Events just recorded, each as its record.
    public static func events(_ events: [LedgerEvent]) -> String {
        EventFile.document(schema: eventsSchema, events)
    }

    /// Log entries: each event's record, plus `voided_by` and `void_reason` when a void
    /// cancelled it.
    public static func log(_ entries: [(event: LedgerEvent, voidedBy: LedgerEvent?)]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", logSchema)
        writer.key("events")
        writer.beginArray()
        for entry in entries {
            EventRecordV1(entry.event).write(to: &writer, extra: voidFields(voidedBy: entry.voidedBy))
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// `voided_by` (the void's number) and `void_reason`, or nothing when `voidedBy` is nil.
    public static func voidFields(voidedBy: LedgerEvent?) -> [(String, String)] {
        guard let voidedBy, case .void(_, let reason) = voidedBy.action else { return [] }
        return [("voided_by", "\(voidedBy.sequence)"), ("void_reason", reason)]
    }

    /// A chain that verified: its length and head hash, and the number of the event a
    /// `--head` hash named.
    public static func verify(events: Int64, head: String, headEvent: Int64?) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", verifySchema)
        writer.key("ok")
        writer.bool(true)
        writer.field("events", events)
        writer.field("head", head)
        if let headEvent { writer.field("head_event", headEvent) }
        writer.endObject()
        return writer.text
    }
}
