import LedgerCore
import LedgerMarketData
import LedgerStore

/// How the market commands get their data: from the sources (in the fallback order) into the
/// cache, or from the cache alone with `--offline`. The first fetch that fails prints one
/// warning, with the age of the cached data used instead, and sends the rest of the command
/// to the cache. What was fetched is written only by ``commit()``, so a failing command
/// leaves the ledger as it was.
public final class MarketFeed {
    /// The market data read and, unless ``recordInto`` is given, written.
    public let store: any MarketStores
    /// The user's books, for their watchlist (nil: none, as on the server's shared pages).
    public let books: (any BookStores)?
    public let context: MarketContext
    public let now: Timestamp
    let setup: MarketSetup
    public internal(set) var offline: Bool
    var lists: [TopList] = []
    /// The cached lists read so far (by quote and screen; nil: none cached): each is read once.
    private var readLists: [ListKey: Fetched<TopList>?] = [:]
    private var candles: [Candle] = []
    /// The store to record into when it differs from `store` (a ledger that did not exist
    /// yet: it is created only when there is something to record).
    private let recordInto: (() throws -> any MarketStores)?

    /// The sources that offer a top list (the others answer `unsupported` without a request).
    public static let topListSources = ["coingecko", "cryptocompare"]
    /// Most coins one request returns (CoinGecko's largest page).
    public static let maxCount = 250

    public init(
        store: any MarketStores, books: (any BookStores)? = nil, context: MarketContext, offline: Bool,
        recordInto: (() throws -> any MarketStores)? = nil
    ) throws {
        self.store = store
        self.books = books
        self.recordInto = recordInto
        self.context = context
        now = context.now
        self.offline = offline
        // Read even offline: the fallback order decides which classes have a top list.
        setup = try MarketSetup(store: store, context: context)
    }

    /// A feed that sends through `setup`, sharing its HTTP layer (pacing, request counts) with
    /// the rest of one run (the server's fetcher), and records into its store.
    public init(setup: MarketSetup, offline: Bool) {
        self.setup = setup
        store = setup.store
        books = nil
        context = setup.context
        now = context.now
        self.offline = offline
        recordInto = nil
    }

    /// The top list of at least `count` coins in `quote` (fetched as at least 100, so that
    /// paging and sorting work on the same list), fresh or cached.
    public func topList(count: Int, in quote: AssetSymbol, assetClass: AssetClass) throws -> Fetched<TopList> {
        let order = setup.order(for: assetClass, forced: nil)
        let offering = order.filter(Self.topListSources.contains)
        guard !offering.isEmpty else {
            let asked =
                order.isEmpty
                ? "no source is configured"
                : order.joined(separator: ", ") + " offer\(order.count == 1 ? "s" : "") none"
            throw MarketServiceError.noTopList(assetClass: assetClass, asked: asked, from: Self.topListSources)
        }
        var problems: [MarketDataError] = []
        if !offline {
            for name in offering {
                do {
                    let list = try setup.source(name).topList(count: min(max(count, 100), Self.maxCount), in: quote)
                    lists.append(list)
                    return Fetched(list, fetchedAt: now)
                } catch let error as MarketDataError {
                    problems.append(error)
                }
            }
        }
        let cached = try cachedList(in: quote, screen: nil)
        // With nothing cached the error below says it all; no warning first.
        if cached == nil {
            offline = offline || !problems.isEmpty
        } else {
            try fellBack(problems, what: "the top list", cached: cached.map { ($0.fetchedAt, $0.value.source) })
        }
        guard let cached else { throw missing("no top list in \(quote) is cached", problems) }
        return cached
    }

    /// The whole market's capitalisation from CoinGecko `/global`; nil offline or on failure
    /// (the caller then shares of the top list instead).
    public func totalMarketCap(in quote: AssetSymbol) -> (total: ExactDecimal, source: String)? {
        guard !offline, let source = try? setup.source("coingecko") as? CoinGeckoSource else { return nil }
        // A failure here is not worth a warning: the share is then of the top list, and says so.
        return (try? source.totalMarketCap(in: quote)).map { ($0, source.name) }
    }

    /// The last `count` daily candles of `asset`, fetched from the first source of its class
    /// that has candles, else from the cache.
    public func dailyCandles(_ asset: Asset, in quote: AssetSymbol, count: Int) throws -> [Candle] {
        var problems: [MarketDataError] = []
        if !offline {
            for name in setup.order(for: asset.assetClass, forced: nil) {
                do {
                    let fetched = try setup.source(name).candles(
                        of: asset.symbol, in: quote, interval: .day, count: count)
                    candles += fetched
                    return fetched
                } catch let error as MarketDataError {
                    if case .unsupported = error { continue }
                    problems.append(error)
                }
            }
        }
        let cached = try store.market.candles(of: asset.symbol, in: quote, interval: .day)
        try fellBack(
            problems, what: "daily candles of \(asset.symbol)",
            cached: cached.last.map { ($0.fetchedAt, $0.value.source) })
        return Self.latestPerDay(cached.map(\.value)).suffix(count)
    }

    /// The sources of `assetClass` in the configured fallback order.
    public func sourceOrder(for assetClass: AssetClass) -> [String] {
        setup.order(for: assetClass, forced: nil)
    }

    public func source(_ name: String) throws -> any MarketDataSource {
        try setup.source(name)
    }

    /// Writes what was fetched (call once the command has succeeded).
    public func commit() throws {
        guard !lists.isEmpty || !candles.isEmpty || recordInto == nil else { return }
        let target = try recordInto?() ?? store
        for list in lists { try target.market.recordTopList(list, fetchedAt: now) }
        if !candles.isEmpty { try target.market.recordCandles(candles, fetchedAt: now) }
        if recordInto == nil { try setup.commit() }
    }

    /// `2024-06-01T12:00:03Z (5 min ago)`.
    public func freshness(_ fetchedAt: Timestamp) -> String {
        "\(fetchedAt) (\(Age.ago(fetchedAt, now: now)))"
    }

    /// After failures: one warning naming them and the cache used instead, then offline.
    public func fellBack(
        _ problems: [MarketDataError], what: String, cached: (Timestamp, String)?, using: String? = nil
    )
        throws
    {
        guard !problems.isEmpty else { return }
        let reasons = problems.map(\.description).joined(separator: "; ")
        if !offline {
            let fallback =
                using ?? cached.map { "using the cached copy from \(Age.ago($0.0, now: now)) (\($0.1))" }
                ?? "nothing is cached"
            context.notices.warning("could not fetch \(what): \(reasons); \(fallback)")
        }
        offline = true
    }

    public func missing(_ what: String, _ problems: [MarketDataError]) -> MarketServiceError {
        if problems.isEmpty { return .notCached(what) }
        return .notCachedNorFetched(what, reasons: problems.map(\.description).joined(separator: "; "))
    }

    /// One candle per day (the most recently fetched source's), oldest first.
    public static func latestPerDay(_ candles: [Candle]) -> [Candle] {
        var byDay: [Timestamp: Candle] = [:]
        for candle in candles { byDay[candle.openedAt] = candle }
        return byDay.keys.sorted().map { byDay[$0]! }
    }
}

extension MarketFeed {
    struct ListKey: Hashable {
        let quote: AssetSymbol
        let screen: StockScreen?
    }

    /// A feed that sends no request while the newest list cached in `quote` (`screen`'s, when
    /// given) is younger than `lifetime` seconds and holds `count` entries (100 suffice): how
    /// the server's pages read the shared cache, which its fetcher keeps fresh. The list read
    /// to decide is the one the feed then serves (read once).
    public static func cachedWhileFresh(
        store: any MarketStores, context: MarketContext, quote: AssetSymbol, screen: StockScreen?, count: Int,
        lifetime: Int64
    ) throws -> MarketFeed {
        let cached = try store.market.latestTopList(in: quote, screen: screen)
        let fresh = cached.map {
            context.now.secondsSinceEpoch - $0.fetchedAt.secondsSinceEpoch < lifetime
                && $0.value.entries.count >= min(count, 100)
        }
        let feed = try MarketFeed(store: store, context: context, offline: fresh ?? false)
        feed.readLists[ListKey(quote: quote, screen: screen)] = .some(cached)
        return feed
    }

    /// The newest list cached in `quote` (`screen`'s, when given), read from the store once.
    func cachedList(in quote: AssetSymbol, screen: StockScreen?) throws -> Fetched<TopList>? {
        let key = ListKey(quote: quote, screen: screen)
        if let known = readLists[key] { return known }
        let read = try store.market.latestTopList(in: quote, screen: screen)
        readLists[key] = .some(read)
        return read
    }
}
