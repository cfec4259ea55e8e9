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
                throw CommandError.usage(
                    "--fee took the event's words; put --fee after them, e.g. ledger add buy BTC 0.1 @ 30000 --fee 5")
            }
            throw CommandError.usage("add needs an event kind (\(Self.kinds)); e.g. ledger add buy BTC 0.1 @ 30000")
        }
        if kindWord.hasPrefix("-") {
            throw CommandError.usage("unknown option '\(kindWord)'; see 'ledger add --help'")
        }
        guard let kind = EventKind(rawValue: kindWord.lowercased()) else {
            throw CommandError.usage(Self.unknownKind(kindWord))
        }
        guard kind != .void else {
            throw CommandError.usage(
                "add does not record voids; to cancel an event use: ledger void ID --reason \"…\"")
        }
        if kind != .transfer, command.from != nil || command.to != nil {
            throw CommandError.usage("--from and --to are for transfers; use --account for a \(kind)")
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
        if let problem = event.validate() { throw CommandError.usage(problem.message) }
        return event
    }

    private func parsedClass() throws -> AssetClass? {
        guard let text = command.assetClass else { return nil }
        guard let parsed = AssetClass(rawValue: text.lowercased()) else {
            throw CommandError.usage("--class '\(text)' is not an asset class; use crypto, stock, etf or fiat")
        }
        return parsed
    }

    private func occurredAt(_ environment: CommandEnvironment) throws -> Timestamp {
        guard let text = command.date else { return environment.now }
        switch Timestamp.parse(text) {
        case .success(let time): return time
        case .failure(let error): throw CommandError.usage("--date \(error.message)")
        }
    }

    /// `--fee 5` is in the quote currency (buy, sell) or the event's own asset; `--fee 0.0001 BTC`
    /// names its asset.
    private func fee(for action: EventAction, words: EventWords) throws -> AssetAmount? {
        guard !command.fee.isEmpty else { return nil }
        guard command.fee.count <= 2 else {
            throw CommandError.usage(
                "--fee takes an amount and an optional asset, e.g. --fee 5 or --fee 0.0001 BTC; put it after the event's words"
            )
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
            throw CommandError.usage("a trade's fee needs its asset, e.g. --fee 0.001 ETH")
        default:
            guard let asset = action.primaryAsset else { return nil }
            return AssetAmount(quantity, asset)
        }
    }

    /// "unknown event kind 'bye'; did you mean 'buy'? Kinds: buy, sell, …".
    /// The kinds `add` records (a void has its own command).
    static var kinds: String { EventKind.allCases.filter { $0 != .void }.map(\.rawValue).joined(separator: ", ") }

    static func unknownKind(_ word: String) -> String {
        let kinds = EventKind.allCases.filter { $0 != .void }
        let guess = kinds.min {
            editDistance($0.rawValue, word.lowercased()) < editDistance($1.rawValue, word.lowercased())
        }
        var message = "unknown event kind '\(word)'"
        if let guess, editDistance(guess.rawValue, word.lowercased()) <= 2 { message += " (did you mean '\(guess)'?)" }
        let list = kinds.map(\.rawValue).joined(separator: ", ")
        return message + "; use one of \(list)"
    }
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
