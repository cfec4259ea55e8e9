import LedgerCore
import LedgerStore

/// The watched coins as `watch list` shows them, and where their figures came from.
public struct WatchedCoins {
    public let coins: [WatchedCoin]
    /// The cached top list the figures came from (its source and when it was fetched), nil
    /// when none is cached in the quote.
    public let topList: (source: String, fetchedAt: Timestamp)?
}

/// `watch add|remove|list` on an opened ledger, or a user's books in the server's database.
extension Watchlist {
    /// Adds the symbols not watched yet; returns those it added.
    @discardableResult
    public static func add(_ wanted: [AssetSymbol], to ledger: some BookStores) throws -> [AssetSymbol] {
        try add(wanted, to: ledger.settings)
    }

    /// Removes the symbols, all or nothing (nothing is watched without a ledger).
    public static func remove(_ unwanted: [AssetSymbol], from ledger: OpenBooks?) throws {
        guard let ledger else { return try remove(unwanted, from: LedgerSettings?.none) }
        try remove(unwanted, in: ledger)
    }

    private static func remove(_ unwanted: [AssetSymbol], in books: some BookStores) throws {
        try remove(unwanted, from: books.settings)
    }

    /// The watched coins of `books` in `quote`, figures from the top list cached in
    /// `topLists` when it has them, else the newest price `books` record.
    public static func listed(_ books: some BookStores, topLists: any MarketStores, quote: AssetSymbol) throws
        -> WatchedCoins
    {
        let cached = try topLists.market.latestTopList(in: quote)
        let coins = try coins(read(books.settings), list: cached?.value, quote: quote, prices: books.prices)
        return WatchedCoins(coins: coins, topList: cached.map { ($0.value.source, $0.fetchedAt) })
    }
}
