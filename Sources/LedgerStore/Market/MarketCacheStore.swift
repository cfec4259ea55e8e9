import LedgerCore

/// The market-data cache: candles, top lists, FX rates' dates and symbol ids, each with its
/// fetch time. Market data, not anyone's books: a ledger file keeps its own
/// (``LedgerMarketCache``), a server on PostgreSQL one for all its users (LedgerStorePostgres's
/// `PostgresMarketCache`).
public protocol MarketCacheStore {
    func recordCandles(_ candles: [Candle], fetchedAt: Timestamp) throws
    func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval) throws -> [Fetched<Candle>]
    /// Records a top list or screen as fetched at `fetchedAt` (earlier lists are kept), under
    /// its ``TopList/cacheKey``.
    func recordTopList(_ list: TopList, fetchedAt: Timestamp) throws
    /// The most recently fetched list in `quote`: of `screen`, or of coins by market cap.
    func latestTopList(in quote: AssetSymbol, screen: StockScreen?) throws -> Fetched<TopList>?
    /// The currencies some list of coins by market cap has been cached in, alphabetically.
    func cachedTopListQuotes() throws -> [AssetSymbol]
    /// Records published FX rates (a ledger file also records them as price observations, which
    /// its valuation reads).
    func recordFXRates(_ rates: FXRates, fetchedAt: Timestamp) throws
    /// The publication date of the newest cached FX rate between two currencies (either way
    /// round) on or before `date`, with its fetch time.
    func fxRateDate(_ first: AssetSymbol, _ second: AssetSymbol, onOrBefore date: LocalDate) throws
        -> Fetched<LocalDate>?
    /// Replaces the cached symbol → id map of `source`.
    func replaceSymbolIDs(_ entries: [SymbolIDRecord], source: String, fetchedAt: Timestamp) throws
    /// The cached symbol → id map of `source` (by id) and when its oldest entry was fetched.
    func symbolIDs(source: String) throws -> Fetched<[SymbolIDRecord]>?
}

extension MarketCacheStore {
    /// The most recently fetched list of coins by market cap in `quote` (from any source).
    public func latestTopList(in quote: AssetSymbol) throws -> Fetched<TopList>? {
        try latestTopList(in: quote, screen: nil)
    }
}

/// The headlines cache: `ledger news` and the market pages write it; `news --offline`,
/// `report --news` and the fallback after a failed fetch read it. Market data like the
/// cache above (``LedgerNews``; on PostgreSQL, `PostgresNews`).
public protocol NewsStore {
    /// Records headlines in one transaction. A headline already cached (same source and id)
    /// is updated in place, and keeps the symbols it had besides the new ones.
    func record(_ headlines: [Headline], fetchedAt: Timestamp) throws
    /// The newest cached headlines about any of `symbols` (every headline when empty), in
    /// `language` (or with none recorded), published at or after `since`; newest first.
    func headlines(about symbols: [AssetSymbol], language: String?, since: Timestamp?, limit: Int) throws
        -> [Fetched<Headline>]
    /// How many headlines are cached.
    func count() throws -> Int
}

/// The market data the market use cases read and write: the cache and the headlines. A ledger
/// file is one (the CLI's market data lives in the user's ledger); a server keeps one shared by
/// all its users: the file `DATA/market.ledger`, or its PostgreSQL database
/// (`PostgresMarketData`). Not thread-safe: one caller at a time, as a connection.
public protocol MarketStores: AnyObject {
    associatedtype MarketCache: MarketCacheStore
    associatedtype MarketNews: NewsStore

    var market: MarketCache { get }
    var news: MarketNews { get }
}

extension Ledger: MarketStores {}
extension LedgerMarketCache: MarketCacheStore {}
extension LedgerNews: NewsStore {}
