/// Part of a tax year (the UK's 2024/25, before and from 30 October 2024).
public struct TaxYearPart: Hashable, Sendable {
    public var start: LocalDate
    public var end: LocalDate
    public var figures: TaxFigures
}

/// One tax year's figures (docs/TAX.md; `years[]` of `ledger.tax/2`).
public struct TaxYear: Hashable, Sendable {
    public var year: Int
    public var label: String
    public var start: LocalDate
    public var end: LocalDate
    /// The disposals counted (all of them under the UK and US rules; Germany: private sales
    /// within the year).
    public var figures = TaxFigures()
    /// US only: Form 8949 Part I and Part II.
    public var shortTerm: TaxFigures?
    public var longTerm: TaxFigures?
    /// The wash-sale losses disallowed (US).
    public var washSaleDisallowed = ExactDecimal.zero
    /// US: the loss limit and the carryovers, short and long term apart.
    public var scheduleD: ScheduleD?
    /// The UK annual exempt amount or the German Freigrenze (nil when none applies or is known).
    public var exemptAmount: ExactDecimal?
    public var lossesBroughtForward = ExactDecimal.zero
    /// False when an earlier year's gains lack a price: the losses brought forward, and what
    /// is built on them (used, carried forward, the taxable gain), are then unknown.
    public var broughtForwardKnown = true
    public var lossesUsed = ExactDecimal.zero
    public var lossesCarriedForward = ExactDecimal.zero
    public var taxableGain = ExactDecimal.zero
    public var parts: [TaxYearPart] = []
    /// Germany: crypto held more than a year, and stocks and funds taxed at source.
    public var taxFree: TaxFigures?
    public var taxedAtSource: TaxFigures?
    public var income: [TaxIncomeRecord] = []
    /// Germany: the year's § 22 Nr. 3 EStG other income (staking, lending) and the part of it
    /// that is taxable (all of it from the 256 € Freigrenze on, else none).
    public var otherIncome: ExactDecimal?
    public var otherIncomeTaxable = ExactDecimal.zero
    public var complete = true

    public var incomeTotal: ExactDecimal { income.reduce(.zero) { $0 + $1.value } }

    /// Whether every income record of the year has its value (``incomeTotal`` is else the
    /// known part).
    public var incomeKnown: Bool { income.allSatisfy(\.complete) }

    /// Germany: whether the § 22 Nr. 3 records (staking, lending) behind ``otherIncome`` and
    /// ``otherIncomeTaxable`` all have their value.
    public var otherIncomeKnown: Bool { income.lazy.filter(TaxCalendar.isGermanOtherIncome).allSatisfy(\.complete) }

    /// Whether the figures built on the year's gains and the losses brought forward (used,
    /// carried forward, the taxable gain, Schedule D's lines) are known.
    public var carryKnown: Bool { broughtForwardKnown && figures.complete }
}

/// What one tax year's disposals add up to: computed once from them, after which they may be
/// dropped (`ledger tax --year` keeps only the year it shows).
struct TaxYearTotals {
    /// The disposals counted (US: all; UK, Germany: the taxable ones).
    var figures = TaxFigures()
    var shortTerm: TaxFigures?
    var longTerm: TaxFigures?
    /// UK 2024/25: before and from 30 October 2024.
    var parts: [TaxYearPart] = []
    var taxFree: TaxFigures?
    var taxedAtSource: TaxFigures?
    var complete = true

    init() {}

    /// The totals of `disposals[range]`, in one pass that reads each where it is (through the
    /// buffer: an array's element handed to a function was copied, with a retain of each of
    /// its references).
    init(_ disposals: [TaxDisposal], _ range: Range<Int>, year: Int, rules: TaxRules) {
        var tallies: [TaxFigures.Tally] = []
        self.init(disposals, range, year: year, rules: rules, tallies: &tallies)
    }

    /// ``init(_:_:year:rules:)`` with `tallies` kept from the year before (their memory reused).
    init(_ disposals: [TaxDisposal], _ range: Range<Int>, year: Int, rules: TaxRules, tallies: inout [TaxFigures.Tally])
    {
        // Each tally's table of sales has room for the year's disposals when first used: grown
        // by doubling, each year's tables were copied into fresh pages (1% of `tax -O json` at 1M).
        if tallies.isEmpty {
            tallies = [TaxFigures.Tally](repeating: TaxFigures.Tally(room: range.count), count: 3)
        } else {
            for index in tallies.indices { tallies[index].reset(room: range.count) }
        }
        var complete = true
        disposals.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in range {
                let disposal = base + index
                complete = complete && disposal.pointee.complete
                guard let tally = Self.tally(of: disposal, year: year, rules: rules) else { continue }
                tallies[tally].add(disposal)
            }
        }
        self.complete = complete
        place(tallies.map(\.figures), year: year, rules: rules)
    }

    /// The totals of a year from what the sales whose event sells nowhere else add (`sums`,
    /// summed where they were matched) and the tallies of the others (`shared`, each sale's
    /// gain per term netted across them; `complete` whether each of their disposals is).
    init(_ sums: TaxYearSums, shared: [TaxFigures.Tally], complete: Bool, rules: TaxRules) {
        self.complete = sums.complete && complete
        place(shared.indices.map { sums.tallies[$0] + shared[$0].figures }, year: sums.year, rules: rules)
    }

    /// The tallies' sums where each rule set files them.
    private mutating func place(_ sums: [TaxFigures], year: Int, rules: TaxRules) {
        switch rules {
        case .us:
            (shortTerm, longTerm) = (sums[0], sums[1])
            // Every US disposal is taxable and has a term, and a sale's gain is netted per term:
            // the year is its two parts.
            figures = sums[0] + sums[1]
        case .uk:
            // Every UK disposal is taxable: the year is its parts (2024/25, before and from
            // 30 October 2024), or its one tally.
            figures = year == 2024 ? sums[0] + sums[1] : sums[0]
            guard year == 2024 else { return }
            let change = TaxCalendar.ukRateChange
            let bounds = TaxCalendar.bounds(of: year, rules: rules)
            parts = [
                TaxYearPart(start: bounds.lowerBound, end: change.adding(days: -1), figures: sums[0]),
                TaxYearPart(start: change, end: bounds.upperBound, figures: sums[1]),
            ]
        case .de:
            (figures, taxFree, taxedAtSource) = (sums[0], sums[1], sums[2])
        }
    }

    /// Which tally a disposal goes to: US short, long; UK the year (2024/25: before, from 30
    /// October 2024); Germany taxable, tax-free, taxed at source. Nil for none. The disposal
    /// is read where it is: handed by value, each was copied with a retain of its references
    /// (3% of `tax -O json` at 1M).
    @inline(__always)
    static func tally(of disposal: UnsafePointer<TaxDisposal>, year: Int, rules: TaxRules) -> Int? {
        switch rules {
        case .us: disposal.pointee.term.map { $0 == .short ? 0 : 1 }
        case .uk:
            disposal.pointee.treatment != .taxable
                ? nil : year == 2024 && disposal.pointee.disposed.date >= TaxCalendar.ukRateChange ? 1 : 0
        case .de:
            switch disposal.pointee.treatment {
            case .taxable: 0
            case .taxFree: 1
            case .taxedAtSource: 2
            }
        }
    }
}

/// Builds the years from their disposals' totals, carrying losses from one year to the next.
enum TaxYearBuilder {
    /// Every year with disposals or income (up to `through`, when given), in order.
    static func years(
        _ totals: [Int: TaxYearTotals], income: [TaxIncomeRecord], rules: TaxRules, options: TaxOptions = TaxOptions(),
        through: Int? = nil
    ) -> [TaxYear] {
        let incomeByYear = Dictionary(grouping: income) { TaxCalendar.year(of: $0.time.date, rules: rules) }
        let limit = ScheduleD.lossLimit(marriedFilingSeparately: options.marriedFilingSeparately)
        var years: [TaxYear] = []
        for year in Set(totals.keys).union(incomeByYear.keys).sorted() where year <= through ?? year {
            // US: a loss carried into a year without disposals is still deducted there.
            while rules == .us, let last = years.last, last.year + 1 < year, last.lossesCarriedForward.isPositive {
                years.append(
                    build(
                        last.year + 1, Self.totals(of: last.year + 1, rules), [], rules: rules, previous: last,
                        limit: limit))
            }
            years.append(
                build(
                    year, totals[year] ?? Self.totals(of: year, rules), incomeByYear[year] ?? [], rules: rules,
                    previous: years.last, limit: limit))
        }
        return years
    }

    /// The totals of a year without disposals.
    private static func totals(of year: Int, _ rules: TaxRules) -> TaxYearTotals {
        TaxYearTotals([], 0..<0, year: year, rules: rules)
    }

    /// The totals of each year of `disposals` (in date order, so each year's are one run of them).
    static func totals(_ disposals: [TaxDisposal], rules: TaxRules, through: Int? = nil) -> [Int: TaxYearTotals] {
        var result: [Int: TaxYearTotals] = [:]
        var start = disposals.startIndex
        while start < disposals.endIndex {
            let year = TaxCalendar.year(of: disposals[start].disposed.date, rules: rules)
            if let through, year > through { break }
            var end = start + 1
            while end < disposals.endIndex, TaxCalendar.year(of: disposals[end].disposed.date, rules: rules) == year {
                end += 1
            }
            result[year] = TaxYearTotals(disposals, start..<end, year: year, rules: rules)
            start = end
        }
        return result
    }

    /// One year's figures, its losses brought forward from `previous`.
    private static func build(
        _ year: Int, _ totals: TaxYearTotals, _ income: [TaxIncomeRecord], rules: TaxRules, previous: TaxYear?,
        limit: ExactDecimal
    ) -> TaxYear {
        let bounds = TaxCalendar.bounds(of: year, rules: rules)
        var result = TaxYear(
            year: year, label: TaxCalendar.label(of: year, rules: rules), start: bounds.lowerBound,
            end: bounds.upperBound)
        result.figures = totals.figures
        (result.shortTerm, result.longTerm) = (totals.shortTerm, totals.longTerm)
        result.parts = totals.parts
        (result.taxFree, result.taxedAtSource) = (totals.taxFree, totals.taxedAtSource)
        result.income = income
        result.complete = totals.complete && result.incomeKnown
        result.lossesBroughtForward = previous?.lossesCarriedForward ?? .zero
        result.broughtForwardKnown = previous.map { $0.broughtForwardKnown && $0.figures.complete } ?? true
        switch rules {
        case .us: addUS(to: &result, previous: previous?.scheduleD, limit: limit)
        case .uk: addUK(to: &result)
        case .de: addDE(to: &result)
        }
        return result
    }

    /// The loss limit and the carryovers (Schedule D), short and long term apart.
    private static func addUS(to year: inout TaxYear, previous: ScheduleD?, limit: ExactDecimal) {
        year.washSaleDisallowed = year.figures.adjustment
        let scheduleD = ScheduleD(
            shortTerm: year.shortTerm?.net ?? .zero, longTerm: year.longTerm?.net ?? .zero, broughtForward: previous,
            limit: limit)
        year.scheduleD = scheduleD
        year.lossesBroughtForward = scheduleD.broughtForward
        year.lossesUsed = max(scheduleD.broughtForward - scheduleD.carriedForward, .zero)
        year.lossesCarriedForward = scheduleD.carriedForward
        year.taxableGain = scheduleD.taxableGain
    }

    /// The annual exempt amount; losses brought forward only bring the net gain down to it.
    private static func addUK(to year: inout TaxYear) {
        year.exemptAmount = TaxCalendar.ukAnnualExemptAmount(year.year)
        let exempt = year.exemptAmount ?? .zero
        let net = year.figures.net
        let overExempt = max(net - exempt, .zero)
        year.lossesUsed = min(year.lossesBroughtForward, overExempt)
        year.taxableGain = overExempt - year.lossesUsed
        year.lossesCarriedForward = year.lossesBroughtForward - year.lossesUsed + max(net.negated, .zero)
    }

    /// The Freigrenze: below it nothing is taxable, from it on all of it (less losses brought
    /// forward); a net loss is carried forward.
    private static func addDE(to year: inout TaxYear) {
        let limit = TaxCalendar.germanExemptionLimit(year.year)
        year.exemptAmount = limit
        let net = year.figures.net
        if net >= limit {
            year.lossesUsed = min(year.lossesBroughtForward, net)
            year.taxableGain = net - year.lossesUsed
        }
        year.lossesCarriedForward = year.lossesBroughtForward - year.lossesUsed + max(net.negated, .zero)
        let other = year.income.lazy.filter(TaxCalendar.isGermanOtherIncome).reduce(ExactDecimal.zero) { $0 + $1.value }
        year.otherIncome = other
        year.otherIncomeTaxable = other >= TaxCalendar.germanOtherIncomeLimit ? other : .zero
    }
}
