import LedgerCore
import LedgerStore
import Synchronization

/// The latest prices the server's live pages stream (`GET /live/prices`): one table per server
/// (held by its market state, never process-wide), so a hundred open pages on BTC cost the
/// sources one request per interval, not a hundred. A price older than the interval is fetched
/// again through the same sources, fallback order and pacing as `ledger prices fetch`
/// (``fetch(_:of:in:cache:context:)``); one fetch at a time. Like ``PortfolioCache`` and
/// ``ReturnsCache``, it keeps answers in memory; unlike them its answers come from the sources,
/// not a ledger, so what keeps them is their age.
public final class LivePrices: Sendable {
    /// One asset's latest price in one currency.
    public struct Quote: Sendable, Equatable {
        public let asset: AssetSymbol
        public let currency: AssetSymbol
        public let price: ExactDecimal
        public let observedAt: Timestamp

        public init(asset: AssetSymbol, currency: AssetSymbol, price: ExactDecimal, observedAt: Timestamp) {
            self.asset = asset
            self.currency = currency
            self.price = price
            self.observedAt = observedAt
        }
    }

    private struct Kept {
        var quote: Quote
        var fetchedAtMilliseconds: UInt64
    }

    private let table = Mutex<[String: Kept]>([:])
    private let fetching = Mutex(())
    private let clockMilliseconds: @Sendable () -> UInt64

    /// A table whose ages are read on `clockMilliseconds` (the server's clock).
    public init(clockMilliseconds: @escaping @Sendable () -> UInt64) {
        self.clockMilliseconds = clockMilliseconds
    }

    /// The newest price of each of `assets` in `currency`, in their order: those kept for less
    /// than `maxAgeMilliseconds` as kept, the others asked of `fetch` (given only the stale
    /// ones, once for all the streams waiting on them). An asset no source prices is left out.
    public func latest(
        _ assets: [AssetSymbol], in currency: AssetSymbol, maxAgeMilliseconds: UInt64,
        fetch: ([AssetSymbol]) throws -> [PriceObservation]
    ) throws -> [Quote] {
        func stale() -> [AssetSymbol] {
            let now = clockMilliseconds()
            return table.withLock { kept in
                assets.filter { asset in
                    guard let entry = kept[Self.key(asset, currency)] else { return true }
                    return now < entry.fetchedAtMilliseconds || now - entry.fetchedAtMilliseconds >= maxAgeMilliseconds
                }
            }
        }
        if !stale().isEmpty {
            try fetching.withLock { _ in
                let missing = stale()
                if !missing.isEmpty { keep(try fetch(missing), in: currency) }
            }
        }
        return table.withLock { kept in assets.compactMap { kept[Self.key($0, currency)]?.quote } }
    }

    private func keep(_ observations: [PriceObservation], in currency: AssetSymbol) {
        let now = clockMilliseconds()
        table.withLock { kept in
            for observation in observations where observation.quote == currency {
                let quote = Quote(
                    asset: observation.asset, currency: currency, price: observation.price,
                    observedAt: observation.observedAt)
                kept[Self.key(observation.asset, currency)] = Kept(quote: quote, fetchedAtMilliseconds: now)
            }
        }
    }

    /// The latest prices of `assets` (of `assetClass`, else the class each symbol implies) in
    /// `currency` from the sources, with `cache` (the shared market cache) keeping the coin
    /// lists the sources need; nothing else is written to it.
    public static func fetch(
        _ assets: [AssetSymbol], of assetClass: AssetClass?, in currency: AssetSymbol, cache: SharedMarket,
        context: MarketContext
    ) throws -> [PriceObservation] {
        let setup = try MarketSetup(store: cache, context: context)
        let fetcher = PriceFetcher(setup: setup, forcedSource: nil, progress: Progress(context: context))
        let result = try fetcher.latest(
            FetchTargets(assets: assets.map { ($0, assetClass ?? $0.inferredClass) }), in: currency)
        try setup.commit()
        return result.observations
    }

    private static func key(_ asset: AssetSymbol, _ currency: AssetSymbol) -> String {
        asset.text + "/" + currency.text
    }
}
