import LedgerCore

/// One-line descriptions of events, shared by `add`, `void` and `log`.
public enum EventSummary {
    /// What the event records: `buy 0.1 BTC @ 30000 USD, fee 5 USD`.
    public static func describe(_ event: LedgerEvent) -> String {
        var text = describe(event.action)
        if let fee = event.fee, !fee.quantity.isZero { text += ", fee \(fee)" }
        return text
    }

    /// The action alone, without the fee.
    public static func describe(_ action: EventAction) -> String {
        switch action {
        case .buy(let amount, let price): "buy \(amount) @ \(price)"
        case .sell(let amount, let price): "sell \(amount) @ \(price)"
        case .trade(let given, let received): "trade \(given) for \(received)"
        case .deposit(let amount): "deposit \(amount)"
        case .withdraw(let amount): "withdraw \(amount)"
        case .transfer(let amount, let destination): "transfer \(amount) to \(destination)"
        case .income(let amount, let kind, let value):
            "income \(amount) (\(kind.rawValue))" + (value.map { " @ \($0)" } ?? "")
        case .fee(let amount): "fee \(amount)"
        case .split(let asset, let ratio): "split \(asset) \(ratio)"
        case .void(let target, let reason): "void \(target): \(reason)"
        }
    }

    /// The full line `add` prints: `#3 2024-01-02 buy 0.1 BTC @ 30000 USD [default] id 01H…`.
    public static func recordedLine(_ event: LedgerEvent) -> String {
        var text = "#\(event.sequence) \(event.occurredAt.compactDescription) \(describe(event))"
        if case .transfer = event.action {
            text += " [from \(event.account)]"
        } else if event.kind != .split && event.kind != .void {
            text += " [\(event.account)]"
        }
        if !event.note.isEmpty { text += " \"\(event.note)\"" }
        return text + " id \(event.id)"
    }
}
