import LedgerCore
import LedgerStore

/// The price table of a ledger as `prices set|import|show|fetch`, `convert` and `chart` read
/// and write it.
extension Ledger {
    /// Every recorded price of `asset` (of every asset for nil), as the store keeps them.
    public func recordedPrices(of asset: AssetSymbol?) throws -> [RecordedPrice] {
        try prices.observations(asset: asset)
    }

    /// Records `observations` and the published `rates`, all fetched (or typed) at `fetchedAt`.
    public func record(_ observations: [PriceObservation], rates: [FXRates] = [], fetchedAt: Timestamp) throws {
        try prices.record(observations, fetchedAt: fetchedAt)
        for published in rates { try market.recordFXRates(published, fetchedAt: fetchedAt) }
    }
}

extension FetchResult {
    /// Records what was fetched (the prices, then the published rates).
    public func record(in store: Ledger, fetchedAt: Timestamp) throws {
        try store.record(observations, rates: fxRates, fetchedAt: fetchedAt)
    }
}

extension FetchTargets {
    /// The assets `named` (else every holding and watched coin of the books) in `quote`.
    public init(named: [String], in store: any BookStores, quote: AssetSymbol) throws {
        try self.init(named: named, events: store.events, settings: store.settings, quote: quote)
    }
}

extension RecordedPriceCandles {
    /// ``candles(_:in:since:from:)`` from the prices `ledger` records.
    public static func candles(_ asset: AssetSymbol, in quote: AssetSymbol, since: Timestamp, recordedIn ledger: Ledger)
        throws -> [Candle]
    {
        try candles(asset, in: quote, since: since, from: ledger.prices)
    }
}
