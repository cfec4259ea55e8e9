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
    /// Where the current year's disposals start in `matched.disposals`, when it is kept.
    var yearStart = 0
    /// The current year's disposals when it is not kept (its totals only: a year before `--year`).
    var scratch: [TaxDisposal] = []
    /// The years' tallies, kept from one year to the next (``TaxYearTotals``).
    var tallies: [TaxFigures.Tally] = []

    /// Nil when the transactions are not in time order (``TaxEngine/perAsset(_:rules:options:year:)``
    /// then matches them): the census that shares the assets out checks it in its pass.
    /// `perBatch`: the second thread's sales a batch (tests make it small, to cross many);
    /// `counted`: the replay's census of the transactions (``TaxCensus``), if it took one.
    static func match(
        _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?,
        cores: any SecondCore = OneCore(), perBatch: Int = Sales.perBatch, counted: TaxCensus? = nil
    ) -> TaxEngine.Matched? {
        guard var sides = Sides(transactions, rules: rules, options: options, wanted: year, counted: counted)
        else { return nil }
        var stream = TaxStream(rules: rules, wanted: year)
        // Every year kept: room for one disposal a transaction (a sale of several lots gives
        // several, but most transactions are none), so the array is not copied as it doubles
        // (the copies into fresh memory were 6% of `tax -O json` at 1M). Pages never written
        // are never touched.
        if year == nil { stream.matched.disposals.reserveCapacity(transactions.count) }
        // The second thread's side, moved out (a copy left behind would make its first step
        // copy every array it holds) and back once the pipe has returned (and joined it).
        var there = Matching(Matchers(), rules: rules, wanted: year)
        swap(&there, &sides.there)
        var mine = Sales()
        var finished = false
        transactions.withUnsafeBufferPointer { all in
            cores.pipe(
                produce: {
                    there.run(all, perBatch: perBatch, to: $0)
                    // Its lots as they stand after the last transaction, while the calling
                    // thread keeps the last batches (after the pipe, it was 60 samples there).
                    there.matchers.finish()
                },
                consume: { (theirs: Sales) in
                    // This side's assets up to where the batch ends, then both in order.
                    sides.here.scan(all, to: theirs.through, into: &mine)
                    stream.keep(theirs, mine)
                    mine.clear()
                    // The last batch: this side finishes while the second thread finishes its
                    // own (after the pipe, this thread waited for that one, then did its own).
                    if theirs.through == all.count { finished = stream.finish(&sides.here, all, &mine) }
                })
            // No batch reached the end (no transactions).
            if !finished { _ = stream.finish(&sides.here, all, &mine) }
        }
        swap(&there, &sides.there)
        stream.matched.holdings = sides.holdings()
        return stream.matched
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
                continue
            }
            keep(run.disposals, of: run.theirs ? theirs.disposals : mine.disposals)
            if sale.year != current { enter(sale.year) }
            run = (fromTheirs, sale.start..<sale.end)
        }
        keep(run.disposals, of: run.theirs ? theirs.disposals : mine.disposals)
    }

    /// Disposals of the current year, in order.
    private mutating func keep(_ range: Range<Int>, of disposals: [TaxDisposal]) {
        guard !range.isEmpty, let year = current else { return }
        if keeps(year) {
            Self.keep(disposals[range], into: &matched.disposals, rules: rules)
        } else {
            Self.keep(disposals[range], into: &scratch, rules: rules)
        }
    }

    /// Static: a method of the stream would hold a copy of it, and so of the array appended
    /// to, which each append would then copy whole.
    private static func keep(_ disposals: ArraySlice<TaxDisposal>, into kept: inout [TaxDisposal], rules: TaxRules) {
        let first = kept.endIndex
        // In one piece (the runtime's array copy, a call of the copy witness a disposal): one
        // by one (`append` of each) was slower, two `memmove`s a disposal (round 27: 77 samples
        // of `memmove` against 36 of the witness at 1M).
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

    /// The year's totals (its disposals are in the report's order already).
    private mutating func closeYear() {
        guard let year = current else { return }
        if keeps(year) {
            matched.totals[year] = TaxYearTotals(
                matched.disposals, yearStart..<matched.disposals.endIndex, year: year, rules: rules,
                tallies: &tallies)
        } else if year < wanted ?? year {
            matched.totals[year] = TaxYearTotals(
                scratch, scratch.indices, year: year, rules: rules, tallies: &tallies)
            scratch.removeAll(keepingCapacity: true)
        }
    }
}
