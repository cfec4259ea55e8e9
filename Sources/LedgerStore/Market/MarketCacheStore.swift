import LedgerCore

/// The market-data cache of a ledger file (``LedgerMarketCache``): candles, top lists, FX
/// rates, symbol ids and conversions, each with its fetch time.
public protocol MarketCacheStore {
    func recordCandles(_ candles: [Candle], fetchedAt: Timestamp) throws
    func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval) throws -> [Fetched<Candle>]
    func recordTopList(_ list: TopList, fetchedAt: Timestamp) throws
    func latestTopList(in quote: AssetSymbol) throws -> Fetched<TopList>?
    func cachedTopListQuotes() throws -> [AssetSymbol]
    /// Records published FX rates, and the same rates as price observations.
    func recordFXRates(_ rates: FXRates, fetchedAt: Timestamp) throws
    func fxRateDate(_ first: AssetSymbol, _ second: AssetSymbol, onOrBefore date: LocalDate) throws
        -> Fetched<LocalDate>?
    func replaceSymbolIDs(_ entries: [SymbolIDRecord], source: String, fetchedAt: Timestamp) throws
    func symbolIDs(source: String) throws -> Fetched<[SymbolIDRecord]>?
    func recordConversion(_ conversion: ConversionRecord) throws
    /// Recorded conversions, newest first (at most `limit`).
    func conversions(limit: Int) throws -> [ConversionRecord]
}
