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
        AlertJSON.list(alerts)
    }
}
