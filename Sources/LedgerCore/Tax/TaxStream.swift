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
    /// The year being collected.
    var current: Int?
    /// Where the current year's disposals start in `matched.disposals`, when it is kept.
    var yearStart = 0
    /// The current year's disposals when it is not kept (its totals only: a year before `--year`).
    var scratch: [TaxDisposal] = []

    static func match(_ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?)
        -> TaxEngine.Matched
    {
        var stream = TaxStream(rules: rules, wanted: year)
        // Every year kept: room for one disposal a transaction (a sale of several lots gives
        // several, but most transactions are none), so the array is not copied as it doubles
        // (the copies into fresh memory were 6% of `tax -O json` at 1M). Pages never written
        // are never touched.
        if year == nil { stream.matched.disposals.reserveCapacity(transactions.count) }
        var matchers = Matchers(transactions, rules: rules, options: options)
        // By index: `for … in` copied every transaction (2.6% of `tax --year` at 1M).
        for position in transactions.indices where transactions[position].assetClass != .fiat {
            let index = matchers.index(of: transactions[position])
            matchers.all[index].step(transactions[position])
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

    /// Whether the disposals of `year` are kept (every year, or the one asked for).
    private func keeps(_ year: Int) -> Bool { wanted == nil || wanted == year }

    private mutating func add(_ disposal: TaxDisposal) {
        let year = TaxCalendar.year(of: disposal.disposed.date, rules: rules)
        if year != current {
            closeYear()
            current = year
            yearStart = matched.disposals.endIndex
            matched.years.append(year)
        }
        if keeps(year) {
            matched.disposals.append(disposal)
        } else if year < wanted ?? year {
            scratch.append(disposal)
        }
        // A year after the one asked for: only that it has disposals.
    }

    /// The year's disposals in the report's order (only those kept: the totals do not depend
    /// on it) and its totals.
    private mutating func closeYear() {
        guard let year = current else { return }
        if keeps(year) {
            Self.orderTies(&matched.disposals, from: yearStart)
            matched.totals[year] = TaxYearTotals(
                matched.disposals, yearStart..<matched.disposals.endIndex, year: year, rules: rules)
        } else if year < wanted ?? year {
            matched.totals[year] = TaxYearTotals(scratch, scratch.indices, year: year, rules: rules)
            scratch.removeAll(keepingCapacity: true)
        }
    }

    /// Disposals at the same instant by asset, then event (``TaxEngine/inOrder(_:)``'s order),
    /// keeping the order of one asset's disposals of one event.
    static func orderTies(_ disposals: inout [TaxDisposal], from first: Int = 0) {
        var start = first
        while start < disposals.endIndex {
            var end = start + 1
            while end < disposals.endIndex, disposals[end].disposed == disposals[start].disposed { end += 1 }
            if end - start > 1 { orderRun(&disposals, start..<end) }
            start = end
        }
    }

    /// One run of disposals at one instant in order. A short run (most are, and mostly in
    /// order) by an insertion sort that swaps in place; sorting copies of each run was 9% of
    /// `tax --year` at a million trades. A long one by sorting positions, each disposal then
    /// moved once.
    private static func orderRun(_ disposals: inout [TaxDisposal], _ run: Range<Int>) {
        func before(_ one: Int, _ other: Int) -> Bool {
            (disposals[one].asset, disposals[one].event) < (disposals[other].asset, disposals[other].event)
        }
        guard run.count <= 32 else {
            let order = run.sorted { before($0, $1) || (!before($1, $0) && $0 < $1) }
            guard !order.elementsEqual(run) else { return }
            let moved = order.map { disposals[$0] }
            disposals.replaceSubrange(run, with: moved)
            return
        }
        for index in run.dropFirst() {
            var place = index
            while place > run.lowerBound, before(place, place - 1) {
                disposals.swapAt(place - 1, place)
                place -= 1
            }
        }
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
        for index in transactions.indices where transactions[index].assetClass != .fiat {
            let asset = transactions[index].asset
            var applies = washSales[asset]
            if applies == nil {
                applies = TaxEngine.washSales(transactions[index].assetClass, rules, options)
                washSales[asset] = applies
            }
            if applies == true, transactions[index].isAcquisition {
                purchases[asset, default: []].append(TaxLotMatching.Purchase(transactions[index]))
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
