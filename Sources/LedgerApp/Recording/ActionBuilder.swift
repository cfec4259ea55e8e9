import LedgerCore

/// Reads the words of one event kind into its ``EventAction``.
struct ActionBuilder {
    let input: AddInput
    let assetClass: AssetClass?

    func action(from words: inout EventWords) throws -> EventAction {
        switch words.kind {
        case .buy, .sell:
            let amount = try words.amount("what to \(words.kind)", assetClass: assetClass)
            let term = try words.price(required: true)!
            return words.kind == .buy ? .buy(amount, price: term) : .sell(amount, price: term)
        case .trade:
            let given = try words.amount("what is given", assetClass: assetClass)
            try words.expect("for")
            let received = try words.amount("what is received")
            return .trade(given: given, received: received)
        case .deposit: return .deposit(try words.amount("an amount", assetClass: assetClass))
        case .withdraw: return .withdraw(try words.amount("an amount", assetClass: assetClass))
        case .fee: return .fee(try words.amount("an amount", assetClass: assetClass))
        case .transfer:
            let amount = try words.amount("what to transfer", assetClass: assetClass)
            guard let destination = input.to else {
                throw AddWordsError.grammar(.missingDestination, words.kind)
            }
            return .transfer(amount, toAccount: destination)
        case .income:
            let amount = try words.amount("what was received", assetClass: assetClass)
            // `@ VALUE` per unit, or `@@ TOTAL` kept as given (record version 3).
            return .income(amount, kind: try incomeKind(), value: try words.price(required: false))
        case .split:
            let (asset, ratio) = try words.splitRatio(assetClass: assetClass)
            return .split(asset, ratio)
        case .void:
            throw AddError.voidWords
        case .link:
            throw AddError.linkKind
        }
    }

    private func incomeKind() throws -> IncomeKind {
        guard let text = input.incomeKind else { return .other }
        guard let kind = IncomeKind(rawValue: text.lowercased()) else {
            throw AddError.notAnIncomeKind(text)
        }
        return kind
    }
}
