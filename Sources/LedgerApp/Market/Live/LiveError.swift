import LedgerCore

/// An argument or option of `ledger live` that is not what it must be (exit 64), or prices
/// that could not be had at all (exit 1).
public enum LiveError: UserFacingError, Equatable {
    case missingAssets
    case notAPollingPeriod(String)
    case updatesBelowOne(Int)
    case notADuration(String)
    /// Only the quote currency was named.
    case onlyTheQuote(AssetSymbol)
    /// `--interval` below a source's minimum interval between requests.
    case intervalTooShort(asked: String, minimum: String, source: String, seconds: Int)
    /// The first poll failed, or too many in a row did.
    case notFetched(String)
    /// No source knows any of the assets.
    case noLivePrice(symbols: String, reasons: String)

    public var category: ErrorCategory {
        switch self {
        case .notFetched, .noLivePrice: .data
        default: .usage
        }
    }

    public var description: String {
        switch self {
        case .missingAssets: "live needs at least one asset, e.g. 'ledger live BTC ETH'"
        case .notAPollingPeriod(let text):
            "--interval '\(text)' is not a polling period; use whole seconds of at least 1, e.g. 10, 10s, 1m"
        case .updatesBelowOne(let updates): "--updates \(updates) is out of range; use 1 or more"
        case .notADuration(let text): "--duration '\(text)' is not a duration; use e.g. 90s, 5m or 1h"
        case .onlyTheQuote(let quote):
            "\(quote) is the currency prices are quoted in; name another asset, e.g. 'ledger live BTC'"
        case .intervalTooShort(let asked, let minimum, let source, let seconds):
            "--interval \(asked) is shorter than the \(minimum) \(source) needs between requests; use --interval \(seconds)s or more"
        case .notFetched(let message): "live prices could not be fetched: \(message); try again when a source answers"
        case .noLivePrice(let symbols, let reasons):
            "no live price for \(symbols): \(reasons); check the symbols with 'ledger market search'"
        }
    }
}
