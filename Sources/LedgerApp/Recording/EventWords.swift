import LedgerCore

/// The words after `ledger add KIND`, as typed: `BTC 0.1 @ 30000`, `1 ETH for 0.05 BTC`,
/// `AAPL 4:1`. Turns them into an ``EventAction``; every mistake is a usage failure that says
/// what was expected, with an example.
struct EventWords {
    let kind: EventKind
    private(set) var tokens: [String]
    let defaultQuote: AssetSymbol
    /// The class to give a symbol that has no `--class` (``AddDraft`` decides it).
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

    /// Reads an amount written either way round: `BTC 0.1` or `0.1 BTC`.
    mutating func amount(_ role: String, assetClass: AssetClass? = nil) throws(AddWordsError) -> AssetAmount {
        guard tokens.count >= 2 else {
            throw .grammar(tokens.isEmpty ? .missingAmount(role: role) : .missingQuantity(after: tokens[0]), kind)
        }
        if let option = tokens.prefix(2).first(where: { $0.hasPrefix("--") }) {
            throw .unknownOption(option)
        }
        let first = tokens.removeFirst()
        let second = tokens.removeFirst()
        let (quantityText, symbolText) = Self.looksNumeric(first) ? (first, second) : (second, first)
        let symbol = try assetSymbol(symbolText)
        let quantity = try number(quantityText, what: "quantity")
        return AssetAmount(quantity, Asset(symbol, class: assetClass ?? classOf(symbol)))
    }

    /// Reads `@ PRICE [QUOTE]` (per unit) or `@@ TOTAL [QUOTE]` (the whole amount).
    mutating func price(required: Bool) throws(AddWordsError) -> PriceTerm? {
        guard let marker = tokens.first, marker == "@" || marker == "@@" else {
            guard required else { return nil }
            throw .grammar(.missingPrice, kind)
        }
        tokens.removeFirst()
        guard !tokens.isEmpty else { throw .grammar(.missingPriceAfter(marker: marker), kind) }
        let value = try number(tokens.removeFirst(), what: "price")
        var quote = defaultQuote
        if let next = tokens.first, !Self.looksNumeric(next) {
            quote = try assetSymbol(tokens.removeFirst())
        }
        // @@ gives the total, kept as given (the event records it; docs/EVENTS.md).
        return marker == "@@" ? .total(value, quote: quote) : .unit(Price(value, quote))
    }

    /// Consumes `word` (case-insensitive) or fails saying it was expected.
    mutating func expect(_ word: String) throws(AddWordsError) {
        guard let next = tokens.first, next.lowercased() == word else {
            throw .grammar(.expected(word: word, found: tokens.first), kind)
        }
        tokens.removeFirst()
    }

    mutating func splitRatio(assetClass: AssetClass? = nil) throws(AddWordsError) -> (Asset, SplitRatio) {
        guard tokens.count >= 2 else { throw .grammar(.missingSplit, kind) }
        let symbol = try assetSymbol(tokens.removeFirst())
        let text = tokens.removeFirst()
        guard let ratio = SplitRatio(text) else {
            throw .grammar(.notASplitRatio(text), kind)
        }
        return (Asset(symbol, class: assetClass ?? classOf(symbol)), ratio)
    }

    /// Fails when words are left over.
    func finish() throws(AddWordsError) {
        guard let extra = tokens.first else { return }
        if extra.hasPrefix("--") { throw .unknownOption(extra) }
        throw .grammar(.unexpected(extra), kind)
    }

    func assetSymbol(_ text: String) throws(AddWordsError) -> AssetSymbol {
        guard let symbol = AssetSymbol(text) else {
            if Self.looksNumeric(text) { throw .grammar(.numberForSymbol(text), kind) }
            throw .grammar(.notAnAssetSymbol(text), kind)
        }
        return symbol
    }

    func number(_ text: String, what: String) throws(AddWordsError) -> ExactDecimal {
        switch ExactDecimal.parse(text) {
        case .success(let value): return value
        case .failure(let error): throw .notANumber(what: what, text: text, error)
        }
    }

    /// A token that starts like a number (digit, sign or dot) is read as a quantity.
    static func looksNumeric(_ token: String) -> Bool {
        guard let first = token.first else { return false }
        if first.isNumber { return AssetSymbol(token) == nil || ExactDecimal(token) != nil }
        return first == "-" || first == "+" || first == "."
    }
}
