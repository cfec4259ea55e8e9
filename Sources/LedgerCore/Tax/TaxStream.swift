/// US and German rules: every asset's lots matched in one pass over the transactions, which
/// are in time order (the replay's), so the disposals come out in time order too: nothing is
/// grouped by asset or sorted, each year's totals are taken when the year ends, and with
/// `--year` only that year's disposals are kept (docs/PERFORMANCE.md, "ledger tax"). Gives what
/// ``TaxEngine/perAsset(_:rules:options:year:)`` gives.
///
/// Two stages, which ``SecondCore`` may run on two threads: the matching (``Sales``: every
/// transaction stepped through its asset's lots) hands each sale's disposals on with their
/// year, and the stream keeps them, closes each year (its totals) and keeps the next while
/// the matching goes on. The calling thread also matches a quarter of the transactions itself
/// (``Sides``: some assets whole); each side orders its sales at one instant (by asset, then
/// event: ``TaxEngine/inOrder(_:)``'s order), and the two are merged in that order, so that
/// the disposals are kept in the report's order with no sort after.
struct TaxStream {
    let rules: TaxRules
    /// The one year whose disposals are kept (nil: all); no totals after it.
    let wanted: Int?
    var matched = TaxEngine.Matched()
    /// The year being collected.
    var current: Int?
    /// What the sides summed of each year's sales not shared (``TaxYearSums``), added up.
    var sums: [Int: TaxYearSums] = [:]
    /// The current year's shared sales (``TaxCensus/shared``), tallied here by tally
    /// (``TaxYearTotals``), and whether each of their disposals had every figure.
    var tallies = [TaxFigures.Tally](repeating: TaxFigures.Tally(), count: 3)
    var talliedComplete = true

    /// Nil when the transactions are not in time order (``TaxEngine/perAsset(_:rules:options:year:)``
    /// then matches them): the census that shares the assets out checks it in its pass.
    /// `perBatch`: the second thread's sales a batch (tests make it small, to cross many);
    /// `counted`: the replay's census of the transactions (``TaxCensus``), if it took one;
    /// `holdings`: false makes none (a report that does not show them).
    static func match(
        _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?,
        cores: any SecondCore = OneCore(), perBatch: Int = Sales.perBatch, counted: TaxCensus? = nil,
        holdings: Bool = true
    ) -> TaxEngine.Matched? {
        guard var sides = Sides(transactions, rules: rules, options: options, wanted: year, counted: counted)
        else { return nil }
        var stream = TaxStream(rules: rules, wanted: year)
        // Every year kept: room for one disposal a transaction, so the array is not copied as it
        // doubles (6% of `tax -O json` at 1M); pages never written are never touched.
        if year == nil { stream.matched.disposals.reserveCapacity(transactions.count) }
        // The second thread's side, moved out (a copy left behind would make its first step
        // copy every array it holds) and back once the pipe has returned (and joined it).
        var there = Matching(Matchers(), rules: rules, wanted: year)
        swap(&there, &sides.there)
        var mine = Sales()
        var finished = false
        let spares = SpareSales()
        transactions.withUnsafeBufferPointer { all in
            cores.pipe(
                produce: {
                    there.run(all, perBatch: perBatch, spares: spares, to: $0)
                    // Its lots as they stand after the last transaction, while the calling
                    // thread keeps the last batches (after the pipe, it was 60 samples there).
                    there.matchers.finish()
                },
                consume: { (theirs: Sales) in
                    if stream.take(theirs, &sides.here, all, &mine, spares) { finished = true }
                })
            if !finished { _ = stream.finish(&sides.here, all, &mine) } // no transactions
        }
        swap(&there, &sides.there)
        if holdings { stream.matched.holdings = sides.holdings() }
        return stream.matched
    }

    /// One batch of the second thread's sales: this side's assets up to where the batch ends,
    /// then both kept in order, the batch handed back to be filled again. At the last batch this
    /// side finishes while the second thread finishes its own (after the pipe, this thread
    /// waited for that one, then did its own); true then.
    private mutating func take(
        _ theirs: Sales, _ here: inout Matching, _ all: UnsafeBufferPointer<TaxTransaction>, _ mine: inout Sales,
        _ spares: SpareSales
    ) -> Bool {
        here.scan(all, to: theirs.through, into: &mine)
        keep(theirs, mine)
        mine.clear()
        spares.put(theirs)
        return theirs.through == all.count && finish(&here, all, &mine)
    }

    /// The calling thread's side to the end (its transactions after the second thread's last
    /// batch: none when there was one), its lots as they stand after the last transaction, and
    /// the last year closed; true.
    private mutating func finish(
        _ here: inout Matching, _ all: UnsafeBufferPointer<TaxTransaction>, _ mine: inout Sales
    ) -> Bool {
        here.scan(all, to: all.count, into: &mine)
        keep(Sales(room: 0), mine)
        mine.clear()
        here.matchers.finish()
        closeYear()
        return true
    }

    /// Both sides' sales of the same transactions, in the report's order (``Sale/precedes(_:)``:
    /// each side's sales at one instant are in that order already, so this merges the two);
    /// each one's disposals kept when its year is, counted in its year's totals when that year
    /// comes before the one asked for. One side's sales whose disposals follow each other are
    /// kept in one piece.
    private mutating func keep(_ theirs: Sales, _ mine: Sales) {
        for part in theirs.sums + mine.sums { sums[part.year, default: TaxYearSums(year: part.year)].add(part) }
        var (one, other) = (theirs.ends.startIndex, mine.ends.startIndex)
        var run = (theirs: true, disposals: 0..<0)
        while one < theirs.ends.endIndex || other < mine.ends.endIndex {
            let fromTheirs =
                other == mine.ends.endIndex
                || (one < theirs.ends.endIndex && theirs.ends[one].precedes(mine.ends[other]))
            let sale = fromTheirs ? theirs.ends[one] : mine.ends[other]
            if fromTheirs { one += 1 } else { other += 1 }
            if sale.year == current, fromTheirs == run.theirs, sale.start == run.disposals.upperBound {
                run.disposals = run.disposals.lowerBound..<sale.end
            } else {
                keep(run.disposals, of: run.theirs ? theirs.disposals : mine.disposals)
                if sale.year != current { enter(sale.year) }
                run = (fromTheirs, sale.start..<sale.end)
            }
            if sale.shared { tally(sale, of: fromTheirs ? theirs.disposals : mine.disposals) }
        }
        keep(run.disposals, of: run.theirs ? theirs.disposals : mine.disposals)
    }

    /// A shared sale's disposals (of the current year) in its year's tallies.
    private mutating func tally(_ sale: Sale, of disposals: [TaxDisposal]) {
        let rules = rules
        disposals.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            for index in sale.start..<sale.end {
                talliedComplete = talliedComplete && all[index].complete
                guard let tally = TaxYearTotals.tally(of: base + index, year: sale.year, rules: rules) else { continue }
                tallies[tally].add(base + index)
            }
        }
    }

    /// Disposals of the current year, in order, when it is kept.
    private mutating func keep(_ range: Range<Int>, of disposals: [TaxDisposal]) {
        guard !range.isEmpty, let year = current, keeps(year) else { return }
        Self.keep(disposals[range], into: &matched.disposals)
    }

    /// Static: a method of the stream would hold a copy of it, and so of the array appended
    /// to, which each append would then copy whole.
    private static func keep(_ disposals: ArraySlice<TaxDisposal>, into kept: inout [TaxDisposal]) {
        // In one piece (the runtime's array copy, a call of the copy witness a disposal): one
        // by one (`append` of each) was slower, two `memmove`s a disposal (round 27: 77 samples
        // of `memmove` against 36 of the witness at 1M).
        kept.append(contentsOf: disposals)
    }

    /// Whether the disposals of `year` are kept (every year, or the one asked for).
    private func keeps(_ year: Int) -> Bool { wanted == nil || wanted == year }

    /// The first sale of `year`: the year before it is closed.
    private mutating func enter(_ year: Int) {
        closeYear()
        current = year
        matched.years.append(year)
    }

    /// The year's totals, when it is kept or comes before the one asked for: what the sides
    /// summed and the shared sales' tallies.
    private mutating func closeYear() {
        guard let year = current else { return }
        if keeps(year) || year < wanted ?? year {
            matched.totals[year] = TaxYearTotals(
                sums.removeValue(forKey: year) ?? TaxYearSums(year: year), shared: tallies, complete: talliedComplete,
                rules: rules)
        }
        for index in tallies.indices { tallies[index].reset(room: 0) }
        talliedComplete = true
    }
}
