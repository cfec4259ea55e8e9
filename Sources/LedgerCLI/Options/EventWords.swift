import LedgerCore

/// The words after `ledger add KIND`, as typed: `BTC 0.1 @ 30000`, `1 ETH for 0.05 BTC`,
/// `AAPL 4:1`. Turns them into an ``EventAction``; every mistake is a usage failure that says
/// what was expected, with an example.
struct EventWords {
    let kind: EventKind
    private(set) var tokens: [String]
    let defaultQuote: AssetSymbol
    /// The class to give a symbol that has no `--class`: what the ledger used before, or inferred.
    let classOf: (AssetSymbol) -> AssetClass

    init(kind: EventKind, words: [String], defaultQuote: AssetSymbol, classOf: @escaping (AssetSymbol) -> AssetClass) {
        self.kind = kind
        self.tokens = Self.tokenize(words)
        self.defaultQuote = defaultQuote
        self.classOf = classOf
    }

    /// Splits `@30000` into `@ 30000` and `@@3000` into `@@ 3000`.
    static func tokenize(_ words: [String]) -> [String] {
        words.flatMap { word -> [String] in
            guard word != "@", word != "@@", let marker = ["@@", "@"].first(where: word.hasPrefix) else {
                return [word]
            }
            return [marker, String(word.dropFirst(marker.count))]
        }
    }

    /// The example shown with every grammar mistake for this kind.
    var example: String {
        switch kind {
        case .buy, .sell: "ledger add \(kind) BTC 0.1 @ 30000  (or @@ 3000 for the total)"
        case .trade: "ledger add trade 1 ETH for 0.05 BTC"
        case .deposit, .withdraw, .fee: "ledger add \(kind) USD 1000"
        case .transfer: "ledger add transfer BTC 0.5 --from binance --to cold"
        case .income: "ledger add income BTC 0.001 --kind staking"
        case .split: "ledger add split AAPL 4:1"
        case .void: "ledger void 12 --reason \"typo\""
        }
    }

    func failure(_ message: String) -> CommandError {
        .usage("\(message); e.g. \(example)")
    }

    /// Reads an amount written either way round: `BTC 0.1` or `0.1 BTC`.
    mutating func amount(_ role: String, assetClass: AssetClass? = nil) throws(CommandError) -> AssetAmount {
        guard tokens.count >= 2 else {
            throw failure(
                tokens.isEmpty
                    ? "\(kind) needs \(role): an asset and a quantity" : "\(kind) needs a quantity after '\(tokens[0])'"
            )
        }
        if let option = tokens.prefix(2).first(where: { $0.hasPrefix("--") }) {
            throw .usage("unknown option '\(option)'; see 'ledger add --help'")
        }
        let first = tokens.removeFirst()
        let second = tokens.removeFirst()
        let (quantityText, symbolText) = Self.looksNumeric(first) ? (first, second) : (second, first)
        let symbol = try assetSymbol(symbolText)
        let quantity = try number(quantityText, what: "quantity")
        return AssetAmount(quantity, Asset(symbol, class: assetClass ?? classOf(symbol)))
    }

    /// Reads `@ PRICE [QUOTE]` (per unit) or `@@ TOTAL [QUOTE]` (the whole amount).
    mutating func price(required: Bool) throws(CommandError) -> PriceTerm? {
        guard let marker = tokens.first, marker == "@" || marker == "@@" else {
            guard required else { return nil }
            throw failure("a \(kind) needs a price: add '@ PRICE' (per unit) or '@@ TOTAL'")
        }
        tokens.removeFirst()
        guard !tokens.isEmpty else { throw failure("'\(marker)' must be followed by a price") }
        let value = try number(tokens.removeFirst(), what: "price")
        var quote = defaultQuote
        if let next = tokens.first, !Self.looksNumeric(next) {
            quote = try assetSymbol(tokens.removeFirst())
        }
        // @@ gives the total, kept as given (the event records it; docs/EVENTS.md).
        return marker == "@@" ? .total(value, quote: quote) : .unit(Price(value, quote))
    }

    /// Consumes `word` (case-insensitive) or fails saying it was expected.
    mutating func expect(_ word: String) throws(CommandError) {
        guard let next = tokens.first, next.lowercased() == word else {
            throw failure("expected '\(word)'" + (tokens.first.map { " but found '\($0)'" } ?? ""))
        }
        tokens.removeFirst()
    }

    mutating func splitRatio() throws(CommandError) -> (Asset, SplitRatio) {
        guard tokens.count >= 2 else { throw failure("split needs an asset and a ratio") }
        let symbol = try assetSymbol(tokens.removeFirst())
        let text = tokens.removeFirst()
        guard let ratio = SplitRatio(text) else {
            throw failure(
                "'\(text)' is not a split ratio; write NEW:OLD with whole numbers, e.g. 4:1 (or 1:10 for a reverse split)"
            )
        }
        return (Asset(symbol, class: classOf(symbol)), ratio)
    }

    /// Fails when words are left over.
    func finish() throws(CommandError) {
        guard let extra = tokens.first else { return }
        if extra.hasPrefix("--") { throw .usage("unknown option '\(extra)'; see 'ledger add --help'") }
        throw failure("unexpected '\(extra)'")
    }

    func assetSymbol(_ text: String) throws(CommandError) -> AssetSymbol {
        guard let symbol = AssetSymbol(text) else {
            if Self.looksNumeric(text) { throw failure("expected an asset symbol, found the number '\(text)'") }
            throw failure("'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL")
        }
        return symbol
    }

    func number(_ text: String, what: String) throws(CommandError) -> ExactDecimal {
        switch ExactDecimal.parse(text) {
        case .success(let value): return value
        case .failure(let error):
            var hint = "write it with digits and a dot, e.g. 0.5 or 30000"
            if text.contains(",") { hint = "use a dot for decimals and no thousands separators, e.g. 1.5 or 30000" }
            if error == .tooManyFractionalDigits { hint = "the ledger keeps 18 decimal places" }
            if error == .exponentNotAllowed { hint = "e.g. 100000 rather than 1e5" }
            throw .usage("\(what) '\(text)' is not a number: it \(error.reason); \(hint)")
        }
    }

    /// A token that starts like a number (digit, sign or dot) is read as a quantity.
    static func looksNumeric(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        if first.isNumber { return AssetSymbol(token) == nil || ExactDecimal(token) != nil }
        return first == "-" || first == "+" || first == "."
    }
}
