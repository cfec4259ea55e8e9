import LedgerCore

/// A candlestick chart of OHLC candles as terminal lines: a labelled price axis on the left,
/// one column per candle with a blank column between candles, time labels beneath and a
/// one-line legend.
///
/// Rising and falling candles read apart without colour: a rising candle (close above open)
/// has a hollow body `░`, a falling one a filled body `█`, an unchanged one (close equal to
/// open) a bar `─`; the wick `│` spans high to low. With `colour` rising candles are also
/// green and falling ones red; nothing else changes.
///
/// Prices stay exact decimals until they are placed on rows: the row of a price is
/// (price − low) ÷ (high − low) × (rows − 1), rounded half away from zero to a whole row. That
/// and the axis labels (rounded for display to as many places as the scale needs) are the
/// only rounding. Times are UTC.
public struct CandlestickChart: Sendable {
    /// The candles, oldest first (they are sorted by opening time if not).
    public let candles: [Candle]
    /// The most columns any line may take (colour codes not counted).
    public let width: Int
    /// The most lines the chart may take, legend and time labels included.
    public let height: Int
    /// Whether rising and falling candles are also coloured green and red.
    public let colour: Bool

    /// The text printed instead of a chart when there are no candles.
    public static let emptyText = "(no candles to chart)"
    /// The legend line (at widths below its length, the items that fit whole).
    public static let legend = legendItems.joined(separator: "  ")
    static let legendItems = ["░ rising", "█ falling", "─ unchanged", "│ high–low", "(UTC)"]

    public init(candles: [Candle], width: Int, height: Int, colour: Bool) {
        self.candles = candles.sorted { $0.openedAt < $1.openedAt }
        self.width = width
        self.height = height
        self.colour = colour
    }

    /// The chart's lines, each at most `width` visible columns and without trailing spaces;
    /// there are at most `height` of them (at least one). When there are more candles than
    /// columns, the most recent that fit are drawn. Short heights drop the legend first, then
    /// the time labels, then the axis line, keeping two rows of candles (one when `height` is 1).
    public func render() -> [String] {
        guard !candles.isEmpty else { return [ChartPalette.fit(Self.emptyText, width: max(0, width))] }
        let extras = min(3, max(0, height - 2))
        let rows = max(1, height - extras)
        let layout = CandleLayout(candles: candles, width: max(1, width), rows: rows)
        // Under 3 columns not even one candle fits whole; cutting a coloured cell would leave
        // an escape code behind, so such a sliver is drawn plain.
        var lines = plotLines(layout, colour: colour && width >= 3)
        if extras >= 1 { lines.append(layout.axisLine()) }
        if extras >= 2 { lines.append(layout.timeLine()) }
        if extras >= 3 { lines.append(Self.legend(width: width)) }
        return lines.map { ChartPalette.fit($0, width: max(0, width)) }
    }

    /// As many legend items as fit `width`, in order.
    private static func legend(width: Int) -> String {
        var line = ""
        for item in legendItems {
            let candidate = line.isEmpty ? item : line + "  " + item
            guard candidate.count <= width else { break }
            line = candidate
        }
        return line
    }

    /// The rows of candles, top (highest price) first, each prefixed by its axis label.
    private func plotLines(_ layout: CandleLayout, colour: Bool) -> [String] {
        let scale = layout.scale
        return (0..<scale.rows).reversed().map { row in
            var line = layout.labelColumn(row: row)
            for candle in layout.shown {
                line += " " + cell(candle, row: row, scale: scale, colour: colour)
            }
            return line
        }
    }

    /// What one candle shows on one row: body, wick or nothing.
    private func cell(_ candle: Candle, row: Int, scale: PriceScale, colour: Bool) -> String {
        let bodyTop = scale.row(of: max(candle.open, candle.close))
        let bodyBottom = scale.row(of: min(candle.open, candle.close))
        let character: Character
        if row >= bodyBottom && row <= bodyTop {
            character = candle.close > candle.open ? "░" : candle.close < candle.open ? "█" : "─"
        } else if row <= scale.row(of: candle.high) && row >= scale.row(of: candle.low) {
            character = "│"
        } else {
            return " "
        }
        guard colour, candle.close != candle.open else { return String(character) }
        return (candle.close > candle.open ? "\u{1B}[32m" : "\u{1B}[31m") + String(character) + ChartPalette.reset
    }
}
