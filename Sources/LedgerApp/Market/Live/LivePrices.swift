import LedgerCore
import LedgerStore
import Synchronization

/// The latest prices the server's live pages stream (`GET /live/prices`): one table per server
/// on ledger files (held by its market state, never process-wide), one for every server on a
/// database (kept there: ``SharedValueStore``), so a hundred open pages on BTC cost the
/// sources one request per interval, not a hundred, and every server streams the same quote.
/// A price older than the interval is fetched again through the same sources, fallback order
/// and pacing as `ledger prices fetch` (``fetch(_:of:in:cache:context:)``); one fetch at a
/// time in a process. Like ``PortfolioCache`` and ``ReturnsCache``, it keeps answers; unlike
/// them its answers come from the sources, not a ledger, so what keeps them is their age.
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

    private let table: any SharedValueStore
    private let fetching = Mutex(())
    private let clockMilliseconds: @Sendable () -> UInt64

    /// A table whose ages are read on `clockMilliseconds` (the server's clock: the wall clock,
    /// so that servers sharing `table` agree), kept in `table` (this process's memory unless
    /// given the database's).
    public init(
        clockMilliseconds: @escaping @Sendable () -> UInt64, table: any SharedValueStore = MemorySharedValues()
    ) {
        self.clockMilliseconds = clockMilliseconds
        self.table = table
    }

    /// The newest price of each of `assets` in `currency`, in their order: those kept for less
    /// than `maxAgeMilliseconds` as kept, the others asked of `fetch` (given only the stale
    /// ones, once for all the streams of this process waiting on them). An asset no source
    /// prices is left out.
    public func latest(
        _ assets: [AssetSymbol], in currency: AssetSymbol, maxAgeMilliseconds: UInt64,
        fetch: ([AssetSymbol]) throws -> [PriceObservation]
    ) throws -> [Quote] {
        func stale(_ kept: [AssetSymbol: Kept]) -> [AssetSymbol] {
            let now = clockMilliseconds()
            // Either way round: another server's clock may be a little ahead of this one's.
            return assets.filter { asset in
                guard let fetched = kept[asset]?.fetchedAtMilliseconds else { return true }
                return (now >= fetched ? now - fetched : fetched - now) >= maxAgeMilliseconds
            }
        }
        var kept = try read(assets, in: currency)
        if !stale(kept).isEmpty {
            try fetching.withLock { _ in
                kept = try read(assets, in: currency)
                let missing = stale(kept)
                guard !missing.isEmpty else { return }
                try keep(try fetch(missing), in: currency)
                kept = try read(assets, in: currency)
            }
        }
        return assets.compactMap { kept[$0]?.quote }
    }

    /// The kept quotes of `assets` in `currency` (one read of the table).
    private func read(_ assets: [AssetSymbol], in currency: AssetSymbol) throws -> [AssetSymbol: Kept] {
        let texts = try table.values(assets.map { Self.key($0, currency) })
        var kept: [AssetSymbol: Kept] = [:]
        for asset in assets {
            guard let text = texts[Self.key(asset, currency)] else { continue }
            let words = text.split(separator: " ")
            guard words.count == 3, let price = ExactDecimal(String(words[0])),
                let observed = Int64(words[1]), let fetched = UInt64(words[2])
            else { continue }
            let quote = Quote(
                asset: asset, currency: currency, price: price, observedAt: Timestamp(secondsSinceEpoch: observed))
            kept[asset] = Kept(quote: quote, fetchedAtMilliseconds: fetched)
        }
        return kept
    }

    /// Keeps `observations` in `currency` as fetched now: `PRICE OBSERVED_AT FETCHED_MS`.
    private func keep(_ observations: [PriceObservation], in currency: AssetSymbol) throws {
        let now = clockMilliseconds()
        var texts: [String: String] = [:]
        for observation in observations where observation.quote == currency {
            texts[Self.key(observation.asset, currency)] =
                "\(observation.price.formatted()) \(observation.observedAt.secondsSinceEpoch) \(now)"
        }
        try table.setValues(texts)
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
        "live " + asset.text + "/" + currency.text
    }
}
