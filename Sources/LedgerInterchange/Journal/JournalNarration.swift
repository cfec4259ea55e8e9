import LedgerCore

/// The narration of an event's transaction: its note, or what it records in one line
/// (`buy 0.1 BTC @ 30000 USD, fee 5 USD`).
enum JournalNarration {
    static func describe(_ event: LedgerEvent) -> String {
        let note = event.note.split(whereSeparator: \.isNewline).joined(separator: " ")
        if !note.allSatisfy(\.isWhitespace) { return note }
        var text = summary(event.action)
        if let fee = event.fee, !fee.quantity.isZero { text += ", fee \(fee)" }
        return text
    }

    private static func summary(_ action: EventAction) -> String {
        switch action {
        case .buy(let amount, let price): "buy \(amount) @ \(price)"
        case .sell(let amount, let price): "sell \(amount) @ \(price)"
        case .trade(let given, let received): "trade \(given) for \(received)"
        case .deposit(let amount): "deposit \(amount)"
        case .withdraw(let amount): "withdraw \(amount)"
        case .transfer(let amount, let destination): "transfer \(amount) to \(destination)"
        case .income(let amount, let kind, let value): "income \(amount) (\(kind.rawValue))" + (value.map { " @ \($0)" } ?? "")
        case .fee(let amount): "fee \(amount)"
        case .split(let asset, let ratio): "split \(asset) \(ratio)"
        case .void(let target, let reason): "void \(target): \(reason)"
        }
    }
}
