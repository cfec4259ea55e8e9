import LedgerCore

/// Where a candlestick chart's parts go across the width: the price-label column, the axis,
/// then two columns per candle (a gap and the candle). Decides how many of the most recent
/// candles fit, and lays out the time labels beneath them.
struct CandleLayout: Sendable {
    /// The candles drawn: the most recent that fit, oldest first.
    let shown: [Candle]
    let scale: PriceScale
    /// Columns of the price labels (0 when the width is too narrow for labels).
    let labelWidth: Int
    let width: Int

    init(candles: [Candle], width: Int, rows: Int) {
        // The labels' width depends on the scale of the candles shown and the number shown on
        // the labels' width; a few rounds settle it (a narrower range never needs fewer places).
        var count = candles.count
        var scale = PriceScale(candles: candles, rows: rows)
        var labelWidth = scale.labelWidth
        for _ in 0..<3 {
            if (width - labelWidth - 2) / 2 < 1 { labelWidth = 0 }
            count = min(candles.count, max(1, (width - labelWidth - 2) / 2))
            scale = PriceScale(candles: Array(candles.suffix(count)), rows: rows)
            if labelWidth == 0 || scale.labelWidth <= labelWidth { break }
            labelWidth = scale.labelWidth
        }
        self.shown = Array(candles.suffix(count))
        self.scale = scale
        self.labelWidth = labelWidth
        self.width = width
    }

    /// The label (right-aligned) and axis tick of a plot row.
    func labelColumn(row: Int) -> String {
        let labelled = scale.labelledRows.contains(row)
        guard labelWidth > 0 else { return labelled ? "┤" : "│" }
        let label = labelled ? scale.label(row: row) : ""
        return String(repeating: " ", count: max(0, labelWidth - label.count)) + label + (labelled ? " ┤" : " │")
    }

    /// The horizontal axis under the candles.
    func axisLine() -> String {
        let indent = labelWidth > 0 ? String(repeating: " ", count: labelWidth + 1) : ""
        return indent + "└" + String(repeating: "─", count: 2 * shown.count)
    }

    /// The opening times of some candles, each starting under its candle, spaced so they do
    /// not touch and cut where they would pass the width.
    func timeLine() -> String {
        let labels = shown.map { timeLabel($0.openedAt) }
        let labelLength = labels.first?.count ?? 0
        let every = max(1, (labelLength + 2 + 1) / 2)
        let origin = (labelWidth > 0 ? labelWidth + 2 : 1) + 1
        var line = ""
        for index in stride(from: 0, to: shown.count, by: every) {
            let column = origin + 2 * index
            guard column + labelLength <= width else { break }
            line += String(repeating: " ", count: column - line.count) + labels[index]
        }
        return line
    }

    /// `HH:MM` for intraday candles within one UTC day, `MM-DD HH:MM` across days, `MM-DD`
    /// for daily or wider candles, with the year in front when the candles span years.
    private func timeLabel(_ time: Timestamp) -> String {
        let text = time.description // YYYY-MM-DDTHH:MM:SSZ
        let first = shown.first!.openedAt
        let last = shown.last!.openedAt
        let step =
            shown.count > 1
            ? zip(shown.dropFirst(), shown).map { $0.openedAt.secondsSinceEpoch - $1.openedAt.secondsSinceEpoch }.min()!
            : shown[0].interval.seconds
        let date = String(text.prefix(10))
        let clock = String(text.dropFirst(11).prefix(5))
        if step >= 86_400 { return first.date.year == last.date.year ? String(date.dropFirst(5)) : date }
        if first.date == last.date { return clock }
        return String(date.dropFirst(5)) + " " + clock
    }
}
