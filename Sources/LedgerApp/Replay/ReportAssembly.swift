import LedgerCore
import LedgerStore

/// Wires the store into a ``PeriodReport``: one replay that records the daily holdings, the
/// chain head, and when each price in use was recorded. The maths stays in LedgerCore.
public enum ReportAssembly {
    public static func build(_ source: ReportSource, kind: ReportPeriodKind) throws -> PeriodReport {
        let (store, options) = (source.store, source.options)
        let runner = try source.runner()
        var fold = ReturnsFold(options: options, prices: runner.prices, kind: kind)
        try store.events.forEachEffectiveEvent(through: options.asOf) { fold.apply($0) }
        let flows = fold.finish()
        let (state, period, closes) = (fold.state, fold.reportPeriod!, flows.closes)
        try runner.checkPrices()
        try runner.report(state.diagnostics)
        let head = try store.events.chainHead()
        let pairs = try store.prices.pairs()
        var fetched: [AssetSymbol: Timestamp] = [:]
        var held: Set<AssetSymbol> = []
        state.forEachBook { key, _ in held.insert(key.asset) }
        state.forEachBalance { key, _ in held.insert(key.asset) }
        for asset in held {
            guard let quote = runner.prices.price(of: asset, in: options.currency, at: options.asOf) else { continue }
            fetched[asset] = try recordedAt(quote, asset: asset, pairs: pairs, in: store.prices)
        }
        var report = PeriodReport(
            state: state, period: period, closes: closes, prices: runner.prices,
            chain: ChainStamp(events: head.count, hash: head.hash), fetchedAt: fetched)
        report.invested = ReturnsSeries.invested(
            ReturnsSeries.days(flows, prices: runner.prices, currency: options.currency, asOf: options.asOf))
        return report
    }

    /// When the observation behind `quote` was recorded: the latest record time among stored
    /// observations of `asset` (either side of the pair) made at that instant by that source.
    /// One index lookup per pair `asset` is in, never a read of the whole table.
    static func recordedAt(_ quote: PriceQuote, asset: AssetSymbol, pairs: [PricePair], in store: any PriceStore)
        throws -> Timestamp?
    {
        try pairs.filter { $0.asset == asset || $0.quote == asset }
            .flatMap { try store.observations(of: $0, at: quote.observedAt) }
            .filter { $0.observation.source == quote.source }.map(\.fetchedAt).max()
    }

    /// Fails (exit 1) when a holding is unpriced, or priced longer than `maxAge` seconds
    /// before as-of, naming the asset and the age.
    public static func checkFreshness(_ report: PeriodReport, maxAge: Int64, option: String) throws {
        let asOf = report.options.asOf.reportDescription
        if let unpriced = report.unpricedAssets.first {
            throw AppError.unpricedAtAsOf(asset: unpriced, asOf: asOf, option: option, day: report.options.asOf.date)
        }
        let stale = report.stalePrices(olderThan: maxAge)
        guard let oldest = stale.first else { return }
        let others = stale.dropFirst().map(\.asset.text)
        let more = others.isEmpty ? "" : " (also too old: \(others.joined(separator: ", ")))"
        throw AppError.priceTooOld(
            asset: oldest.asset, asOf: asOf, age: Age.ago(oldest.observedAt, now: report.options.asOf),
            observed: oldest.observedAt.compactDescription, source: oldest.source, option: option, more: more)
    }
}
