import LedgerCore

/// The narration of an event's transaction: its note, or what it records in one line
/// (`buy 0.1 BTC @ 30000 USD, fee 5 USD`).
enum JournalNarration {
    static func describe(_ event: LedgerEvent) -> String {
        let note = event.note.split(whereSeparator: \.isNewline).joined(separator: " ")
        if !note.allSatisfy(\.isWhitespace) { return note }
        return event.summary
    }
}
