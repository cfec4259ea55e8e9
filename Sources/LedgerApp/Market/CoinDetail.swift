import LedgerCore
import LedgerStore

/// `ledger market show SYMBOL` as a use case: one coin of the top 100 with its share of the
/// market, whether it is watched, and the holding of the books (replayed with FIFO lots, cost
/// in the quote). The CLI's books are its cache; the server's are the user's own books.
public struct CoinDetail: Sendable {
    public let entry: TopListEntry
    public let list: TopList
    public let fetchedAt: Timestamp
    public let share: MarketShare?
    public let holding: CoinHolding?
    public let favorite: Bool

    /// The coin `asset` from the top 100 in `quote` (``MarketFeed/topList(count:in:assetClass:)``),
    /// or ``MarketCommandError/notInTopList(_:count:quote:source:)``.
    public init(_ asset: AssetSymbol, feed: MarketFeed, quote: AssetSymbol, books: OpenBooks?, context: AppContext)
        throws
    {
        let fetched = try feed.topList(count: 100, in: quote, assetClass: .crypto)
        list = fetched.value
        fetchedAt = fetched.fetchedAt
        guard let entry = list.entries.first(where: { $0.symbol == asset }) else {
            throw MarketCommandError.notInTopList(asset, count: list.entries.count, quote: quote, source: list.source)
        }
        self.entry = entry
        share =
            feed.totalMarketCap(in: quote).flatMap {
                MarketShare(marketCap: entry.marketCap, total: $0.total, basis: .wholeMarket(source: $0.source))
            }
            ?? MarketShare.ofTopList(entry, in: list)
        holding = try books.flatMap {
            try Self.holding(asset, price: entry.price, quote: quote, store: $0, context: context)
        }
        favorite = try books.map { try Watchlist.read($0.settings).contains(asset) } ?? false
    }

    /// The ledger's position in `asset` (replayed with FIFO lots, cost in `quote`), valued at `price`.
    public static func holding(
        _ asset: AssetSymbol, price: ExactDecimal?, quote: AssetSymbol, store: OpenBooks, context: AppContext
    ) throws -> CoinHolding? {
        let runner = try ReplayRunner(store: store, context: context)
        let options = ValuationOptions(currency: quote, asOf: context.now)
        let report = HoldingsReport(state: try runner.replay(options), prices: runner.prices)
        var holding = CoinHolding(rows: report.rows, asset: asset, price: price, currency: quote)
        if holding?.costComplete == false { holding?.unvaluedEvents = MissingPrice.eventCount(report.missingPrices) }
        return holding
    }
}
