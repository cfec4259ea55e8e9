import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerStore

/// The daily candles of the coin page and `/api/v1/chart/SYMBOL`: `chart SYMBOL --range Nd
/// --interval 1d` (``ChartPlan``, ``CandleFetcher``), read from the shared cache while it is
/// fresh, else fetched and recorded there for every user.
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

    init(_ asset: AssetSymbol, quote: AssetSymbol, days: Int, session: MarketSession) throws {
        let context = session.context
        let now = context.now
        let day = ChartInterval(seconds: 86_400)!
        let plan = ChartPlan(range: Int64(days) * day.seconds, interval: day, slots: days, now: now)
        self.plan = plan
        let known = try session.books.existing?.events.assetClass(of: asset)
        let target = Asset(asset, class: known ?? asset.inferredClass)
        let fetched: FetchedCandles
        let cache = try CandleFetcher(
            store: session.cache, context: context, now: now, offline: true, forcedSource: nil)
        if let cached = try cache.cached(asset, quote, .day, since: plan.start),
            now.secondsSinceEpoch - cached.fetchedAt.secondsSinceEpoch < session.state.marketCacheLifetime,
            cached.candles.first.map({ $0.openedAt <= plan.start }) == true
        {
            fetched = cached
        } else {
            let fetcher = try CandleFetcher(
                store: session.cache, context: context, now: now, offline: false, forcedSource: nil)
            fetched = try fetcher.candles(
                target, in: quote, interval: .day, count: plan.sourceCandles(now: now), since: plan.start)
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
