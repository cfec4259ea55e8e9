import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// Renders `log` entries as a table, JSON or CSV.
struct LogOutput {
    let entries: [LogEntry]
    let width: Int

    func text() -> String {
        var table = TextTable(columns: [
            .init("#", .right), .init("date"), .init("event", flexible: true), .init("account"),
        ])
        for entry in entries {
            table.append([
                "\(entry.event.sequence)", entry.event.occurredAt.compactDescription,
                describe(entry), entry.event.account,
            ])
        }
        return table.render(width: width)
    }

    private func describe(_ entry: LogEntry) -> String {
        var text = EventSummary.describe(entry.event)
        if let target = entry.target, case .void(_, let reason) = entry.event.action {
            text = "void #\(target.sequence) (\(EventSummary.describe(target))): \(reason.terminalEscaped)"
        }
        if !entry.event.note.isEmpty { text += " \"\(entry.event.note.terminalEscaped)\"" }
        if let voidedBy = entry.voidedBy {
            text = "VOIDED by #\(voidedBy.sequence)" + reasonSuffix(voidedBy) + ": " + text
        }
        return text
    }

    private func reasonSuffix(_ void: LedgerEvent) -> String {
        if case .void(_, let reason) = void.action { return " (\(reason.terminalEscaped))" }
        return ""
    }

    func json() -> String {
        EventJSON.log(entries.map { ($0.event, $0.voidedBy) })
    }

    func csv() -> String {
        var writer = CSVWriter()
        let sample = EventRecordV1(
            sequence: 0, id: "", schemaVersion: 1, kind: "", occurredAt: 0, recordedAt: 0, account: "")
        writer.row(
            ["seq", "id", "kind", "occurred_at", "account"] + sample.optionalFields.map(\.0) + [
                "note", "source", "voided_by", "void_reason",
            ])
        for entry in entries {
            let record = EventRecordV1(entry.event)
            let extra = Dictionary(
                EventJSON.voidFields(voidedBy: entry.voidedBy), uniquingKeysWith: { first, _ in first })
            writer.row(
                ["\(record.sequence)", record.id, record.kind, entry.event.occurredAt.description, record.account]
                    + record.optionalFields.map { $0.1 ?? "" }
                    + [record.note, record.source, extra["voided_by"] ?? "", extra["void_reason"] ?? ""]
            )
        }
        return writer.text
    }

}
