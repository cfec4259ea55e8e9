import LedgerCore
import LedgerMarketData
import LedgerStore

/// The news use case: headlines fetched from the source of each asset's class, recorded in
/// the ledger's cache, or read from the cache alone (`--offline`). When a source fails, the
/// cached headlines of its assets are used instead, with one warning saying how old they are.
/// What was fetched is written only by ``commit()``.
public final class NewsFeed {
    /// The market data whose headlines are read and, unless `recordInto` is given, written.
    public let store: any MarketStores
    /// The user's books, for the classes of their assets (nil: a symbol's class is the
    /// request's, else crypto).
    public let books: (any BookStores)?
    public let context: MarketContext
    public let now: Timestamp
    public private(set) var offline: Bool
    private let setup: MarketSetup
    private let recordInto: (() throws -> any MarketStores)?
    private var pending: [Headline] = []

    /// Most headlines one command shows.
    public static let maxLimit = 100
    /// The source of crypto headlines (and of symbols the ledger does not know).
    public static let cryptoSource = "cryptocompare"
    /// The source of stock and ETF headlines.
    public static let stockSource = "yahoo"

    /// `store` is read for the cache, `books` for the classes of assets; `recordInto`, when
    /// given, is the store to record into instead (one created only when something was fetched).
    public init(
        store: any MarketStores, books: (any BookStores)? = nil, context: MarketContext, offline: Bool,
        recordInto: (() throws -> any MarketStores)? = nil
    ) throws {
        self.store = store
        self.books = books
        self.context = context
        self.offline = offline
        self.recordInto = recordInto
        now = context.now
        setup = try MarketSetup(store: store, context: context)
    }

    /// A feed sending through `setup` (sharing its HTTP layer) and recording into its store.
    public init(setup: MarketSetup, offline: Bool) {
        self.setup = setup
        store = setup.store
        books = nil
        context = setup.context
        now = context.now
        self.offline = offline
        recordInto = nil
    }

    /// The headlines `request` asks for, arranged and cut to its limit. Throws
    /// ``NewsError/nothingCached(about:)`` offline with nothing cached, and
    /// ``NewsError/nothingCachedNorFetched(about:reasons:)`` when every fetch failed and
    /// nothing is cached; an empty list means the sources have no headlines.
    public func headlines(_ request: NewsRequest) throws -> [Headline] {
        var found: [Headline] = []
        var failed: [AssetSymbol] = []
        var problems: [MarketDataError] = []
        if !offline {
            for (name, symbols) in try routes(request) {
                do {
                    let query = NewsQuery(
                        symbols: symbols, language: request.language, limit: request.limit, since: request.since)
                    let fetched = try newsSource(name).headlines(query)
                    pending += fetched
                    found += fetched
                } catch let error as MarketDataError {
                    problems.append(error)
                    failed += symbols
                }
            }
            if problems.isEmpty { return request.order.arrange(found, limit: request.limit) }
        }
        let cached = try store.news.headlines(
            about: offline ? request.symbols : failed, language: request.language, since: request.since,
            limit: request.limit)
        let reasons = problems.map(\.description).joined(separator: "; ")
        if found.isEmpty && cached.isEmpty {
            if problems.isEmpty { throw NewsError.nothingCached(about: request.symbols) }
            throw NewsError.nothingCachedNorFetched(about: request.symbols, reasons: reasons)
        }
        if !problems.isEmpty {
            warnFellBack(reasons, failed, cached: cached)
            offline = true
        }
        return request.order.arrange(found + cached.map(\.value), limit: request.limit)
    }

    /// Which source to ask about which symbols: listed assets, stocks, ETFs, funds, ADRs… (by `--class`, else the class
    /// the ledger recorded) to ``stockSource``, the rest and unknown symbols to ``cryptoSource``,
    /// which also serves the general feed.
    func routes(_ request: NewsRequest) throws -> [(String, [AssetSymbol])] {
        guard !request.symbols.isEmpty else { return [(Self.cryptoSource, [])] }
        var crypto: [AssetSymbol] = []
        var stocks: [AssetSymbol] = []
        for symbol in request.symbols {
            let assetClass = try request.assetClass ?? books?.events.assetClass(of: symbol) ?? .crypto
            if assetClass.isListed { stocks.append(symbol) } else { crypto.append(symbol) }
        }
        return [(Self.cryptoSource, crypto), (Self.stockSource, stocks)].filter { !$0.1.isEmpty }
    }

    private func newsSource(_ name: String) throws -> any NewsSource {
        guard let source = try setup.source(name) as? any NewsSource else {
            throw MarketDataError.unsupported(source: name, operation: "news")
        }
        return source
    }

    /// After failures: one warning naming them and how old the cached headlines used are.
    private func warnFellBack(_ reasons: String, _ symbols: [AssetSymbol], cached: [Fetched<Headline>]) {
        let fallback =
            cached.map(\.fetchedAt).max().map {
                "using \(cached.count) cached headline\(cached.count == 1 ? "" : "s") fetched \(Age.ago($0, now: now))"
            } ?? "none are cached"
        context.notices.warning("could not fetch headlines\(NewsError.about(symbols)): \(reasons); \(fallback)")
    }

    /// Writes what was fetched (call once the command has succeeded).
    public func commit() throws {
        guard !pending.isEmpty else { return }
        let target = try recordInto?() ?? store
        try target.news.record(pending, fetchedAt: now)
        pending = []
    }
}
