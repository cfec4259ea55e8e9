import LedgerApp
import LedgerCore
import Synchronization

/// The latest prices the live pages stream (``LiveRoutes``): one table for the whole server,
/// so a hundred open pages on BTC cost the sources one request per ``ServerMarket/liveInterval``,
/// not a hundred. A price older than the interval is fetched again through the same sources,
/// fallback order and pacing as `ledger prices fetch`; one fetch at a time.
final class LivePrices: Sendable {
    struct Quote: Sendable, Equatable {
        let asset: AssetSymbol
        let currency: AssetSymbol
        let price: ExactDecimal
        let observedAt: Timestamp
    }

    private struct Kept {
        var quote: Quote
        var fetchedAtMilliseconds: UInt64
    }

    private let table = Mutex<[String: Kept]>([:])
    private let fetching = Mutex(())

    init() {}

    /// The newest price of each of `assets` (of `assetClass`, else the class a symbol implies)
    /// in `currency`, fetched when the kept one is older than `maxAgeMilliseconds`; an asset no
    /// source prices is left out.
    func latest(
        _ assets: [AssetSymbol], of assetClass: AssetClass?, in currency: AssetSymbol, state: ServerState,
        maxAgeMilliseconds: UInt64
    ) throws -> [Quote] {
        func stale() -> [AssetSymbol] {
            let now = state.clockMilliseconds()
            return table.withLock { kept in
                assets.filter { asset in
                    kept[Self.key(asset, currency)].map { now - $0.fetchedAtMilliseconds >= maxAgeMilliseconds } ?? true
                }
            }
        }
        if !stale().isEmpty {
            try fetching.withLock { _ in
                let missing = stale()
                if !missing.isEmpty { try fetch(missing, of: assetClass, in: currency, state: state) }
            }
        }
        return table.withLock { kept in assets.compactMap { kept[Self.key($0, currency)]?.quote } }
    }

    private func fetch(
        _ assets: [AssetSymbol], of assetClass: AssetClass?, in currency: AssetSymbol, state: ServerState
    )
        throws
    {
        let context = state.marketContext(notices: CollectedNotices(), interactive: true)
        let setup = try MarketSetup(store: try state.openMarketCache(context.app), context: context)
        let fetcher = PriceFetcher(setup: setup, forcedSource: nil, progress: Progress(context: context))
        let result = try fetcher.latest(
            FetchTargets(assets: assets.map { ($0, assetClass ?? $0.inferredClass) }), in: currency)
        try setup.commit()
        let now = state.clockMilliseconds()
        table.withLock { kept in
            for observation in result.observations where observation.quote == currency {
                let quote = Quote(
                    asset: observation.asset, currency: currency, price: observation.price,
                    observedAt: observation.observedAt)
                kept[Self.key(observation.asset, currency)] = Kept(quote: quote, fetchedAtMilliseconds: now)
            }
        }
    }

    private static func key(_ asset: AssetSymbol, _ currency: AssetSymbol) -> String {
        asset.text + "/" + currency.text
    }
}
