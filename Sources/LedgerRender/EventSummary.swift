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
}
