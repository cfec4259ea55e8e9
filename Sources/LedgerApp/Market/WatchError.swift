import LedgerCore

/// Why `ledger watch add` or `watch remove` refused: a symbol (exit 64), or one not watched
/// (exit 1).
public enum WatchError: UserFacingError, Equatable {
    case missingSymbol(verb: String)
    case notASymbol(String)
    case notWatched(AssetSymbol, watched: [AssetSymbol])

    public var category: ErrorCategory {
        switch self {
        case .missingSymbol, .notASymbol: .usage
        case .notWatched: .data
        }
    }

    public var description: String {
        switch self {
        case .missingSymbol(let verb): "watch \(verb) needs a symbol, e.g. 'ledger watch \(verb) BTC'"
        case .notASymbol(let text): "'\(text)' is not a symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .notWatched(let stray, let watched):
            "\(stray) is not watched (\(Self.listed(watched))); nothing removed; 'ledger watch list' shows the watchlist"
        }
    }

    private static func listed(_ watched: [AssetSymbol]) -> String {
        watched.isEmpty ? "the watchlist is empty" : "watched: " + watched.map(\.text).joined(separator: " ")
    }
}
