import LedgerCore
import LedgerStore

/// Replays a ledger for the reports — streaming its effective events from the store in replay
/// order — and reports diagnostics the same way for every report: warnings to stderr, and
/// errors (after printing all of them) as a failure. The snapshot policy (key, threshold,
/// when one is saved) lives here.
public struct ReplayRunner {
    public let store: any BookStores
    public let context: AppContext
    public let prices: PriceTable

    /// A full replay of at least this many events leaves a snapshot behind, and a tail at
    /// least this long renews it (`LGR_SNAPSHOT_EVERY` overrides, for tests and tuning).
    var snapshotThreshold: Int {
        context.tool("SNAPSHOT_EVERY").flatMap(Int.init).map { max(1, $0) } ?? 1000
    }

    public init(store: any BookStores, context: AppContext) throws {
        self.store = store
        self.context = context
        // Only the pairs now; each pair's observations as the replay and the valuation reach
        // them (issue 34: a report reads the prices it needs, not the whole table).
        prices = try store.reading { try PriceTable(reading: store.prices) }
    }

    /// Throws the first error the price table met reading the store (its lookups then found
    /// no price, so a report made with it must not be shown).
    public func checkPrices() throws {
        if let failure = prices.readFailure { throw failure }
    }

    /// A full replay with every disposal piece (for `gains`).
    public func replay(_ options: ValuationOptions) throws -> PortfolioState {
        try replay([options])[0]
    }

    /// Several folds fed by one pass over the log (`gains --compare`).
    public func replay(_ options: [ValuationOptions]) throws -> [PortfolioState] {
        var folds = options.map { PortfolioFold(options: $0, prices: prices) }
        let asOf = options.map(\.asOf).max() ?? Timestamp(secondsSinceEpoch: 0)
        try store.events.forEachEffectiveBatch(through: asOf) { batch in
            for index in folds.indices { folds[index].apply(batch) }
        }
        try checkPrices()
        return folds.map(\.state)
    }

    /// A full pooled replay that writes down what the tax rules need (`ledger tax`; never from a
    /// snapshot, which keeps none of it). Its diagnostics are reported. Its positions keep no
    /// lots (the tax rules match their own): no gains or costs of its own.
    public func replayForTax(currency: AssetSymbol) throws -> PortfolioState {
        var fold = PortfolioFold(
            options: ValuationOptions(currency: currency, asOf: context.now), prices: prices, recordingDisposals: false,
            recordingTax: true, keepingLots: false)
        fold.reserveTaxTransactions(Int(try store.events.chainHead().count))
        try store.events.forEachEffectiveBatch(through: context.now) { fold.apply($0) }
        try checkPrices()
        try report(fold.state.diagnostics)
        return fold.state
    }

    /// The state a holdings report needs (no disposal pieces): a valid snapshot's summary plus
    /// the events appended since (a book's lots are read only when one of them needs them), or
    /// a full replay that leaves a snapshot when it covered the whole log. A snapshot whose lots
    /// turn out not to match its seal is dropped for the full replay.
    public func replayForHoldings(_ options: ValuationOptions, useSnapshots: Bool) throws -> PortfolioState {
        let key = "\(options.method.rawValue)|\(options.perAccount ? "account" : "pooled")|\(options.currency)"
        // The snapshot and the events after it read in one transaction; a renewed snapshot
        // saved after it.
        if useSnapshots, let resumed = try store.reading({ try resume(options, key: key) }) {
            let (state, position, snapshot, restoredCount) = resumed
            if !snapshot.parts.failed {
                if state.eventCount - restoredCount >= snapshotThreshold {
                    save(state, key: key, at: position, carrying: snapshot.parts)
                }
                return state
            }
        }
        var fold = PortfolioFold(options: options, prices: prices, recordingDisposals: false)
        let position = try store.events.forEachEffectiveBatch(through: options.asOf) { fold.apply($0) }
        if useSnapshots, fold.state.eventCount >= snapshotThreshold { save(fold.state, key: key, at: position) }
        return fold.state
    }

    /// The valid snapshot under `key` that `options` can continue, restored, and the events
    /// appended since folded in (with the events' position, the snapshot and the count it
    /// restored); nil without one.
    private func resume(_ options: ValuationOptions, key: String) throws -> (
        PortfolioState, LogPosition, SnapshotRecord, Int
    )? {
        guard let snapshot = try store.snapshots.valid(key: key), options.asOf >= snapshot.lastOccurred,
            let restored = SnapshotCodec.decode(summary: snapshot.data, parts: snapshot.parts, options: options)
        else { return nil }
        var fold = PortfolioFold(state: restored, prices: prices)
        let position = try store.events.forEachEvent(after: snapshot.sequence, through: options.asOf) {
            fold.apply($0)
        }
        return (fold.state, position, snapshot, restored.eventCount)
    }

    /// The holdings report of `ledger portfolio` (and the server's portfolio): the replay of
    /// ``replayForHoldings(_:useSnapshots:)`` valued at as-of, its diagnostics reported.
    public func holdings(_ options: ValuationOptions, useSnapshots: Bool) throws -> HoldingsReport {
        let state = try replayForHoldings(options, useSnapshots: useSnapshots)
        // The valuation's price lookups in one read transaction.
        let holdings = try store.reading { HoldingsReport(state: state, prices: prices) }
        try checkPrices()
        try report(holdings.diagnostics)
        return holdings
    }

    /// Saves `state` as covering the log up to `position`, if it does: every event, none
    /// left out by as-of; not when lots it carries over from a snapshot's `parts` failed.
    private func save(
        _ state: PortfolioState, key: String, at position: LogPosition, carrying carried: SnapshotParts? = nil
    ) {
        guard let last = position.lastOccurred, state.options.asOf >= last,
            let version = try? store.prices.version(), let (summary, parts) = SnapshotCodec.sections(state),
            carried?.failed != true
        else { return }
        store.snapshots.save(
            SnapshotRecord(
                key: key, sequence: position.head.count, head: position.head.hash, lastOccurred: state.lastOccurredAt,
                pricesVersion: version, usesPrices: state.usedPrices, data: summary, parts: SnapshotParts(parts)))
    }

    /// What a report of the whole ledger now, in `currency`, lacks: every valuation the replay
    /// could not make, and today's price of every holding that has none (what
    /// `prices fetch --missing` fetches).
    public func pricesNeeded(currency: AssetSymbol) throws -> [MissingPrice] {
        // No disposal pieces are kept, and a snapshot (left behind for the next report too)
        // spares a large ledger most of the replay.
        let state = try replayForHoldings(
            ValuationOptions(currency: currency, asOf: context.now), useSnapshots: true)
        let unpriced = HoldingsReport(state: state, prices: prices).totals.unpricedAssets.map {
            MissingPrice(asset: $0, quote: currency, day: context.now.date, sequences: [])
        }
        try checkPrices()
        return (state.missingPrices + unpriced).sorted()
    }

    /// Prints every diagnostic; fails when any is an error.
    public func report(_ diagnostics: [LedgerDiagnostic]) throws {
        var seen = Set<LedgerDiagnostic>()
        for diagnostic in diagnostics where seen.insert(diagnostic).inserted {
            switch diagnostic.severity {
            case .warning: context.notices.warning("\(diagnostic)")
            case .error: context.notices.error("\(diagnostic)")
            }
        }
        let errors = Set(diagnostics.filter { $0.severity == .error }.map { $0.sequence ?? 0 }).count
        if errors > 0 {
            throw AppError.unvaluedEvents(count: errors)
        }
    }
}
