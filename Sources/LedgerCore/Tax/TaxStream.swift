/// US and German rules: every asset's lots matched in one pass over the transactions, which
/// are in time order (the replay's), so the disposals come out in time order too: nothing is
/// grouped by asset or sorted, each year's totals are taken when the year ends, and with
/// `--year` only that year's disposals are kept (docs/PERFORMANCE.md, "ledger tax"). Gives what
/// ``TaxEngine/perAsset(_:rules:options:year:)`` gives.
///
/// Two stages, which ``SecondCore`` may run on two threads: the matching (``Sales``: every
/// transaction stepped through its asset's lots) hands each sale's disposals on with their
/// year, and the stream keeps them, closes each year (its order of ties and its totals) and
/// keeps the next while the matching goes on. The calling thread also matches a fifth of the
/// transactions itself (``Sides``: some assets whole), merged with the second thread's by
/// their positions, so that the disposals are kept in the transactions' order all the same.
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
        var sides = Sides(transactions, rules: rules, options: options, wanted: year)
        // The second thread's side, moved out (a copy left behind would make its first step
        // copy every array it holds) and back once the pipe has returned (and joined it).
        var there = Matching(Matchers(), [], rules: rules, wanted: year)
        swap(&there, &sides.there)
        var mine = Sales()
        transactions.withUnsafeBufferPointer { all in
            cores.pipe(
                produce: { there.run(all, to: $0) },
                consume: { (theirs: Sales) in
                    // This side's assets up to where the batch ends, then both in order.
                    sides.here.scan(all, to: theirs.through, into: &mine)
                    stream.keep(theirs, mine)
                    mine.clear()
                })
            // Transactions after the second thread's last batch (none: its last ends at the end).
            sides.here.scan(all, to: all.count, into: &mine)
            stream.keep(Sales(), mine)
        }
        stream.closeYear()
        swap(&there, &sides.there)
        stream.matched.holdings = sides.holdings()
        return stream.matched
    }

    /// Both sides' sales of the same transactions, in the order of the transactions: each
    /// one's disposals kept when its year is, counted in its year's totals when that year
    /// comes before the one asked for.
    private mutating func keep(_ theirs: Sales, _ mine: Sales) {
        var (one, other) = (theirs.ends.startIndex, mine.ends.startIndex)
        var (oneStart, otherStart) = (theirs.disposals.startIndex, mine.disposals.startIndex)
        while one < theirs.ends.endIndex || other < mine.ends.endIndex {
            if other == mine.ends.endIndex
                || (one < theirs.ends.endIndex && theirs.ends[one].position < mine.ends[other].position)
            {
                keep(theirs.ends[one], of: theirs.disposals, after: &oneStart)
                one += 1
            } else {
                keep(mine.ends[other], of: mine.disposals, after: &otherStart)
                other += 1
            }
        }
    }

    /// One sale's disposals, which start at `start` in `disposals`; `start` moved past them.
    private mutating func keep(_ sale: Sale, of disposals: [TaxDisposal], after start: inout Int) {
        if sale.year != current { enter(sale.year) }
        if sale.end > start {
            if keeps(sale.year) {
                Self.keep(disposals[start..<sale.end], into: &matched.disposals, rules: rules)
            } else {
                Self.keep(disposals[start..<sale.end], into: &scratch, rules: rules)
            }
        }
        start = sale.end
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
            // In order already (a sale of many lots: one asset and event throughout): nothing
            // to sort (sorting them was 4% of the calling thread in `tax -O json` at 1M).
            guard run.dropFirst().contains(where: { before($0, $0 - 1) }) else { return }
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
