import LedgerApp
import LedgerCore
import LedgerInterchange

/// What the coin page charts: the last `days` days in daily candles (`?days=30`), or an
/// intraday range as `ledger chart --range` takes it (`?range=10m|10h`) in about ten candles
/// (``ChartPlan`` picks 1-minute candles for 10m, hourly for 10h).
enum ChartSpan: Equatable, Sendable {
    case days(Int)
    case range(String)

    /// The intraday ranges the page offers.
    static let ranges = ["10m", "10h"]
    /// Candles an intraday chart holds at most (the narrowest width that fits is taken).
    static let intradaySlots = 12

    /// `range` when given (one of ``ranges``), else `days` (default 30, 1 to 365).
    static func parse(_ fields: MarketFields) throws -> ChartSpan {
        if let range = fields["range"] {
            guard ranges.contains(range) else { throw ChartSpanError.notARange(range) }
            return .range(range)
        }
        return .days(try CoinChart.days(fields))
    }

    func plan(now: Timestamp) -> ChartPlan {
        switch self {
        case .days(let days):
            ChartPlan(range: Int64(days) * 86_400, interval: ChartInterval(seconds: 86_400)!, slots: days, now: now)
        case .range(let text):
            ChartPlan(range: ChartPlan.parseRange(text)!, interval: nil, slots: Self.intradaySlots, now: now)
        }
    }

    /// `daily, last 30 days`, `1m candles, last 10m`.
    var caption: String {
        switch self {
        case .days(let days): "daily, last \(days) day\(days == 1 ? "" : "s")"
        case .range(let text): "\(plan(now: Timestamp(secondsSinceEpoch: 0)).interval) candles, last \(text)"
        }
    }
}

/// A `range` the coin page does not offer.
enum ChartSpanError: UserFacingError, Equatable {
    case notARange(String)

    var category: ErrorCategory { .usage }
    var description: String {
        switch self {
        case .notARange(let text):
            "range \(text) is not offered; choose \(ChartSpan.ranges.joined(separator: " or ")), or days=N (1 to 365) for daily candles"
        }
    }
}

/// The candles of the coin page and `/api/v1/chart/SYMBOL`: `chart SYMBOL --range Nd
/// --interval 1d`, or `--range 10m|10h` (``ChartSpan``, ``ChartPlan``, ``CandleFetcher``), read
/// from the shared cache while it is fresh, else fetched and recorded there for every user.
struct CoinChart {
    let asset: AssetSymbol
    let quote: AssetSymbol
    let plan: ChartPlan
    let fetched: FetchedCandles
    /// The chart's candles, oldest first (empty when the source sent only older ones).
    let candles: [Candle]

    /// `days` (default 30), as `market show --days` checks it.
    static func days(_ fields: MarketFields) throws -> Int {
        let days = try fields.integer("days") ?? 30
        guard (1...365).contains(days) else { throw MarketCommandError.daysOutOfRange(days) }
        return days
    }

    /// `assetClass` when the page knows it (a stock's), else the books' class or the inferred one.
    init(
        _ asset: AssetSymbol, quote: AssetSymbol, span: ChartSpan, assetClass: AssetClass? = nil,
        session: MarketSession
    ) throws {
        let context = session.context
        let now = context.now
        let plan = span.plan(now: now)
        let base = plan.interval.base
        self.plan = plan
        let known = try assetClass ?? session.books.existing?.recordedClass(of: asset)
        let target = Asset(asset, class: known ?? asset.inferredClass)
        let fetched: FetchedCandles
        let cache = try CandleFetcher(
            store: session.cache, context: context, now: now, offline: true, forcedSource: nil)
        if let cached = try cache.cached(asset, quote, base, since: plan.start),
            now.secondsSinceEpoch - cached.fetchedAt.secondsSinceEpoch < session.state.marketCacheLifetime,
            cached.candles.first.map({ $0.openedAt <= plan.start }) == true
        {
            fetched = cached
        } else {
            let fetcher = try CandleFetcher(
                store: session.cache, context: context, now: now, offline: false, forcedSource: nil)
            fetched = try fetcher.candles(
                target, in: quote, interval: base, count: plan.sourceCandles(now: now), since: plan.start)
            try fetcher.commit(into: session.cache)
        }
        self.fetched = fetched
        self.asset = asset
        self.quote = quote
        candles = plan.candles(from: fetched.candles)
    }

    /// `chart -O json`: `ledger.chart/1`.
    func json() -> String {
        ChartJSON.chart(
            asset: asset, quote: candles.first?.quote ?? quote,
            range: ChartInterval(seconds: plan.range) ?? plan.interval,
            interval: plan.interval,
            origin: .init(source: fetched.source, fetchedAt: fetched.fetchedAt, cached: fetched.cached),
            candles: candles)
    }
}
