/// What some sales of one tax year add to its figures, by tally (``TaxYearTotals``: US short
/// and long, Germany taxable, tax-free and taxed at source), each sale's gain per term netted:
/// summed by the side of ``TaxStream`` that matched them, batch by batch, for the sales whose
/// event sells in no other transaction (``TaxCensus/shared``: nearly all), and added up by the
/// calling thread. It took each year's totals in a second pass over the year's disposals after
/// keeping them (~60 of its samples at 1M; docs/PERFORMANCE.md, "`ledger tax`").
struct TaxYearSums {
    let year: Int
    var tallies = [TaxFigures](repeating: TaxFigures(), count: 3)
    /// Whether every disposal counted had every figure.
    var complete = true

    init(year: Int) { self.year = year }

    /// One sale's disposals (its lot pieces), its gain netted per tally and term, as
    /// ``TaxFigures/Tally`` nets a sale's.
    mutating func add(sale disposals: UnsafeBufferPointer<TaxDisposal>, rules: TaxRules) {
        guard let first = disposals.baseAddress else { return }
        // Most sales are one lot piece: its gain is the sale's.
        if disposals.count == 1 {
            if let tally = sum(first, rules: rules) { tallies[tally].count(TaxDisposal.figures(at: first).gain) }
            return
        }
        // A slot for each tally and term (2 × 3), set when first used.
        var used: UInt8 = 0
        withUnsafeTemporaryAllocation(of: ExactDecimal.self, capacity: 6) { nets in
            for index in disposals.indices {
                guard let tally = sum(first + index, rules: rules) else { continue }
                // Through the pointer: `disposals[index]` copied the whole disposal (a retain and a
                // release of its account and extras) to read its term.
                let slot = 2 * tally + ((first + index).pointee.term == .long ? 1 : 0)
                let gain = TaxDisposal.figures(at: first + index).gain
                if used & 1 << slot == 0 {
                    nets.initializeElement(at: slot, to: gain)
                    used |= 1 << slot
                } else {
                    nets[slot] += gain
                }
            }
            for slot in 0..<6 where used & 1 << slot != 0 { tallies[slot / 2].count(nets[slot]) }
        }
    }

    /// `disposal`'s sums added; its tally, for its gain to be netted (nil: it counts in no
    /// tally, or has no term and its matched parts' gains were counted, as
    /// ``TaxFigures/Tally`` counts them).
    @inline(__always)
    private mutating func sum(_ disposal: UnsafePointer<TaxDisposal>, rules: TaxRules) -> Int? {
        complete = complete && disposal.pointee.proceedsKnown && disposal.pointee.costKnown
        guard let tally = TaxYearTotals.tally(of: disposal, year: year, rules: rules) else { return nil }
        tallies[tally].add(disposal)
        guard disposal.pointee.term != nil else {
            for part in disposal.pointee.partGains { tallies[tally].count(part) }
            return nil
        }
        return tally
    }

    /// `other`'s figures (of the same year) added.
    mutating func add(_ other: TaxYearSums) {
        complete = complete && other.complete
        for index in tallies.indices { tallies[index] = tallies[index] + other.tallies[index] }
    }
}
