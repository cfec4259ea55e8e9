import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// What `ledger chart` prints: a header line and the candlestick chart, or the candles as JSON.
struct ChartOutput {
    let asset: AssetSymbol
    let quote: AssetSymbol
    /// The span the candles cover (the whole range, or the part that fits the width).
    let span: ChartInterval
    let interval: ChartInterval
    /// Oldest first; not empty.
    let candles: [Candle]
    let fetched: FetchedCandles
    let now: Timestamp

    /// `BTC/USD  last 10h, 30m candles  close 67,598.12  +98.12 (+0.15%)  cryptocompare`
    /// (`cached 5 min ago` in place of the source for cached candles, `ledger prices` for daily
    /// candles made from the recorded prices), then the chart. When the
    /// width is short the source goes first, then the range, then the change.
    func text(width: Int, height: Int, theme: Theme) -> String {
        let chart = CandlestickChart(candles: candles, width: width, height: height, colour: theme.isColored)
        return ([header(width: width, theme: theme)] + chart.render()).joined(separator: "\n") + "\n"
    }

    private func header(width: Int, theme: Theme) -> String {
        let first = candles[0].open
        let last = candles[candles.count - 1].close
        let change = last - first
        var movement = (change.isPositive ? "+" : "") + NumberFormat.price(change)
        if !first.isZero {
            let percent = change.divided(by: first, rounding: .halfEven).multiplied(byInteger: 100)
            movement += " (" + NumberFormat.percent(percent, signed: true, places: 2) + ")"
        }
        let fromCache = fetched.cached && fetched.source != RecordedPriceCandles.source
        let origin = fromCache ? "cached \(Age.ago(fetched.fetchedAt, now: now))" : fetched.source
        // In order of appearance, with the rank at which each is dropped when the width is short.
        var parts: [(text: String, drop: Int)] = [
            (theme.bold("\(asset)/\(quote)"), 5), ("last \(span), \(interval) candles", 2),
            ("close \(NumberFormat.price(last))", 4), (theme.signed(movement, change), 3), (origin, 1),
        ]
        while parts.count > 1, Self.visible(parts.map(\.text).joined(separator: "  ")) > width {
            parts.remove(at: parts.indices.min { parts[$0].drop < parts[$1].drop }!)
        }
        return parts.map(\.text).joined(separator: "  ")
    }

    /// `{"schema":"ledger.chart/1", …, "candles":[…]}` with exact decimal strings.
    func json() -> String {
        ChartJSON.chart(
            asset: asset, quote: quote, range: span, interval: interval,
            origin: .init(source: fetched.source, fetchedAt: fetched.fetchedAt, cached: fetched.cached),
            candles: candles)
    }

    /// Columns of `text` without its colour codes.
    private static func visible(_ text: String) -> Int {
        var count = 0
        var escape = false
        for character in text {
            if escape { escape = character != "m" } else if character == "\u{1B}" { escape = true } else { count += 1 }
        }
        return count
    }
}
