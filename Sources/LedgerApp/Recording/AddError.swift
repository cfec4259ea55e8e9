import LedgerCore

/// An ``AddInput`` `ledger add` (or a form) cannot make an event of (exit 64), found before the
/// ledger is opened. The mistakes in the event's own words are ``AddWordsError``.
public enum AddError: UserFacingError, Equatable {
    /// `--fee` came first and took the event's words as its values.
    case feeTookWords
    case missingKind
    case unknownKind(String)
    case voidKind
    /// `link`: transfer links have their own command.
    case linkKind
    /// `void` as the kind's grammar (``ActionBuilder``).
    case voidWords
    case accountsNotForTransfer(EventKind)
    case notAnIncomeKind(String)
    case feeTooManyWords
    case tradeFeeNeedsAsset
    case invalidEvent(EventValidationError)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .feeTookWords:
            "--fee took the event's words; put --fee after them, e.g. ledger add buy BTC 0.1 @ 30000 --fee 5"
        case .missingKind: "add needs an event kind (\(AddDraft.kinds)); e.g. ledger add buy BTC 0.1 @ 30000"
        case .unknownKind(let word): Self.unknownKind(word)
        case .voidKind: "add does not record voids; to cancel an event use: ledger void ID --reason \"…\""
        case .voidWords: "to cancel an event use: ledger void ID --reason \"…\""
        case .linkKind:
            "add does not record transfer links; to link a withdrawal and a deposit use: ledger transfers link W D"
        case .accountsNotForTransfer(let kind): "--from and --to are for transfers; use --account for a \(kind)"
        case .notAnIncomeKind(let text): "--kind '\(text)' is not an income kind; use one of \(IncomeKind.list)"
        case .feeTooManyWords:
            "--fee takes an amount and an optional asset, e.g. --fee 5 or --fee 0.0001 BTC; put it after the event's words"
        case .tradeFeeNeedsAsset: "a trade's fee needs its asset, e.g. --fee 0.001 ETH"
        case .invalidEvent(let problem): problem.message
        }
    }

    /// "unknown event kind 'bye' (did you mean 'buy'?); use one of buy, sell, …".
    private static func unknownKind(_ word: String) -> String {
        let kinds = EventKind.typed
        let guess = kinds.min {
            Self.editDistance($0.rawValue, word.lowercased()) < Self.editDistance($1.rawValue, word.lowercased())
        }
        var message = "unknown event kind '\(word)'"
        if let guess, Self.editDistance(guess.rawValue, word.lowercased()) <= 2 {
            message += " (did you mean '\(guess)'?)"
        }
        return message + "; use one of \(AddDraft.kinds)"
    }

    /// Levenshtein distance, for "did you mean" hints.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
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
}
