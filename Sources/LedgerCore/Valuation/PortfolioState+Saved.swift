/// A ``PortfolioState`` as plain values: everything ``PortfolioFold`` needs to go on from where
/// it stopped, which is what a snapshot keeps (LedgerStore's `SnapshotCodec` owns the bytes).
/// The disposal pieces are not kept, only their total (``realizedGain``), so a restored state
/// serves the portfolio and allocation reports, not `gains`.
public struct SavedPortfolio: Sendable {
    public var options: ValuationOptions
    public var eventCount: Int
    public var netFiatPaidIn: ExactDecimal
    public var income: ExactDecimal
    public var feesPaid: ExactDecimal
    public var withdrawnCost: ExactDecimal
    public var acquiredCost: ExactDecimal
    public var realizedGain: ExactDecimal
    public var usedPrices: Bool
    public var lastOccurredAt: Timestamp
    public var assetClasses: [AssetSymbol: AssetClass]
    public var fiat: [PositionKey: ExactDecimal]
    public var cashKnownAccounts: Set<String>
    public var cashImplied: Set<PositionKey>
    public var books: [PositionKey: SavedBook]
    public var incompleteTotals: IncompleteTotals
    /// In ``MissingPrice``'s order (asset, quote, day).
    public var missing: [MissingPrice]
    public var diagnostics: [LedgerDiagnostic]

    /// An empty state's values under `options`, to fill in.
    public init(options: ValuationOptions) {
        self.options = options
        eventCount = 0
        (netFiatPaidIn, income, feesPaid, withdrawnCost, acquiredCost, realizedGain) =
            (.zero, .zero, .zero, .zero, .zero, .zero)
        usedPrices = false
        lastOccurredAt = Timestamp(secondsSinceEpoch: Int64.min)
        assetClasses = [:]
        fiat = [:]
        cashKnownAccounts = []
        cashImplied = []
        books = [:]
        incompleteTotals = []
        missing = []
        diagnostics = []
    }
}

extension PortfolioState {
    /// The state as plain values (what a snapshot saves).
    public var saved: SavedPortfolio {
        var saved = SavedPortfolio(options: options)
        saved.eventCount = eventCount
        (saved.netFiatPaidIn, saved.income, saved.feesPaid) = (netFiatPaidIn, income, feesPaid)
        (saved.withdrawnCost, saved.acquiredCost, saved.realizedGain) = (withdrawnCost, acquiredCost, realizedGain)
        saved.usedPrices = usedPrices
        saved.lastOccurredAt = lastOccurredAt
        saved.assetClasses = assetClasses
        saved.cashKnownAccounts = cashKnownAccounts
        for entry in positions.entries {
            if let balance = entry.fiat { saved.fiat[entry.key] = balance }
            if entry.cashImplied { saved.cashImplied.insert(entry.key) }
            if let book = entry.book { saved.books[entry.key] = book.saved }
        }
        saved.incompleteTotals = incompleteTotals
        saved.missing = missingPrices
        saved.diagnostics = diagnostics
        return saved
    }

    /// A state restored from its saved values; books stay encoded until an event touches them.
    public init(saved: SavedPortfolio) {
        self.init(options: saved.options)
        recordsDisposals = false
        eventCount = saved.eventCount
        (netFiatPaidIn, income, feesPaid) = (saved.netFiatPaidIn, saved.income, saved.feesPaid)
        (withdrawnCost, acquiredCost, realizedGain) = (saved.withdrawnCost, saved.acquiredCost, saved.realizedGain)
        usedPrices = saved.usedPrices
        lastOccurredAt = saved.lastOccurredAt
        restorePositions(saved)
        incompleteTotals = saved.incompleteTotals
        for item in saved.missing {
            missing[MissingPriceKey(asset: item.asset, quote: item.quote, day: item.day)] = item.sequences
            valuationsMissed += item.sequences.count
        }
        diagnostics = saved.diagnostics
    }
}

extension PortfolioState {
    /// The classes, cash marks, fiat balances and books of `saved` into ``positions``.
    private mutating func restorePositions(_ saved: SavedPortfolio) {
        for (symbol, assetClass) in saved.assetClasses { positions.remember(Asset(symbol, class: assetClass)) }
        for account in saved.cashKnownAccounts { _ = positions.markCashKnown(account) }
        for (key, balance) in saved.fiat {
            let slot = positions.slot(key.account, key.asset)
            positions.withFiat(slot) { $0 = balance }
        }
        for key in saved.cashImplied {
            let slot = positions.slot(key.account, key.asset)
            positions.markCashImplied(slot)
        }
        for (key, book) in saved.books {
            let slot = positions.slot(key.account, key.asset)
            positions.withBook(slot, method: saved.options.method) {
                $0 = LotBook(method: saved.options.method, saved: book)
            }
        }
    }
}
