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
        EventSummary.logDescription(entry.event, voidedBy: entry.voidedBy, target: entry.target)
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
