import LedgerCore
import LedgerStore

/// A top list the shared market cache holds, and when it was fetched.
public struct CachedTopList: Sendable {
    public let list: TopList
    public let fetchedAt: Timestamp
}

extension MarketStores {
    /// The newest top list cached in `quote` (the stock or ETF `screen`'s, when given), nil
    /// when none is.
    public func cachedTopList(in quote: AssetSymbol, screen: StockScreen? = nil) throws -> CachedTopList? {
        try market.latestTopList(in: quote, screen: screen).map {
            CachedTopList(list: $0.value, fetchedAt: $0.fetchedAt)
        }
    }
}

extension Watchlist {
    /// The symbols `ledger` watches (none without a ledger).
    public static func watched(in ledger: OpenBooks?) throws -> [AssetSymbol] {
        try ledger.map { try read($0.settings) } ?? []
    }
}

extension MarketStores {
    /// Records the published `rates` (fetched with prices) in the market cache.
    public func recordRates(_ rates: [FXRates], fetchedAt: Timestamp) throws {
        for published in rates { try market.recordFXRates(published, fetchedAt: fetchedAt) }
    }
}
