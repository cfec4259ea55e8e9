import LedgerCore

/// The symbols a first reading of the words asked a class for, in order.
private final class AskedSymbols {
    var symbols: [AssetSymbol] = []
}

/// Turns an ``AddInput`` into a draft event. Every check that needs no ledger happens here, so
/// bad input fails before any file is opened or created (only `classOf` looks at the ledger).
struct AddDraft {
    let input: AddInput
    let context: AppContext

    /// The event, and how each symbol new to the ledger got its class. A symbol without
    /// `--class` takes the class the ledger recorded (`classOf`), fiat for a well-known currency
    /// code, else what `classify` says (a table, a cache or a lookup; it may refuse). The words
    /// are read twice: once to learn which symbols are assets (so no word such as `buy` is looked
    /// up, and bad words fail before any lookup), then with the classes found.
    func makeEvent(
        defaultQuote: AssetSymbol, classOf: (AssetSymbol) throws -> AssetClass?,
        classify: (AssetSymbol) throws -> AssetClassification
    ) throws -> (event: LedgerEvent, classified: [AssetClassification]) {
        let kind = try eventKind()
        if kind != .transfer, input.from != nil || input.to != nil {
            throw AddError.accountsNotForTransfer(kind)
        }
        let explicitClass = try parsedClass()
        var known: [AssetSymbol: AssetClass] = [:]
        for symbol in (input.words + input.fee).compactMap(AssetSymbol.init) where known[symbol] == nil {
            known[symbol] = try classOf(symbol) ?? (symbol.isWellKnownFiat ? .fiat : nil)
        }
        let asked = AskedSymbols()
        _ = try parse(kind, explicitClass, defaultQuote) { [known] symbol in
            if let assetClass = known[symbol] { return assetClass }
            if symbol.isWellKnownFiat { return .fiat }
            asked.symbols.append(symbol)
            return .crypto
        }
        var classified: [AssetClassification] = []
        for symbol in asked.symbols where known[symbol] == nil {
            let answer = try classify(symbol)
            known[symbol] = answer.assetClass
            classified.append(answer)
        }
        let (action, fee) = try parse(kind, explicitClass, defaultQuote) { [known] in
            known[$0] ?? ($0.isWellKnownFiat ? .fiat : .crypto)
        }
        var event = LedgerEvent(
            id: context.newEventID(), occurredAt: try occurredAt(), recordedAt: context.now,
            account: input.from ?? input.account, action: action, note: input.note
        )
        event.fee = fee
        if let problem = event.validate() { throw AddError.invalidEvent(problem) }
        return (event, classified)
    }

    /// The action and fee the words describe, each symbol's class from `classOf`.
    private func parse(
        _ kind: EventKind, _ explicitClass: AssetClass?, _ defaultQuote: AssetSymbol,
        classOf: @escaping (AssetSymbol) -> AssetClass
    ) throws -> (EventAction, AssetAmount?) {
        var words = EventWords(
            kind: kind, words: Array(input.words.dropFirst()), defaultQuote: defaultQuote, classOf: classOf)
        let action = try ActionBuilder(input: input, assetClass: explicitClass).action(from: &words)
        try words.finish()
        return (action, try fee(for: action, words: words))
    }

    /// The first word: a kind `add` records.
    private func eventKind() throws -> EventKind {
        guard let kindWord = input.words.first else {
            if input.fee.count > 2 {
                throw AddError.feeTookWords
            }
            throw AddError.missingKind
        }
        if kindWord.hasPrefix("-") {
            throw AddWordsError.unknownOption(kindWord)
        }
        guard let kind = EventKind(rawValue: kindWord.lowercased()) else {
            throw AddError.unknownKind(kindWord)
        }
        guard kind != .void else {
            throw AddError.voidKind
        }
        guard kind != .link else {
            throw AddError.linkKind
        }
        return kind
    }

    private func parsedClass() throws -> AssetClass? {
        guard let text = input.assetClass else { return nil }
        guard let parsed = AssetClass(rawValue: text.lowercased()) else {
            throw OptionValueError.notAnAssetClass(text)
        }
        return parsed
    }

    private func occurredAt() throws -> Timestamp {
        guard let text = input.date else { return context.now }
        switch Timestamp.parse(text) {
        case .success(let time): return time
        case .failure(let error): throw OptionValueError.notATime(option: "--date", error)
        }
    }

    /// `--fee 5` is in the quote currency (buy, sell) or the event's own asset; `--fee 0.0001 BTC`
    /// names its asset.
    private func fee(for action: EventAction, words: EventWords) throws -> AssetAmount? {
        guard !input.fee.isEmpty else { return nil }
        guard input.fee.count <= 2 else {
            throw AddError.feeTooManyWords
        }
        let quantity = try words.number(input.fee[0], what: "--fee")
        if input.fee.count == 2 {
            let symbol = try words.assetSymbol(input.fee[1])
            return AssetAmount(quantity, Asset(symbol, class: words.classOf(symbol)))
        }
        switch action {
        case .buy(_, let term), .sell(_, let term):
            return AssetAmount(quantity, Asset(term.quote))
        case .trade:
            throw AddError.tradeFeeNeedsAsset
        default:
            guard let asset = action.primaryAsset else { return nil }
            return AssetAmount(quantity, asset)
        }
    }

    /// The kinds `add` records (a void has its own command).
    static var kinds: String { EventKind.typed.map(\.rawValue).joined(separator: ", ") }
}
