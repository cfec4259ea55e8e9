/// US and German rules: every asset's lots matched in one pass over the transactions, which
/// are in time order (the replay's), so the disposals come out in time order too: nothing is
/// grouped by asset or sorted, each year's totals are taken when the year ends, and with
/// `--year` only that year's disposals are kept (docs/PERFORMANCE.md, "ledger tax"). Gives what
/// ``TaxEngine/perAsset(_:rules:options:year:)`` gives.
struct TaxStream {
    let rules: TaxRules
    /// The one year whose disposals are kept (nil: all); no totals after it.
    let wanted: Int?
    var matched = TaxEngine.Matched()
    /// The year being collected and its disposals so far.
    var current: Int?
    var buffer: [TaxDisposal] = []

    static func match(_ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?)
        -> TaxEngine.Matched
    {
        var stream = TaxStream(rules: rules, wanted: year)
        var matchers = Matchers(transactions, rules: rules, options: options)
        for transaction in transactions where transaction.assetClass != .fiat {
            let index = matchers.index(of: transaction)
            matchers.all[index].step(transaction)
            guard !matchers.all[index].disposals.isEmpty else { continue }
            for disposal in matchers.all[index].disposals {
                stream.add(rules == .de ? TaxEngine.germanTreatment(disposal) : disposal)
            }
            matchers.all[index].disposals.removeAll(keepingCapacity: true)
        }
        stream.closeYear()
        stream.matched.holdings = matchers.holdings()
        return stream.matched
    }

    private mutating func add(_ disposal: TaxDisposal) {
        let year = TaxCalendar.year(of: disposal.disposed.date, rules: rules)
        if year != current {
            closeYear()
            current = year
        }
        buffer.append(disposal)
    }

    /// The year's disposals in the report's order, its totals, and the disposals kept or dropped.
    private mutating func closeYear() {
        guard let year = current else { return }
        Self.orderTies(&buffer)
        matched.years.append(year)
        if year <= wanted ?? year { matched.totals[year] = TaxYearTotals(buffer, year: year, rules: rules) }
        if wanted == nil {
            matched.disposals += buffer
        } else if wanted == year {
            matched.disposals = buffer
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Disposals at the same instant by asset, then event (``TaxEngine/inOrder(_:)``'s order),
    /// keeping the order of one asset's disposals of one event.
    static func orderTies(_ disposals: inout [TaxDisposal]) {
        var start = disposals.startIndex
        while start < disposals.endIndex {
            var end = start + 1
            while end < disposals.endIndex, disposals[end].disposed == disposals[start].disposed { end += 1 }
            if end - start > 1, !isOrdered(disposals[start..<end]) {
                let run = disposals[start..<end].enumerated().sorted {
                    ($0.element.asset, $0.element.event, $0.offset) < ($1.element.asset, $1.element.event, $1.offset)
                }
                disposals.replaceSubrange(start..<end, with: run.map(\.element))
            }
            start = end
        }
    }
}

/// True when the run is in ``TaxStream/orderTies(_:)``'s order already (most are: sorting
/// each run anyway was 6% of `tax --year` at a million trades).
private func isOrdered(_ run: ArraySlice<TaxDisposal>) -> Bool {
    zip(run.indices, run.indices.dropFirst()).allSatisfy {
        (run[$0].asset, run[$0].event) <= (run[$1].asset, run[$1].event)
    }
}

/// One lot matching per asset, found by the asset of each transaction.
private struct Matchers {
    var all: [TaxLotMatching] = []
    var assets: [AssetSymbol] = []
    var positions: [AssetSymbol: Int] = [:]
    let rules: TaxRules
    let options: TaxOptions
    /// Each asset's acquisitions, for the wash-sale rule (only where it applies).
    var purchases: [AssetSymbol: [TaxLotMatching.Purchase]] = [:]
    /// Whether the wash-sale rule applies, by the asset's first transaction's class.
    var washSales: [AssetSymbol: Bool] = [:]

    init(_ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions) {
        self.rules = rules
        self.options = options
        for transaction in transactions where transaction.assetClass != .fiat {
            var applies = washSales[transaction.asset]
            if applies == nil {
                applies = TaxEngine.washSales(transaction.assetClass, rules, options)
                washSales[transaction.asset] = applies
            }
            if applies == true, transaction.isAcquisition {
                purchases[transaction.asset, default: []].append(TaxLotMatching.Purchase(transaction))
            }
        }
    }

    /// The index of the transaction's asset's matching, made on its first transaction.
    mutating func index(of transaction: TaxTransaction) -> Int {
        if let index = positions[transaction.asset] { return index }
        all.append(
            TaxLotMatching(
                method: TaxEngine.method(rules, options), washSales: washSales[transaction.asset] ?? false,
                perWalletFrom: TaxEngine.perWalletFrom(rules, options),
                purchases: purchases.removeValue(forKey: transaction.asset) ?? []))
        assets.append(transaction.asset)
        positions[transaction.asset] = all.count - 1
        return all.count - 1
    }

    /// Every asset's lots still held, assets in name order, after the last transaction.
    mutating func holdings() -> [TaxHolding] {
        var holdings: [TaxHolding] = []
        for index in all.indices.sorted(by: { assets[$0] < assets[$1] }) {
            all[index].finish()
            holdings += all[index].holdings(of: assets[index])
        }
        return holdings
    }
}
