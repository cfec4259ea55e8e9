/// One-line descriptions of events, the same wherever they are shown: `add`, `void`, `log`
/// (LedgerRender's `EventSummary`) and the narration of exported journals.
extension LedgerEvent {
    /// What the event records: `buy 0.1 BTC @ 30000 USD, fee 5 USD`; a total as given,
    /// `buy 3 ETH @@ 100 USD`.
    public var summary: String {
        var text = action.summary
        if let fee, !fee.quantity.isZero { text += ", fee \(fee)" }
        return text
    }
}

extension EventAction {
    /// The action alone, without the fee.
    public var summary: String {
        switch self {
        case .buy(let amount, let term): "buy \(amount) \(term)"
        case .sell(let amount, let term): "sell \(amount) \(term)"
        case .trade(let given, let received): "trade \(given) for \(received)"
        case .deposit(let amount): "deposit \(amount)"
        case .withdraw(let amount): "withdraw \(amount)"
        case .transfer(let amount, let destination): "transfer \(amount) to \(destination)"
        case .income(let amount, let kind, let value):
            "income \(amount) (\(kind.rawValue))" + (value.map { " \($0)" } ?? "")
        case .fee(let amount): "fee \(amount)"
        case .split(let asset, let ratio): "split \(asset) \(ratio)"
        case .void(let target, let reason): "void \(target): \(reason)"
        case .link(let link):
            "link: transfer \(link.arrived) to \(link.toAccount) (\(link.rule.rawValue))"
        }
    }
}
