import LedgerCore

/// A candlestick chart as inline SVG, for the server's coin page: the same candles, price
/// scale and "most recent that fit" as the terminal chart (``CandleLayout`` and
/// ``PriceScale``, one scale row per pixel), drawn without scripts. Rising candles have a
/// hollow green body, falling ones a filled red body, unchanged ones a bar, so they read apart
/// without colour; each candle carries its figures as a `<title>` (a tooltip). Pure: the same
/// candles give the same bytes.
public struct CandlestickSVG: Sendable {
    /// The candles, oldest first (sorted by opening time if not).
    public let candles: [Candle]
    /// What the chart shows, for its `<title>` (`BTC/USD, daily, last 30 days`).
    public let title: String

    /// The most candles drawn (the most recent).
    public static let maximumCandles = 120
    static let width = 640, height = 260
    static let left = 76, right = 632, top = 12, bottom = 212

    public init(candles: [Candle], title: String) {
        self.candles = candles.sorted { $0.openedAt < $1.openedAt }
        self.title = title
    }

    public func render() -> String { markup().html }

    /// ``render()`` as markup, for a page.
    public func markup() -> Markup {
        let rows = Self.bottom - Self.top + 1
        // Two columns per candle and room for any label: every one of the most recent fits.
        let recent = Array(candles.suffix(Self.maximumCandles))
        let layout = CandleLayout(candles: recent, width: 2 * recent.count + 64, rows: rows)
        var svg: Markup =
            "<svg class=\"chart candles\" viewBox=\"0 0 \(Self.width) \(Self.height)\" role=\"img\" aria-labelledby=\"candles-title candles-desc\">"
        svg += "<title id=\"candles-title\">\(title)</title>"
        svg += "<desc id=\"candles-desc\">\(description(layout.shown))</desc>"
        guard !layout.shown.isEmpty else {
            return svg
                + "<text x=\"\(Self.width / 2)\" y=\"\(Self.height / 2)\" text-anchor=\"middle\">\(CandlestickChart.emptyText)</text></svg>"
        }
        svg += axes(layout.scale)
        let slot = ExactDecimal(Self.right - Self.left) / ExactDecimal(layout.shown.count)
        for (index, candle) in layout.shown.enumerated() {
            svg += self.candle(candle, index: index, slot: slot, scale: layout.scale)
        }
        svg += timeLabels(layout.shown, slot: slot)
        return svg + "</svg>"
    }

    /// The y of a price: its scale row counted up from the bottom of the plot.
    private func y(_ price: ExactDecimal, _ scale: PriceScale) -> Int {
        Self.bottom - scale.row(of: price)
    }

    private func candle(_ candle: Candle, index: Int, slot: ExactDecimal, scale: PriceScale) -> Markup {
        let center = ExactDecimal(Self.left) + slot.multiplied(byInteger: index) + slot / 2
        let bodyWidth = max(ExactDecimal(1), slot * ExactDecimal("0.6")!)
        let x = Self.coordinate(center)
        let (open, close) = (y(candle.open, scale), y(candle.close, scale))
        let (kind, colour, fill) =
            candle.close > candle.open
            ? ("rising", "#1a7f37", "#ffffff")
            : candle.close < candle.open ? ("falling", "#c62828", "#c62828") : ("unchanged", "#555555", "#555555")
        var svg: Markup = "<g class=\"\(kind)\"><title>\(tooltip(candle))</title>"
        svg +=
            "<line x1=\"\(x)\" y1=\"\(y(candle.high, scale))\" x2=\"\(x)\" y2=\"\(y(candle.low, scale))\" stroke=\"\(colour)\"/>"
        svg +=
            "<rect x=\"\(Self.coordinate(center - bodyWidth / 2))\" y=\"\(min(open, close))\" width=\"\(Self.coordinate(bodyWidth))\" height=\"\(max(1, abs(open - close)))\" fill=\"\(fill)\" stroke=\"\(colour)\"/>"
        return svg + "</g>"
    }

    /// The plot's frame and the price labels of the rows the scale labels.
    private func axes(_ scale: PriceScale) -> Markup {
        var svg: Markup =
            "<line x1=\"\(Self.left)\" y1=\"\(Self.bottom)\" x2=\"\(Self.right)\" y2=\"\(Self.bottom)\" stroke=\"#999999\"/>"
            + "<line x1=\"\(Self.left)\" y1=\"\(Self.top)\" x2=\"\(Self.left)\" y2=\"\(Self.bottom)\" stroke=\"#999999\"/>"
        let spacing = max(1, scale.rows / 5)
        for row in stride(from: 0, to: scale.rows, by: spacing) {
            let y = Self.bottom - row
            svg +=
                "<line x1=\"\(Self.left - 3)\" y1=\"\(y)\" x2=\"\(Self.left)\" y2=\"\(y)\" stroke=\"#999999\"/>"
                + "<text x=\"\(Self.left - 6)\" y=\"\(y + 4)\" text-anchor=\"end\" font-size=\"11\">\(scale.label(row: row))</text>"
        }
        return svg
    }

    /// The dates of the first, middle and last candles beneath them (times too for candles
    /// narrower than a day), UTC.
    private func timeLabels(_ shown: [Candle], slot: ExactDecimal) -> Markup {
        let picks = Array(Set([0, shown.count / 2, shown.count - 1])).sorted()
        let anchors = ["start", "middle", "end"]
        return picks.enumerated().map { position, index -> Markup in
            let anchor = picks.count == 1 ? "middle" : anchors[position == 0 ? 0 : position == picks.count - 1 ? 2 : 1]
            let x =
                anchor == "start"
                ? ExactDecimal(Self.left)
                : anchor == "end"
                    ? ExactDecimal(Self.right)
                    : ExactDecimal(Self.left) + slot.multiplied(byInteger: index) + slot / 2
            return
                "<text x=\"\(Self.coordinate(x))\" y=\"\(Self.bottom + 18)\" text-anchor=\"\(anchor)\" font-size=\"11\">\(Self.time(shown[index]))</text>"
        }.joined()
    }

    private func description(_ shown: [Candle]) -> String {
        guard let first = shown.first, let last = shown.last else { return CandlestickChart.emptyText }
        let high = shown.map(\.high).max()!
        let low = shown.map(\.low).min()!
        return
            "\(shown.count) candles from \(Self.time(first)) to \(Self.time(last)) (UTC): opened at \(NumberFormat.price(first.open)), closed at \(NumberFormat.price(last.close)), high \(NumberFormat.price(high)), low \(NumberFormat.price(low)). Hollow green bodies rose, filled red ones fell."
    }

    private func tooltip(_ candle: Candle) -> String {
        "\(Self.time(candle)): open \(NumberFormat.price(candle.open)), high \(NumberFormat.price(candle.high)), low \(NumberFormat.price(candle.low)), close \(NumberFormat.price(candle.close))"
    }

    /// `2024-06-01` for daily or wider candles, `2024-06-01 12:00` for narrower ones.
    static func time(_ candle: Candle) -> String {
        let text = candle.openedAt.description
        return candle.interval.seconds >= 86_400
            ? String(text.prefix(10)) : String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    private static func coordinate(_ value: ExactDecimal) -> String {
        value.formatted(places: 1)
    }
}
