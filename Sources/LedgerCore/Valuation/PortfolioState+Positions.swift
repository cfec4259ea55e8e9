/// How a report reads a state's positions: one position by its key, or every one in turn, in
/// the order the replay first met them. The storage behind them is the fold's
/// ``PositionTable`` (docs/ARCHITECTURE.md, "The path of a report", step 4).
extension PortfolioState {
    /// The lots kept at `key` (its account is ``ValuationOptions/pooledAccount`` when pooled);
    /// nil where no lot was ever opened.
    public func book(_ key: PositionKey) -> LotBook? { positions.entry(key)?.book }

    /// The fiat balance at `key` (always per account); nil where no fiat ever moved.
    public func balance(_ key: PositionKey) -> ExactDecimal? { positions.entry(key)?.fiat }

    /// What `key` holds when lots are not kept (``keepsLots``); nil where nothing was held.
    public func held(_ key: PositionKey) -> ExactDecimal? { positions.entry(key)?.held }

    /// Every book with its position, empty ones included.
    public func forEachBook(_ body: (PositionKey, LotBook) throws -> Void) rethrows {
        for entry in positions.entries { if let book = entry.book { try body(entry.key, book) } }
    }

    /// Every fiat balance with its position, zeros included.
    public func forEachBalance(_ body: (PositionKey, ExactDecimal) throws -> Void) rethrows {
        for entry in positions.entries { if let balance = entry.fiat { try body(entry.key, balance) } }
    }

    /// Every held quantity with its position, when lots are not kept (``keepsLots``).
    public func forEachHeld(_ body: (PositionKey, ExactDecimal) throws -> Void) rethrows {
        for entry in positions.entries { if let held = entry.held { try body(entry.key, held) } }
    }

    /// The positions with a book of `asset`, by account.
    public func bookKeys(of asset: AssetSymbol) -> [PositionKey] {
        positions.slots(of: asset).filter { positions.entries[$0].book != nil }.map { positions.entries[$0].key }
            .sorted { $0.account < $1.account }
    }

    /// The class `symbol` was last recorded with, if it was seen.
    public func assetClass(of symbol: AssetSymbol) -> AssetClass? {
        positions.id(of: symbol).flatMap { positions.classes[$0] }
    }
}
