import LedgerCore

/// Turns the parsed `add` command line into a draft event. Every check that needs no ledger
/// happens here, so bad input fails before any file is opened or created.
struct AddRequest {
    let command: AddCommand

    func makeEvent(
        defaultQuote: AssetSymbol, environment: CommandEnvironment,
        classOf: (AssetSymbol) throws -> AssetClass?
    ) throws -> LedgerEvent {
        guard let kindWord = command.words.first else {
            if command.fee.count > 2 {
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
        if kind != .transfer, command.from != nil || command.to != nil {
            throw AddError.accountsNotForTransfer(kind)
        }
        let explicitClass = try parsedClass()
        var known: [AssetSymbol: AssetClass] = [:]
        for symbol in command.words.compactMap(AssetSymbol.init) where known[symbol] == nil {
            known[symbol] = try classOf(symbol)
        }
        var words = EventWords(kind: kind, words: Array(command.words.dropFirst()), defaultQuote: defaultQuote) {
            known[$0] ?? $0.inferredClass
        }
        let action = try ActionBuilder(command: command, assetClass: explicitClass).action(from: &words)
        try words.finish()
        var event = LedgerEvent(
            id: environment.newEventID(), occurredAt: try occurredAt(environment),
            recordedAt: environment.now, account: command.from ?? command.account,
            action: action, note: command.note
        )
        event.fee = try fee(for: action, words: words)
        if let problem = event.validate() { throw AddError.invalidEvent(problem) }
        return event
    }

    private func parsedClass() throws -> AssetClass? {
        guard let text = command.assetClass else { return nil }
        guard let parsed = AssetClass(rawValue: text.lowercased()) else {
            throw OptionError.notAnAssetClass(text)
        }
        return parsed
    }

    private func occurredAt(_ environment: CommandEnvironment) throws -> Timestamp {
        guard let text = command.date else { return environment.now }
        switch Timestamp.parse(text) {
        case .success(let time): return time
        case .failure(let error): throw OptionError.notATime(option: "--date", error)
        }
    }

    /// `--fee 5` is in the quote currency (buy, sell) or the event's own asset; `--fee 0.0001 BTC`
    /// names its asset.
    private func fee(for action: EventAction, words: EventWords) throws -> AssetAmount? {
        guard !command.fee.isEmpty else { return nil }
        guard command.fee.count <= 2 else {
            throw AddError.feeTooManyWords
        }
        let quantity = try words.number(command.fee[0], what: "--fee")
        if command.fee.count == 2 {
            let symbol = try words.assetSymbol(command.fee[1])
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
    static var kinds: String { EventKind.allCases.filter { $0 != .void }.map(\.rawValue).joined(separator: ", ") }
}

/// Levenshtein distance, for "did you mean" hints.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...max(b.count, 1) where !b.isEmpty {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
