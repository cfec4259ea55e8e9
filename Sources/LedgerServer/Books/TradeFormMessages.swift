import LedgerApp
import LedgerCore

/// The recorder's refusals as the add form says them: the field to change and what to enter,
/// never the command line's options or an example command. The recorder is the CLI's
/// (LedgerApp), so what is refused is the same; only the wording is the form's.
enum TradeFormMessages {
    static func message(_ error: any Error) -> String? {
        if let form = error as? TradeFormError { return form.description }
        if let words = error as? AddWordsError { return wordsMessage(words) }
        if let add = error as? AddError { return addMessage(add) }
        return RequestFailure.message(error).map(withoutCommands)
    }

    private static func wordsMessage(_ error: AddWordsError) -> String {
        switch error {
        case .notANumber(let what, let text, _):
            "\(field(what)): '\(text)' is not a number; enter digits with a dot for decimals and no thousands separators, such as 0.5 or 30000"
        case .grammar(.notAnAssetSymbol(let text), _):
            "Asset: '\(text)' is not a symbol; enter letters and digits such as BTC, 1INCH or AAPL"
        case .grammar(.numberForSymbol(let text), _): "Asset: enter a symbol such as BTC, not the number '\(text)'"
        case .grammar(.missingDestination, _): "To account: enter the account the transfer goes to, such as cold"
        case .grammar(.missingPrice, let kind), .grammar(.missingPriceAfter, let kind):
            TradeFormError.missingPriceOrTotal(kind).description
        default: "Words: " + withoutCommands(error.description)
        }
    }

    private static func addMessage(_ error: AddError) -> String {
        switch error {
        case .notAnIncomeKind(let text): "Income kind: '\(text)' is not one; choose one of \(IncomeKind.list)"
        case .accountsNotForTransfer(let kind):
            "From and To account: they are for transfers; leave them empty for a \(kind) and use Account"
        case .feeTooManyWords, .feeTookWords:
            "Fee: enter an amount, with its asset when it is not the price's currency, such as 5 or 0.0001 BTC"
        case .tradeFeeNeedsAsset: "Fee: a trade's fee needs its asset, such as 0.001 ETH"
        case .missingKind, .unknownKind, .voidKind, .voidWords, .linkKind:
            "Kind: choose one of the kinds in the list (a void is made from the trades list)"
        case .invalidEvent: withoutCommands(error.description)
        }
    }

    /// The form's name for what the words' reader calls `quantity`, `price` or `--fee`.
    private static func field(_ what: String) -> String {
        switch what {
        case "quantity": "Quantity"
        case "price": "Price or Total"
        case "--fee": "Fee"
        default: capitalized(String(what.drop { $0 == "-" }))
        }
    }

    private static func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// A CLI sentence with its options named as the form's fields and without an example
    /// command (`…; e.g. ledger add …`).
    static func withoutCommands(_ text: String) -> String {
        var text = text
        for marker in ["; e.g. ledger ", ", e.g. ledger ", "; run 'ledger ", "; e.g. --", ", e.g. --"] {
            if let range = text.firstRange(of: marker) { text = String(text[..<range.lowerBound]) }
        }
        let names = [
            ("--date", "Date"), ("--fee", "Fee"), ("--kind", "Income kind"), ("--to", "To account"),
            ("--from", "From account"), ("--account", "Account"), ("--class", "Asset class"),
        ]
        for (option, label) in names where text.hasPrefix(option + " ") {
            text = label + ": " + text.dropFirst(option.count + 1)
        }
        for (option, label) in names { text = text.replacing(option, with: label) }
        return text
    }
}
