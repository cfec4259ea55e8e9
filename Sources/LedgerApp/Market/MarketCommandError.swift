import LedgerCore

/// Why `ledger market`, `market show` or `market search` refused: an argument or option
/// (exit 64), or nothing cached or found to show (exit 1).
public enum MarketCommandError: UserFacingError, Equatable {
    case notACount(String, maximum: Int)
    case pageBelowOne(Int)
    case perPageBelowOne(Int)
    case notAMarketClass(String)
    /// `--page` past the last of the `perPage`-row pages that `matching` coins make.
    case pastTheEnd(page: Int, matching: Int, perPage: Int, watchedOnly: Bool)
    /// Offline with no ledger: nothing was ever cached at `path`.
    case nothingCached(path: String)
    case notACoinSymbol(String)
    case daysOutOfRange(Int)
    case notInTopList(AssetSymbol, count: Int, quote: AssetSymbol, source: String)
    case missingSearchText
    /// `--screen` that is not a screen of the class, or with `--class crypto`.
    case notAScreen(String, assetClass: AssetClass)
    case notAChangePeriod(String)

    public var category: ErrorCategory {
        switch self {
        case .nothingCached, .notInTopList: .data
        default: .usage
        }
    }

    public var description: String {
        switch self {
        case .notACount(let count, let maximum):
            "'\(count)' is not a number of coins; N goes from 1 to \(maximum), e.g. 'ledger market 50'"
        case .pageBelowOne(let page): "--page \(page) is not a page; pages count from 1"
        case .perPageBelowOne(let perPage): "--per-page \(perPage) must be at least 1"
        case .notAMarketClass(let text): "--class '\(text)' is not one of crypto, stock, etf"
        case .pastTheEnd(let page, let matching, let perPage, let watchedOnly):
            Self.pastTheEnd(page: page, matching: matching, perPage: perPage, watchedOnly: watchedOnly)
        case .nothingCached(let path):
            "nothing is cached: there is no ledger at \(path); run the command without --offline first"
        case .notACoinSymbol(let text): "'\(text)' is not a symbol; use letters and digits such as BTC or 1INCH"
        case .daysOutOfRange(let days): "--days \(days) must be from 1 to 365"
        case .notInTopList(let asset, let count, let quote, let source):
            "'\(asset)' is not among the top \(count) coins in \(quote) (\(source)); 'ledger market search \(asset)' finds coins by name or symbol"
        case .missingSearchText: "search needs some text, e.g. 'ledger market search bitcoin'"
        case .notAScreen(let text, let assetClass):
            if let screens = StockScreen.known[assetClass] {
                "--screen '\(text)' is not a screen of \(assetClass) lists; use one of \(screens.joined(separator: ", "))"
            } else {
                "--screen goes with --class stock or etf (the crypto list is the top coins by market cap)"
            }
        case .notAChangePeriod(let text):
            "--change '\(text)' is not a period; use one of \(ChangePeriod.allCases.map(\.rawValue).joined(separator: ", "))"
        }
    }

    private static func pastTheEnd(page: Int, matching: Int, perPage: Int, watchedOnly: Bool) -> String {
        let pages = max(1, (matching + perPage - 1) / perPage)
        let coins = "\(matching) \(watchedOnly ? "watched " : "")coin\(matching == 1 ? "" : "s")"
        return
            "--page \(page) is past the last page: \(coins) make\(matching == 1 ? "s" : "") \(pages) page\(pages == 1 ? "" : "s") of \(perPage)"
    }
}
