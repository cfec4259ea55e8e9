/// US and German rules: every asset's lots matched in one pass over the transactions, which
/// are in time order (the replay's), so the disposals come out in time order too: nothing is
/// grouped by asset or sorted, each year's totals are taken when the year ends, and with
/// `--year` only that year's disposals are kept (docs/PERFORMANCE.md, "ledger tax"). Gives what
/// ``TaxEngine/perAsset(_:rules:options:year:)`` gives.
///
/// Two stages, which ``SecondCore`` may run on two threads: the matching (``Sales``: every
/// transaction stepped through its asset's lots) hands each sale's disposals on with their
/// year, and the stream keeps them, closes each year (its order of ties and its totals) and
/// keeps the next while the matching goes on.
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
    /// The years' tallies, kept from one year to the next (``TaxYearTotals``).
    var tallies: [TaxFigures.Tally] = []

    /// What the matching hands on at a time: the disposals of some sales, in order, and each
    /// sale's year with where its disposals end (a sale that gave none, or one after the year
    /// asked for, has none here, but its year still has a sale: ``TaxReport/yearsWithDisposals``).
    struct Sales {
        var disposals: [TaxDisposal] = []
        var ends: [(year: Int, end: Int)] = []

        /// Sales handed on at a time (one hand-over a batch; the arrays made at their size).
        static let perBatch = 256

        init() {
            disposals.reserveCapacity(Self.perBatch * 2)
            ends.reserveCapacity(Self.perBatch)
        }
    }

    static func match(
        _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?,
        cores: any SecondCore = OneCore()
    ) -> TaxEngine.Matched {
        var stream = TaxStream(rules: rules, wanted: year)
        // Every year kept: room for one disposal a transaction (a sale of several lots gives
        // several, but most transactions are none), so the array is not copied as it doubles
        // (the copies into fresh memory were 6% of `tax -O json` at 1M). Pages never written
        // are never touched.
        if year == nil { stream.matched.disposals.reserveCapacity(transactions.count) }
        // Set on the matching's thread, read here once the pipe has returned (and joined it).
        var holdings: [TaxHolding] = []
        cores.pipe(
            produce: { holdings = Matching.run(transactions, rules: rules, options: options, wanted: year, to: $0) },
            consume: { stream.keep($0) })
        stream.closeYear()
        stream.matched.holdings = holdings
        return stream.matched
    }

    /// Sales from the matching, in order: each one's disposals kept when its year is, counted
    /// in its year's totals when that year comes before the one asked for.
    private mutating func keep(_ sales: Sales) {
        var start = sales.disposals.startIndex
        for (year, end) in sales.ends {
            if year != current { enter(year) }
            if end > start {
                if keeps(year) {
                    Self.keep(sales.disposals[start..<end], into: &matched.disposals, rules: rules)
                } else {
                    Self.keep(sales.disposals[start..<end], into: &scratch, rules: rules)
                }
            }
            start = end
        }
    }

    /// Static: a method of the stream would hold a copy of it, and so of the array appended
    /// to, which each append would then copy whole.
    private static func keep(_ disposals: ArraySlice<TaxDisposal>, into kept: inout [TaxDisposal], rules: TaxRules) {
        let first = kept.endIndex
        kept.append(contentsOf: disposals)
        guard rules == .de else { return }
        for index in first..<kept.endIndex { TaxEngine.germanTreatment(of: &kept[index]) }
    }

    /// Whether the disposals of `year` are kept (every year, or the one asked for).
    private func keeps(_ year: Int) -> Bool { wanted == nil || wanted == year }

    /// The first sale of `year`: the year before it is closed.
    private mutating func enter(_ year: Int) {
        closeYear()
        current = year
        yearStart = matched.disposals.endIndex
        matched.years.append(year)
    }

    /// The year's disposals in the report's order (only those kept: the totals do not depend
    /// on it) and its totals.
    private mutating func closeYear() {
        guard let year = current else { return }
        if keeps(year) {
            Self.orderTies(&matched.disposals, from: yearStart)
            matched.totals[year] = TaxYearTotals(
                matched.disposals, yearStart..<matched.disposals.endIndex, year: year, rules: rules,
                tallies: &tallies)
        } else if year < wanted ?? year {
            matched.totals[year] = TaxYearTotals(
                scratch, scratch.indices, year: year, rules: rules, tallies: &tallies)
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

    /// One run of disposals at one instant in order, read and moved through the array's
    /// buffer: no disposal, asset or key is copied (each copy retained the disposal's
    /// references; sorting copies of keys was 5% of `tax -O json` at a million trades). A
    /// short run (most are, and mostly in order) by an insertion sort that swaps in place; a
    /// long one by sorting positions, each disposal then moved once.
    private static func orderRun(_ disposals: inout [TaxDisposal], _ run: Range<Int>) {
        disposals.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            func before(_ one: Int, _ other: Int) -> Bool {
                if base[one].asset != base[other].asset { return base[one].asset < base[other].asset }
                return base[one].event < base[other].event
            }
            guard run.count > 32 else {
                for index in run.dropFirst() {
                    var place = index
                    while place > run.lowerBound, before(place, place - 1) {
                        buffer.swapAt(place - 1, place)
                        place -= 1
                    }
                }
                return
            }
            // The position breaks ties: one event's disposals keep their order.
            let order = run.sorted { before($0, $1) || (!before($1, $0) && $0 < $1) }
            guard !order.elementsEqual(run) else { return }
            let moved = UnsafeMutablePointer<TaxDisposal>.allocate(capacity: run.count)
            defer { moved.deallocate() }
            moved.moveInitialize(from: base + run.lowerBound, count: run.count)
            for (offset, position) in order.enumerated() {
                (base + run.lowerBound + offset).moveInitialize(from: moved + (position - run.lowerBound), count: 1)
            }
        }
    }
}

/// The matching stage of ``TaxStream``: every transaction in order through its asset's lots.
private enum Matching {
    /// Each sale's disposals handed to `hand` with their year, ``TaxStream/Sales/perBatch``
    /// sales at a time; the holdings after the last transaction returned.
    static func run(
        _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, wanted: Int?,
        to hand: (TaxStream.Sales) -> Void
    ) -> [TaxHolding] {
        var matchers = Matchers(transactions, rules: rules, options: options)
        var sales = TaxStream.Sales()
        var years = YearOfDay(rules: rules)
        // By index: `for … in` copied every transaction (2.6% of `tax --year` at 1M).
        for position in transactions.indices {
            let index = Int(matchers.matcherOf[position])
            guard index >= 0 else { continue }
            // Straight into the batch: a sale's disposals are not copied through an array of their own.
            let start = sales.disposals.endIndex
            matchers.all[index].step(transactions[position], into: &sales.disposals)
            // A sale of nothing gives no disposal (and must not open a year).
            guard transactions[position].isDisposal, transactions[position].quantity.isPositive else {
                if sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
                continue
            }
            // A sale's disposals all have its time: its year is the year of each.
            let year = years.year(of: transactions[position].time)
            if year > wanted ?? year, sales.disposals.endIndex > start { sales.disposals.removeSubrange(start...) }
            sales.ends.append((year, sales.disposals.endIndex))
            guard sales.ends.count >= TaxStream.Sales.perBatch else { continue }
            hand(sales)
            sales = TaxStream.Sales()
        }
        if !sales.ends.isEmpty { hand(sales) }
        return matchers.holdings()
    }
}

/// The tax year of an instant, worked out once a day (sales come many a day, in time order).
private struct YearOfDay {
    let rules: TaxRules
    var day = Int64.min
    var year = 0

    init(rules: TaxRules) { self.rules = rules }

    mutating func year(of time: Timestamp) -> Int {
        if time.daysSinceEpoch != day {
            day = time.daysSinceEpoch
            year = TaxCalendar.year(of: time.date, rules: rules)
        }
        return year
    }
}

/// One lot matching per asset, each transaction's found once.
private struct Matchers {
    var all: [TaxLotMatching] = []
    var assets: [AssetSymbol] = []
    /// The index in ``all`` of each transaction's asset's matching (-1: fiat, not matched).
    var matcherOf: [Int32] = []

    /// One matching per asset, in the order of their first transactions, each with the
    /// asset's acquisitions where the wash-sale rule applies (by the asset's first
    /// transaction's class). One dictionary lookup a transaction (the matching loop looked
    /// each transaction's asset up twice more).
    init(_ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions) {
        var positions: [AssetSymbol: Int32] = [:]
        var washSales: [Bool] = []
        var purchases: [[TaxLotMatching.Purchase]] = []
        var acquisitions: [Int] = []
        matcherOf.reserveCapacity(transactions.count)
        for index in transactions.indices {
            guard transactions[index].assetClass != .fiat else {
                matcherOf.append(-1)
                continue
            }
            let asset = transactions[index].asset
            let matcher: Int32
            if let known = positions[asset] {
                matcher = known
            } else {
                matcher = Int32(assets.count)
                positions[asset] = matcher
                assets.append(asset)
                washSales.append(TaxEngine.washSales(transactions[index].assetClass, rules, options))
                purchases.append([])
                acquisitions.append(0)
            }
            matcherOf.append(matcher)
            if transactions[index].isAcquisition { acquisitions[Int(matcher)] += 1 }
            if washSales[Int(matcher)], transactions[index].isAcquisition {
                purchases[Int(matcher)].append(TaxLotMatching.Purchase(transactions[index]))
            }
        }
        all = assets.indices.map {
            TaxLotMatching(
                method: TaxEngine.method(rules, options), washSales: washSales[$0],
                perWalletFrom: TaxEngine.perWalletFrom(rules, options), purchases: purchases[$0],
                acquisitions: acquisitions[$0])
        }
    }

    /// Every asset's lots still held, assets in name order, after the last transaction.
    mutating func holdings() -> [TaxHolding] {
        for index in all.indices { all[index].finish() }
        // Made at its size and appended to in place: `+=` of each asset's array grew it by
        // doubling and copied each holding into it (2% of `tax -O json` at 1M).
        var holdings: [TaxHolding] = []
        holdings.reserveCapacity(all.reduce(0) { $0 + $1.lots.count })
        for index in all.indices.sorted(by: { assets[$0] < assets[$1] }) {
            all[index].appendHoldings(of: assets[index], to: &holdings)
        }
        return holdings
    }
}
