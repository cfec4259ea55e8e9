import LedgerCore

/// A mistake in the words after `ledger add KIND` (``EventWords``, exit 64).
public enum AddWordsError: UserFacingError, Equatable {
    /// A grammar mistake in the words of `kind`; the sentence ends with an example of its grammar.
    case grammar(Mistake, EventKind)
    case unknownOption(String)
    /// `what` (`quantity`, `price`, `--fee`) is not an exact decimal.
    case notANumber(what: String, text: String, DecimalParseError)

    public enum Mistake: Equatable, Sendable {
        case missingAmount(role: String)
        case missingQuantity(after: String)
        case missingPrice
        case missingPriceAfter(marker: String)
        case expected(word: String, found: String?)
        case missingSplit
        case notASplitRatio(String)
        case unexpected(String)
        case numberForSymbol(String)
        case notAnAssetSymbol(String)
        case missingDestination
    }

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .grammar(let mistake, let kind): "\(Self.sentence(mistake, kind)); e.g. \(Self.example(for: kind))"
        case .unknownOption(let option): OptionValueError.unknownOption(option, command: "add").description
        case .notANumber(let what, let text, let error):
            "\(what) '\(text)' is not a number: it \(error.reason); \(Self.hint(text, error))"
        }
    }

    private static func sentence(_ mistake: Mistake, _ kind: EventKind) -> String {
        switch mistake {
        case .missingAmount(let role): "\(kind) needs \(role): an asset and a quantity"
        case .missingQuantity(let word): "\(kind) needs a quantity after '\(word)'"
        case .missingPrice: "a \(kind) needs a price: add '@ PRICE' (per unit) or '@@ TOTAL'"
        case .missingPriceAfter(let marker): "'\(marker)' must be followed by a price"
        case .expected(let word, let found): "expected '\(word)'" + (found.map { " but found '\($0)'" } ?? "")
        case .missingSplit: "split needs an asset and a ratio"
        case .notASplitRatio(let text):
            "'\(text)' is not a split ratio; write NEW:OLD with whole numbers, e.g. 4:1 (or 1:10 for a reverse split)"
        case .unexpected(let word): "unexpected '\(word)'"
        case .numberForSymbol(let text): "expected an asset symbol, found the number '\(text)'"
        case .notAnAssetSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .missingDestination: "a transfer needs --to ACCOUNT"
        }
    }

    /// The example shown with every grammar mistake for `kind`.
    static func example(for kind: EventKind) -> String {
        switch kind {
        case .buy, .sell: "ledger add \(kind) BTC 0.1 @ 30000  (or @@ 3000 for the total)"
        case .trade: "ledger add trade 1 ETH for 0.05 BTC"
        case .deposit, .withdraw, .fee: "ledger add \(kind) USD 1000"
        case .transfer: "ledger add transfer BTC 0.5 --from binance --to cold"
        case .income: "ledger add income BTC 0.001 --kind staking"
        case .split: "ledger add split AAPL 4:1"
        case .void: "ledger void 12 --reason \"typo\""
        case .link: "ledger transfers link 12 15"
        }
    }

    private static func hint(_ text: String, _ error: DecimalParseError) -> String {
        if error == .tooManyFractionalDigits { return "the ledger keeps 18 decimal places" }
        if error == .exponentNotAllowed { return "e.g. 100000 rather than 1e5" }
        if text.contains(",") { return "use a dot for decimals and no thousands separators, e.g. 1.5 or 30000" }
        return "write it with digits and a dot, e.g. 0.5 or 30000"
    }
}
