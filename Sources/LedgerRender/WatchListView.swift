import LedgerCore

/// `ledger watch list` as text.
public struct WatchListView: Sendable {
    public let coins: [WatchedCoin]
    /// Where the figures come from, for the footer (nil when nothing is cached).
    public let note: String?
    public let width: Int
    public let theme: Theme

    public init(coins: [WatchedCoin], note: String?, width: Int, theme: Theme) {
        self.coins = coins
        self.note = note
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        guard !coins.isEmpty else { return "The watchlist is empty; 'ledger watch add BTC ETH' adds coins.\n" }
        var table = TextTable(columns: [
            .init("Symbol"), .init("Name", flexible: true), .init("#", .right), .init("Price", .right),
            .init("24h", .right),
            .init("7d", .right, dropPriority: 1),
        ])
        for coin in coins {
            let price = coin.entry?.price ?? coin.price?.price
            let quote = coin.entry?.quote ?? coin.price?.quote
            table.append([
                coin.symbol.text, coin.entry?.name ?? "", coin.entry.map { String($0.rank) } ?? "—",
                price.map { NumberFormat.marketPrice($0) + " " + (quote?.text ?? "") } ?? "—",
                NumberFormat.change(coin.entry?.change24h, theme: theme),
                NumberFormat.change(coin.entry?.change7d, theme: theme),
            ])
        }
        return table.render(width: width) + (note.map { "\n" + $0 + "\n" } ?? "")
    }
}
