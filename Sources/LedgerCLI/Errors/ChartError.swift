import LedgerApp
import LedgerCore

/// Why `ledger chart` refused: an option (exit 64), or no candles to draw (exit 1).
enum ChartError: UserFacingError, Equatable {
    case notARange(String)
    case notACandleWidth(String)
    case heightOutOfRange(Int)
    /// Offline with no ledger: nothing was ever cached at `path`.
    case nothingCached(path: String, AssetSymbol)
    /// `--range` in `interval` candles needs `count` source candles, more than one request returns.
    case tooManyCandles(range: String, interval: ChartInterval, count: Int)
    case noCandles(AssetSymbol, quote: AssetSymbol, since: Timestamp, source: String)

    var category: ErrorCategory {
        switch self {
        case .nothingCached, .noCandles: .data
        default: .usage
        }
    }

    var description: String {
        switch self {
        case .notARange(let text):
            "--range '\(text)' is not a range; use a number and m, h, d or w, e.g. 10m, 10h or 10d"
        case .notACandleWidth(let text):
            "--interval '\(text)' is not a candle width; use a number and m, h or d, e.g. 1m, 5m, 15m, 1h, 4h or 1d"
        case .heightOutOfRange(let height): "--height \(height) is out of range; use 3 to 200 lines"
        case .nothingCached(let path, let asset):
            "nothing is cached: there is no ledger at \(path); run 'ledger chart \(asset)' without --offline first"
        case .tooManyCandles(let range, let interval, let count):
            "--range \(range) in \(interval) candles needs \(count) \(interval.base) candles, more than the \(ChartPlan.maximumSourceCandles) a source returns at once; use a wider --interval or a shorter --range"
        case .noCandles(let asset, let quote, let since, let source):
            "no \(asset)/\(quote) candles since \(since) (\(source) sent only older ones); try a longer --range"
        }
    }
}
