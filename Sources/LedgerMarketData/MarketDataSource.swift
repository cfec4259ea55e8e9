import LedgerCore

/// A vendor of market data. Each adapter implements what its API offers; the rest throws
/// ``MarketDataError/unsupported(source:operation:)`` (the default implementations below).
///
/// Calls block until the answer is in; every one goes through ``MarketHTTP``, so timeouts,
/// retries, rate limits and the per-source minimum interval apply.
public protocol MarketDataSource: Sendable {
    /// A short name stored with everything it supplied (`coingecko`).
    var name: String { get }

    /// The latest price of each asset in `quote`, in as few requests as the API allows.
    /// Assets the source does not know are listed in the batch's failures, not thrown.
    func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch

    /// One price per day from `start` through `end`: the day's close, stamped at its last
    /// second (23:59:59 UTC; now while the day is still open), so a valuation earlier that day
    /// uses the day before. Currencies (Frankfurter) give the ECB rates, stamped when published.
    func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]

    /// The most days of history one request returns (nil: any span in one request). A longer
    /// ``dailyPrices(of:in:from:through:)`` still works, in several requests.
    var historyDaysPerRequest: Int? { get }

    /// The last `count` candles of one width, oldest first (the last may still be open).
    func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]

    /// The top `count` assets by market capitalisation, priced in `quote`.
    func topList(count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList

    /// A predefined screen of stocks or ETFs (`most_actives`), at most `count` of them, each
    /// priced in its own listing's currency; `quote` is only the list's label.
    func screen(_ screen: StockScreen, count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList

    /// Assets whose name or symbol matches `query`, best first.
    func search(_ query: String) throws(MarketDataError) -> [AssetSearchResult]

    /// Reference FX rates of `base`: the latest (date nil) or those published for `date`.
    func fxRates(base: AssetSymbol, on date: LocalDate?) throws(MarketDataError) -> FXRates
}

extension MarketDataSource {
    public var historyDaysPerRequest: Int? { nil }

    public func latestPrices(of assets: [AssetSymbol], in quote: AssetSymbol) throws(MarketDataError) -> PriceBatch {
        throw .unsupported(source: name, operation: "latest prices")
    }

    public func dailyPrices(of asset: AssetSymbol, in quote: AssetSymbol, from start: LocalDate, through end: LocalDate)
        throws(MarketDataError) -> [PriceObservation]
    {
        throw .unsupported(source: name, operation: "daily price history")
    }

    public func candles(of asset: AssetSymbol, in quote: AssetSymbol, interval: CandleInterval, count: Int)
        throws(MarketDataError) -> [Candle]
    {
        throw .unsupported(source: name, operation: "\(interval) candles")
    }

    public func topList(count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        throw .unsupported(source: name, operation: "a top list")
    }

    public func screen(_ screen: StockScreen, count: Int, in quote: AssetSymbol) throws(MarketDataError) -> TopList {
        throw .unsupported(source: name, operation: "\(screen.assetClass) screens")
    }

    public func search(_ query: String) throws(MarketDataError) -> [AssetSearchResult] {
        throw .unsupported(source: name, operation: "search")
    }

    public func fxRates(base: AssetSymbol, on date: LocalDate?) throws(MarketDataError) -> FXRates {
        throw .unsupported(source: name, operation: "FX rates")
    }
}

/// The answer to a request for many latest prices: what was observed, and why each asset
/// that got no price got none.
public struct PriceBatch: Sendable, Equatable {
    public var observations: [PriceObservation]
    /// The requested assets the observations cover (for FX, the observation may be of the
    /// quote in the asset rather than the other way round).
    public var covered: Set<AssetSymbol>
    public var failures: [AssetSymbol: MarketDataError]

    public init(
        observations: [PriceObservation] = [], covered: Set<AssetSymbol>? = nil,
        failures: [AssetSymbol: MarketDataError] = [:]
    ) {
        self.observations = observations
        self.covered = covered ?? Set(observations.map(\.asset))
        self.failures = failures
    }
}
