import LedgerCore
import LedgerStore

extension ReportNews {
    /// Headlines `report --news` shows.
    public static let limit = 10

    /// The newest cached headlines about the assets `report` holds (fiat aside), and those held
    /// assets the cache has none about. Read from the cache alone: a report sends no request.
    /// The cache is a ledger file's (books that hold market data); books kept elsewhere (a
    /// server's database) have none cached.
    public static func cached(in books: any BookStores, for report: PeriodReport) throws -> ReportNews {
        var held: [AssetSymbol] = []
        for row in report.holdings.rows where row.assetClass != .fiat && row.quantity.isPositive {
            if !held.contains(row.asset) { held.append(row.asset) }
        }
        guard let store = books as? any MarketStores, !held.isEmpty else {
            return ReportNews(headlines: [], uncached: held)
        }
        let headlines = try store.news.headlines(about: held, language: nil, since: nil, limit: limit).map(\.value)
        let uncached = try held.filter {
            try store.news.headlines(about: [$0], language: nil, since: nil, limit: 1).isEmpty
        }
        return ReportNews(headlines: headlines, uncached: uncached)
    }
}
