import LedgerCore
import LedgerMarketData
import LedgerStore

/// Source candles of one pair and width, and where they came from.
public struct FetchedCandles {
    /// Oldest first, one per opening time.
    public let candles: [Candle]
    public let source: String
    /// When they were fetched: now for fresh candles, the newest fetch for cached ones.
    public let fetchedAt: Timestamp
    public let cached: Bool

    public init(candles: [Candle], source: String, fetchedAt: Timestamp, cached: Bool) {
        self.candles = candles
        self.source = source
        self.fetchedAt = fetchedAt
        self.cached = cached
    }
}

/// Gets the candles a chart needs: from the first source of the asset's class that offers
/// candles of the width (or `--source`), else from the ledger's `candles` cache. With
/// `--offline` only the cache is read. When a source fails (network, rate limit, bad body)
/// the cache is used with one warning naming its age; an unknown symbol is an error, not a
/// reason to show stale data. Fetched candles are written only by ``commit()``.
public final class CandleFetcher {
    public let store: any MarketStores
    public let context: MarketContext
    /// Nil with `--offline`.
    public let setup: MarketSetup?
    public let forcedSource: String?
    /// The command's one reading of the clock, so every age it prints agrees.
    public let now: Timestamp
    private var fetched: [Candle] = []

    public init(
        store: any MarketStores, context: MarketContext, now: Timestamp, offline: Bool, forcedSource: String?
    )
        throws
    {
        self.store = store
        self.context = context
        self.now = now
        self.forcedSource = forcedSource
        setup = offline ? nil : try MarketSetup(store: store, context: context)
    }

    /// The last `count` candles of `interval` up to now, opening at or after `since`.
    public func candles(_ asset: Asset, in quote: AssetSymbol, interval: CandleInterval, count: Int, since: Timestamp)
        throws
        -> FetchedCandles
    {
        let pair = "\(asset.symbol)/\(quote) \(interval) candles"
        guard let setup else {
            guard let cached = try self.cached(asset.symbol, quote, interval, since: since) else {
                throw MarketServiceError.noCachedCandles(pair: pair, since: since)
            }
            return cached
        }
        let sources = try setup.order(for: asset.assetClass, forced: forcedSource).map { try setup.source($0) }
        var problems: [MarketDataError] = []
        var unknown: [MarketDataError] = []
        var unsupported: [MarketDataError] = []
        for source in sources {
            let name = source.name
            do throws(MarketDataError) {
                let candles = try source.candles(of: asset.symbol, in: quote, interval: interval, count: count)
                guard !candles.isEmpty else { throw .empty(source: name, what: pair) }
                fetched += candles
                return FetchedCandles(
                    candles: Candle.aggregate(candles, every: 0), source: name, fetchedAt: now, cached: false)
            } catch {
                switch error {
                case .unsupported: unsupported.append(error)
                case .unknownSymbol, .ambiguousSymbol: unknown.append(error)
                default: problems.append(error)
                }
            }
        }
        return try fallBack(
            pair, asset, quote, interval, since: since, problems: problems, unknown: unknown, unsupported: unsupported)
    }

    /// True when candles came from a source (and ``commit(into:)`` has something to record).
    public var hasFetched: Bool { !fetched.isEmpty }

    /// Records the fetched candles in the cache of `target` (call once the command has
    /// succeeded).
    public func commit(into target: any MarketStores) throws {
        if !fetched.isEmpty { try target.market.recordCandles(fetched, fetchedAt: now) }
        if target === store { try setup?.commit() }
    }

    private func fallBack(
        _ pair: String, _ asset: Asset, _ quote: AssetSymbol, _ interval: CandleInterval, since: Timestamp,
        problems: [MarketDataError], unknown: [MarketDataError], unsupported: [MarketDataError]
    ) throws -> FetchedCandles {
        if problems.isEmpty, !unknown.isEmpty {
            let reasons = unknown.map(\.description).joined(separator: "; ")
            throw MarketServiceError.unknownSymbol(asset.symbol, reasons: reasons)
        }
        if problems.isEmpty {
            let tried =
                unsupported.isEmpty
                ? "no source is configured for \(asset.assetClass) assets; set LGR_FALLBACK_\(asset.assetClass.rawValue.uppercased())"
                : unsupported.map(\.description).joined(separator: "; ")
            throw MarketServiceError.noSourceOffers(pair: pair, tried: tried)
        }
        let reasons = problems.map(\.description).joined(separator: "; ")
        guard let cached = try self.cached(asset.symbol, quote, interval, since: since) else {
            throw MarketServiceError.candlesUnavailable(pair: pair, reasons: reasons, since: since)
        }
        let age = Age.ago(cached.fetchedAt, now: now)
        context.notices.warning(
            "could not fetch \(pair): \(reasons); using the cached candles from \(age) (\(cached.source))")
        return cached
    }

    /// The cached candles opening at or after `since`, one per opening time (the most
    /// recently fetched), or nil when there are none.
    public func cached(_ asset: AssetSymbol, _ quote: AssetSymbol, _ interval: CandleInterval, since: Timestamp) throws
        -> FetchedCandles?
    {
        let stored = try store.market.candles(of: asset, in: quote, interval: interval)
            .filter { $0.value.openedAt >= since }
            .sorted { $0.fetchedAt < $1.fetchedAt }
        guard let newest = stored.last else { return nil }
        return FetchedCandles(
            candles: Candle.aggregate(stored.map(\.value), every: 0), source: newest.value.source,
            fetchedAt: newest.fetchedAt, cached: true)
    }
}
