/// How a report reads a state's positions: one position by its key, or every one in turn.
/// The storage behind them belongs to the fold.
extension PortfolioState {
    /// The lots kept at `key` (its account is ``ValuationOptions/pooledAccount`` when pooled);
    /// nil where no lot was ever opened.
    public func book(_ key: PositionKey) -> LotBook? { books[key] }

    /// The fiat balance at `key` (always per account); nil where no fiat ever moved.
    public func balance(_ key: PositionKey) -> ExactDecimal? { fiat[key] }

    /// What `key` holds when lots are not kept (``keepsLots``); nil where nothing was held.
    public func held(_ key: PositionKey) -> ExactDecimal? { heldQuantities[key] }

    /// Every book with its position, empty ones included.
    public func forEachBook(_ body: (PositionKey, LotBook) throws -> Void) rethrows {
        for (key, book) in books { try body(key, book) }
    }

    /// Every fiat balance with its position, zeros included.
    public func forEachBalance(_ body: (PositionKey, ExactDecimal) throws -> Void) rethrows {
        for (key, balance) in fiat { try body(key, balance) }
    }

    /// Every held quantity with its position, when lots are not kept (``keepsLots``).
    public func forEachHeld(_ body: (PositionKey, ExactDecimal) throws -> Void) rethrows {
        for (key, quantity) in heldQuantities { try body(key, quantity) }
    }

    /// The positions with a book of `asset`, by account.
    public func bookKeys(of asset: AssetSymbol) -> [PositionKey] {
        books.keys.filter { $0.asset == asset }.sorted { $0.account < $1.account }
    }

    /// The class `symbol` was last recorded with, if it was seen.
    public func assetClass(of symbol: AssetSymbol) -> AssetClass? { assetClasses[symbol] }
}
