import LedgerCore

/// The failures of `ledger news` and of the options that ask for headlines.
public enum NewsError: UserFacingError, Equatable {
    case notALimit(String)
    case notASince(String)
    case notALanguage(String)
    case notAClass(String)
    case nothingCached(about: [AssetSymbol])
    case nothingCachedNorFetched(about: [AssetSymbol], reasons: String)

    public var category: ErrorCategory {
        switch self {
        case .notALimit, .notASince, .notALanguage, .notAClass: .usage
        case .nothingCached, .nothingCachedNorFetched: .data
        }
    }

    public var description: String {
        switch self {
        case .notALimit(let text):
            "--limit '\(text)' is not a number of headlines; use 1 to \(NewsFeed.maxLimit)"
        case .notASince(let text):
            "--since '\(text)' is neither a date (2024-06-01) nor a duration (12h, 3d, 1w)"
        case .notALanguage(let text):
            "--lang '\(text)' is not a language code; use two letters such as EN, PT or ES"
        case .notAClass(let text):
            "--class '\(text)' is not one of \(AssetClass.allCases.map(\.rawValue).joined(separator: ", "))"
        case .nothingCached(let symbols):
            "no headlines\(Self.about(symbols)) are cached; run '\(Self.command(symbols))' online first"
        case .nothingCachedNorFetched(let symbols, let reasons):
            "could not fetch headlines\(Self.about(symbols)) (\(reasons)) and none are cached; try again when the source answers"
        }
    }

    /// ` about BTC, ETH`, or nothing for the general feed.
    static func about(_ symbols: [AssetSymbol]) -> String {
        symbols.isEmpty ? "" : " about " + symbols.map(\.text).joined(separator: ", ")
    }

    /// ` about BTC, ETH`, or nothing (for the lines the shell prints).
    public static func aboutText(_ symbols: [AssetSymbol]) -> String { about(symbols) }

    /// The command that fetches them.
    static func command(_ symbols: [AssetSymbol]) -> String {
        (["ledger news"] + symbols.map(\.text)).joined(separator: " ")
    }
}
