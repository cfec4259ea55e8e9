import LedgerApp
import LedgerCore
import LedgerInterchange

/// Why `ledger prices fetch`, `set` or `import` refused: options that do not go together or a
/// price as typed (exit 64), or a prices file with nothing to record (exit 1).
enum PricesError: UserFacingError, Equatable {
    case missingWithAssets([String])
    case missingWithHistory
    case missingWithMaxAge
    case historyWithoutSince
    case sinceWithoutHistory
    case sinceInFuture(LocalDate, today: LocalDate)
    case missingPrice(asset: String)
    case unexpectedAfterPrice(String)
    case invalidPrice(InputError)
    /// `count` lines of `file` are invalid (each printed before).
    case invalidLines(count: Int, file: String)
    case noPrices(file: String)
    /// `prices fetch --missing`: prices were missing and no source gave any.
    case nothingFetched(stillMissing: String)

    var category: ErrorCategory {
        switch self {
        case .invalidLines, .noPrices, .nothingFetched: .data
        default: .usage
        }
    }

    var description: String {
        switch self {
        case .nothingFetched(let left): "no missing price could be fetched (still missing: \(left), see above)"
        case .missingWithAssets(let assets):
            "--missing works out the assets itself; drop \(assets.joined(separator: " ")) or --missing"
        case .missingWithHistory: "--missing fetches the days that lack a price; use it without --history"
        case .missingWithMaxAge:
            "--missing fetches what the ledger lacks and takes no --max-age; check freshness with 'ledger report --max-price-age'"
        case .historyWithoutSince: "--history needs --since DATE, e.g. --since 2024-01-01"
        case .sinceWithoutHistory: "--since goes with --history"
        case .sinceInFuture(let first, let today):
            "--since \(first) is in the future (today is \(today)); history ends today, so give a day up to \(today)"
        case .missingPrice(let asset): "prices set needs a price after the asset; e.g. ledger prices set \(asset) 31000"
        case .unexpectedAfterPrice(let word):
            "unexpected '\(word)' after the price; e.g. ledger prices set BTC 31000 --currency EUR --date 2024-01-02"
        case .invalidPrice(let problem): problem.message
        case .invalidLines(let count, let file):
            "nothing imported: \(count == 1 ? "1 line is" : "\(count) lines are") invalid; correct \(count == 1 ? "it" : "them") and import '\(file)' again"
        case .noPrices(let file):
            "'\(file)' holds no prices; expected lines of \(PriceCSV.synopsis), e.g. BTC,31000,2024-01-02"
        }
    }
}
