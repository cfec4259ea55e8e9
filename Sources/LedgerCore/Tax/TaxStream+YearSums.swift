/// Each year's totals taken where its disposals are matched (round 30): each side tallies its
/// own sales batch by batch, and the calling thread adds the batches' sums up, instead of
/// reading every kept disposal again when the year closes (a second pass over a million
/// disposals on the calling thread, ~70 of its samples at 1M; docs/PERFORMANCE.md, "`ledger
/// tax`"). A sale's disposals are all in one batch of one side, so no sale's gain is netted in
/// two sums, and the sums of exact figures add up to what one tally of the year gives.
extension TaxStream {
    /// What one year's disposals of some sales add up to: ``TaxYearTotals``'s tallies' figures
    /// (US: short, long; Germany: taxable, tax-free, taxed at source) and whether every
    /// disposal is complete.
    struct YearSums {
        var year: Int
        var sums = [TaxFigures](repeating: TaxFigures(), count: 3)
        var complete = true

        init(year: Int) { self.year = year }

        /// Both sets of sales' figures together (no sale in both).
        mutating func add(_ other: YearSums) {
            for index in sums.indices { sums[index] = sums[index] + other.sums[index] }
            complete = complete && other.complete
        }

        /// The year's totals (``TaxYearTotals/init(sums:complete:year:rules:)``).
        func totals(rules: TaxRules) -> TaxYearTotals {
            TaxYearTotals(sums: sums, complete: complete, year: year, rules: rules)
        }
    }

    /// One side's tallies of the year its batch is at, their tables kept from batch to batch.
    struct YearTally {
        let rules: TaxRules
        private var tallies: [TaxFigures.Tally]
        private var sums: YearSums?

        init(rules: TaxRules) {
            self.rules = rules
            tallies = [TaxFigures.Tally](repeating: TaxFigures.Tally(room: Sales.perBatch * 2), count: 3)
        }

        /// The disposals `range` of `disposals`, one sale's in `year` (the German treatment
        /// set first, as the rules give it), tallied; a new year's first sale ends the year
        /// before (its sums appended to `years`).
        mutating func add(_ disposals: inout [TaxDisposal], _ range: Range<Int>, year: Int, to years: inout [YearSums])
        {
            if sums?.year != year {
                end(into: &years)
                sums = YearSums(year: year)
            }
            if rules == .de {
                for index in range { TaxEngine.germanTreatment(of: &disposals[index]) }
            }
            var complete = true
            disposals.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for index in range {
                    let disposal = base + index
                    complete = complete && disposal.pointee.complete
                    guard let tally = TaxYearTotals.tally(of: disposal, year: year, rules: rules) else { continue }
                    tallies[tally].add(disposal)
                }
            }
            if !complete { sums?.complete = false }
        }

        /// The sums of the year being tallied appended to `years` (the batch ends, or a year).
        mutating func end(into years: inout [YearSums]) {
            guard var ended = sums else { return }
            for index in tallies.indices {
                ended.sums[index] = tallies[index].figures
                tallies[index].reset(room: Sales.perBatch * 2)
            }
            years.append(ended)
            sums = nil
        }
    }
}
