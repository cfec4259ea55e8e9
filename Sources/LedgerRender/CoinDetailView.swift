import LedgerCore

/// `ledger market show` as text: every figure of one coin ("—" where the source has none),
/// its share of the market and of which total, when and where the figures come from, whether
/// it is watched, the user's own holding, and a candlestick chart of recent days beneath.
public struct CoinDetailView: Sendable {
    public let entry: TopListEntry
    public let source: String
    /// When the figures were fetched (`2024-06-01T12:00:03Z (5 s ago)`).
    public let freshness: String
    public let favorite: Bool
    public let share: MarketShare?
    public let holding: CoinHolding?
    /// Recent candles, oldest first (empty: no chart, and a line saying so).
    public let candles: [Candle]
    public let width: Int
    public let theme: Theme

    public init(
        entry: TopListEntry, source: String, freshness: String, favorite: Bool, share: MarketShare?,
        holding: CoinHolding?, candles: [Candle], width: Int, theme: Theme
    ) {
        self.entry = entry
        self.source = source
        self.freshness = freshness
        self.favorite = favorite
        self.share = share
        self.holding = holding
        self.candles = candles
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        var lines = [heading(), ""] + figures().map(Self.row)
        if let holding {
            lines += ["", theme.bold("Your holding")] + Self.holdingRows(holding, entry.symbol, theme).map(Self.row)
        }
        lines += [""] + chart()
        return lines.map { ChartPalette.fit($0, width: width) }.joined(separator: "\n") + "\n"
    }

    func heading() -> String {
        let star = favorite ? (theme.isColored ? "  \u{1B}[33m★\u{1B}[0m" : "  *") : ""
        return theme.bold("\(entry.name) (\(entry.symbol))") + "  #\(entry.rank) by market cap" + star
    }

    public func figures() -> [(String, String)] {
        let quote = " " + entry.quote.text
        let money = { (value: ExactDecimal?) in value.map { NumberFormat.marketPrice($0) + quote } ?? "—" }
        let compact = { (value: ExactDecimal?, unit: String) in
            value.map { NumberFormat.compact($0) + " " + unit } ?? "—"
        }
        return [
            ("Price", money(entry.price)),
            ("Bid / ask", "— / —  (\(source) gives no bid or ask)"),
            ("24h change", NumberFormat.change(entry.change24h, theme: theme)),
            ("7d change", NumberFormat.change(entry.change7d, theme: theme)),
            (
                "24h high / low",
                "\(entry.high24h.map(NumberFormat.marketPrice) ?? "—") / \(entry.low24h.map(NumberFormat.marketPrice) ?? "—")"
            ),
            ("Market cap", compact(entry.marketCap, entry.quote.text)),
            ("Market share", shareText()),
            ("Circulating", compact(entry.circulatingSupply, entry.symbol.text)),
            ("Total supply", compact(entry.totalSupply, entry.symbol.text)),
            ("Volume 24h", compact(entry.volume24h, source == "cryptocompare" ? entry.symbol.text : entry.quote.text)),
            ("Updated", "\(source), fetched \(freshness)"),
            (
                "Watched",
                favorite
                    ? "yes ('ledger watch remove \(entry.symbol)' to stop)"
                    : "no ('ledger watch add \(entry.symbol)' to watch)"
            ),
        ]
    }

    func shareText() -> String {
        guard let share else { return "—" }
        let percent = NumberFormat.percent(share.percent, places: 2)
        switch share.basis {
        case .wholeMarket(let source):
            return "\(percent) of the whole market (\(NumberFormat.compact(share.total)), \(source))"
        case .topList(let count): return "\(percent) of the top \(count) listed (\(NumberFormat.compact(share.total)))"
        }
    }

    public static func holdingRows(_ holding: CoinHolding, _ symbol: AssetSymbol, _ theme: Theme) -> [(String, String)]
    {
        let currency = " " + holding.currency.text
        var rows = [
            ("Quantity", NumberFormat.quantity(holding.quantity) + " " + symbol.text),
            ("Cost basis", NumberFormat.money(holding.costBasis, complete: holding.costComplete) + currency),
        ]
        rows.append(("Value", holding.value.map { NumberFormat.money($0) + currency } ?? "— (no price)"))
        if let pnl = holding.unrealizedPnL {
            let percent = holding.unrealizedPercent.map { " (" + NumberFormat.percent($0, signed: true) + ")" } ?? ""
            rows.append(
                (
                    "Unrealized P&L",
                    theme.signed(NumberFormat.signedMoney(pnl) + currency + percent, pnl.rounded(places: 2))
                ))
        }
        if holding.unvaluedEvents > 0 {
            let count = holding.unvaluedEvents == 1 ? "1 event" : "\(holding.unvaluedEvents) events"
            rows.append(("Incomplete", "\(count) lack a price in \(holding.currency.text); to fetch them:"))
            rows.append(("", "\(MissingPrice.fillCommand) --currency \(holding.currency.text)"))
        }
        return rows
    }

    func chart() -> [String] {
        guard let first = candles.first else {
            return ["No daily candles of \(entry.symbol) are cached; run 'ledger market show \(entry.symbol)' online."]
        }
        let caption =
            "\(entry.symbol)/\(first.quote) daily, last \(candles.count) day\(candles.count == 1 ? "" : "s") (\(first.source))"
        return [caption]
            + CandlestickChart(candles: candles, width: width, height: 12, colour: theme.isColored).render()
    }

    static func row(_ pair: (String, String)) -> String {
        "  " + pair.0 + String(repeating: " ", count: max(1, 17 - pair.0.count)) + pair.1
    }
}
