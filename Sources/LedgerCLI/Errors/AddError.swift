import LedgerApp
import LedgerCore

/// A command line `ledger add` cannot make an event of (exit 64), found before the ledger is
/// opened. The mistakes in the event's own words are ``AddWordsError``.
enum AddError: UserFacingError, Equatable {
    /// `--fee` came first and took the event's words as its values.
    case feeTookWords
    case missingKind
    case unknownKind(String)
    case voidKind
    /// `void` as the kind's grammar (``ActionBuilder``).
    case voidWords
    case accountsNotForTransfer(EventKind)
    case notAnIncomeKind(String)
    case feeTooManyWords
    case tradeFeeNeedsAsset
    /// `LGR_CURRENCY` holds no currency code.
    case notACurrencyVariable(String)
    case invalidEvent(EventValidationError)

    var category: ErrorCategory { .usage }

    var description: String {
        switch self {
        case .feeTookWords:
            "--fee took the event's words; put --fee after them, e.g. ledger add buy BTC 0.1 @ 30000 --fee 5"
        case .missingKind: "add needs an event kind (\(AddRequest.kinds)); e.g. ledger add buy BTC 0.1 @ 30000"
        case .unknownKind(let word): Self.unknownKind(word)
        case .voidKind: "add does not record voids; to cancel an event use: ledger void ID --reason \"…\""
        case .voidWords: "to cancel an event use: ledger void ID --reason \"…\""
        case .accountsNotForTransfer(let kind): "--from and --to are for transfers; use --account for a \(kind)"
        case .notAnIncomeKind(let text): "--kind '\(text)' is not an income kind; use one of \(IncomeKind.list)"
        case .feeTooManyWords:
            "--fee takes an amount and an optional asset, e.g. --fee 5 or --fee 0.0001 BTC; put it after the event's words"
        case .tradeFeeNeedsAsset: "a trade's fee needs its asset, e.g. --fee 0.001 ETH"
        case .notACurrencyVariable(let text):
            "\(environmentPrefix)CURRENCY='\(text)' is not a currency code; use a code such as USD"
        case .invalidEvent(let problem): problem.message
        }
    }

    /// "unknown event kind 'bye' (did you mean 'buy'?); use one of buy, sell, …".
    private static func unknownKind(_ word: String) -> String {
        let kinds = EventKind.allCases.filter { $0 != .void }
        let guess = kinds.min {
            editDistance($0.rawValue, word.lowercased()) < editDistance($1.rawValue, word.lowercased())
        }
        var message = "unknown event kind '\(word)'"
        if let guess, editDistance(guess.rawValue, word.lowercased()) <= 2 { message += " (did you mean '\(guess)'?)" }
        return message + "; use one of \(AddRequest.kinds)"
    }
}
