import LedgerCore

/// One-line descriptions of events, shared by `add`, `void` and `log`. What the user typed or
/// a file held (a void's reason, the note) is shown escaped (``TerminalText``).
public enum EventSummary {
    /// What the event records: `buy 0.1 BTC @ 30000 USD, fee 5 USD`.
    public static func describe(_ event: LedgerEvent) -> String { event.summary.terminalEscaped }

    /// The action alone, without the fee.
    public static func describe(_ action: EventAction) -> String { action.summary.terminalEscaped }

    /// The full line `add` prints: `#3 2024-01-02 buy 0.1 BTC @ 30000 USD [default] id 01H…`.
    public static func recordedLine(_ event: LedgerEvent) -> String {
        var text = "#\(event.sequence) \(event.occurredAt.compactDescription) \(describe(event))"
        if case .transfer = event.action {
            text += " [from \(event.account)]"
        } else if event.kind != .split && event.kind != .void {
            text += " [\(event.account)]"
        }
        if !event.note.isEmpty { text += " \"\(event.note.terminalEscaped)\"" }
        return text + " id \(event.id)"
    }

    /// What `log` says of an event: a void names the event it cancels and why, a note follows
    /// in quotes, and a voided event starts with the void that cancelled it.
    public static func logDescription(_ event: LedgerEvent, voidedBy: LedgerEvent?, target: LedgerEvent?) -> String {
        var text = describe(event)
        if let target, case .void(_, let reason) = event.action {
            text = "void #\(target.sequence) (\(describe(target))): \(reason.terminalEscaped)"
        }
        if !event.note.isEmpty { text += " \"\(event.note.terminalEscaped)\"" }
        if let voidedBy {
            var reason = ""
            if case .void(_, let why) = voidedBy.action { reason = " (\(why.terminalEscaped))" }
            text = "VOIDED by #\(voidedBy.sequence)" + reason + ": " + text
        }
        return text
    }
}
