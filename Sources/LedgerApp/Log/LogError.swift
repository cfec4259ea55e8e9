import LedgerCore

/// A filter of `ledger log` that is not what it must be (exit 64).
public enum LogError: UserFacingError, Equatable {
    case notAnAsset(String)
    case limitBelowOne(Int)
    case emptyKind
    case notAKind(String)

    public var category: ErrorCategory { .usage }

    public var description: String {
        switch self {
        case .notAnAsset(let asset): "--asset '\(asset)' is not an asset symbol; e.g. --asset BTC"
        case .limitBelowOne(let limit): "--limit must be 1 or more, got \(limit)"
        case .emptyKind: "--kind has an empty name in a list; separate kinds with single commas, e.g. --kind buy,sell"
        case .notAKind(let word):
            "--kind '\(word)' is not an event kind; use one of \(EventKind.list), e.g. --kind buy,sell"
        }
    }
}
