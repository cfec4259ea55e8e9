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
        let stored = try store.prices.observations(asset: nil)
        var fetched: [AssetSymbol: Timestamp] = [:]
        for asset in Set(state.books.keys.map(\.asset)).union(state.fiat.keys.map(\.asset)) {
            guard let quote = runner.prices.price(of: asset, in: options.currency, at: options.asOf) else { continue }
            fetched[asset] = recordedAt(quote, asset: asset, in: stored)
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
    static func recordedAt(_ quote: PriceQuote, asset: AssetSymbol, in stored: [StoredPrice]) -> Timestamp? {
        stored.filter {
            $0.observation.observedAt == quote.observedAt && $0.observation.source == quote.source
                && ($0.observation.asset == asset || $0.observation.quote == asset)
        }.map(\.fetchedAt).max()
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
