import LedgerCore

extension LedgerMarketCache {
    /// The currencies some top list has been cached in, in alphabetical order.
    public func cachedTopListQuotes() throws -> [AssetSymbol] {
        try ledger.rows("SELECT DISTINCT quote FROM top_lists ORDER BY quote", []) { AssetSymbol($0.text(0) ?? "") }
            .compactMap { $0 }
    }
}
