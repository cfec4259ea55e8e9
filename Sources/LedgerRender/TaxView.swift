import LedgerCore

/// The text of `ledger tax`: per tax year a summary, then every disposal with how it was
/// matched, in words a filer can check (docs/TAX.md).
public struct TaxView {
    public let report: TaxReport
    public let years: [TaxYear]
    public let disposals: [TaxDisposal]
    public let currency: AssetSymbol
    public let method: String
    public let notes: [String]
    public var missing: [MissingPrice] = []
    /// The rates values were converted with (docs/TAX.md, "Trades in another currency").
    public var rates: [TaxRate] = []

    public init(
        report: TaxReport, years: [TaxYear], disposals: [TaxDisposal], currency: AssetSymbol, method: String,
        notes: [String]
    ) {
        self.report = report
        self.years = years
        self.disposals = disposals
        self.currency = currency
        self.method = method
        self.notes = notes
    }

    /// `Capital gains · US rules · USD · fifo`.
    var title: String { "Capital gains · \(report.rules.rawValue.uppercased()) rules · \(currency) · \(method)" }

    public func render() -> String {
        var text = title + "\n"
        // Within 80 columns, as every text report (continuation lines indented by two).
        text += notes.flatMap { ReportTextView.wrap($0, width: 80, indent: "  ") }.map { $0 + "\n" }.joined()
        for year in years {
            text += "\n" + summary(year)
            let own = disposals(of: year)
            if !own.isEmpty { text += "\n" + own.map(describe).joined() }
            if !year.income.isEmpty { text += "\n" + income(year) }
        }
        text += ratesUsed()
        if let note = MissingPriceNote.sentence(missing, ledgerCurrency: currency) {
            text += "\n" + ReportTextView.wrap(note, width: 80, indent: "  ").map { $0 + "\n" }.joined()
        }
        return text
    }

    /// The year's figures, with the whole pounds for the return beside the UK's.
    func summary(_ year: TaxYear) -> String {
        let rows = self.rows(year)
        let labels = rows.map(\.label.count).max() ?? 0
        let values = rows.map(\.value.count).max() ?? 0
        var text = heading(year) + "\n"
        for row in rows {
            let label = row.label + String(repeating: " ", count: labels - row.label.count)
            let value = String(repeating: " ", count: values - row.value.count) + row.value
            text += "  " + label + "  " + value + (row.note.isEmpty ? "" : "  " + row.note) + "\n"
        }
        for part in partLines(year) { text += "  " + part + "\n" }
        return text
    }

    /// `2024 (2024-01-01 to 2024-12-31)`, and whether it is incomplete.
    func heading(_ year: TaxYear) -> String {
        "\(year.label) (\(year.start) to \(year.end))" + (year.complete ? "" : " — incomplete")
    }

    /// The UK 2024/25's figures before and from 30 October 2024.
    func partLines(_ year: TaxYear) -> [String] {
        year.parts.map { part in
            "from \(part.start) to \(part.end): \(part.figures.disposals) disposals, "
                + "gains \(Self.figure(part.figures.gains, known: part.figures.complete)), "
                + "losses \(Self.figure(part.figures.losses, known: part.figures.complete))"
        }
    }

    /// The disposals of one tax year.
    func disposals(of year: TaxYear) -> [TaxDisposal] {
        disposals.filter { TaxCalendar.year(of: $0.disposed.date, rules: report.rules) == year.year }
    }

    /// The figures of a year's summary, in every format.
    func rows(_ year: TaxYear) -> [Row] {
        let figures = year.figures
        var rows: [Row] = [Row("disposals", "\(figures.disposals)")]
        rows += [
            amount("proceeds", figures.proceeds, up: false, partKnown: figures.proceedsKnown),
            amount(
                report.rules == .uk ? "allowable costs" : "cost basis", figures.allowableCosts, up: true,
                partKnown: figures.costKnown),
            amount("gains", figures.gains, up: false, known: figures.complete),
            amount("losses", figures.losses, up: true, known: figures.complete),
            Row("net", NumberFormat.signedMoney(figures.net, complete: figures.complete)),
        ]
        rows += termRows(year) + exemptionRows(year)
        rows.append(Row("taxable gain", Self.figure(year.taxableGain, known: year.carryKnown)))
        rows += otherIncomeRows(year)
        return rows
    }

    /// One line of a year's summary: a label, a figure, and what follows it.
    struct Row {
        let label: String
        let value: String
        var note = ""

        init(_ label: String, _ value: String, _ note: String = "") {
            self.label = label
            self.value = value
            self.note = note
        }
    }

    private func termRows(_ year: TaxYear) -> [Row] {
        var rows: [Row] = []
        if let short = year.shortTerm, let long = year.longTerm {
            rows.append(Row("short term (Part I)", NumberFormat.signedMoney(short.net, complete: short.complete)))
            rows.append(Row("long term (Part II)", NumberFormat.signedMoney(long.net, complete: long.complete)))
            rows.append(
                Row("wash sales disallowed", Self.figure(year.washSaleDisallowed, known: year.figures.complete)))
        }
        if let free = year.taxFree {
            rows.append(Row("tax-free (held > 1 year)", NumberFormat.signedMoney(free.net, complete: free.complete)))
        }
        if let atSource = year.taxedAtSource {
            rows.append(
                Row("taxed at source (§ 20)", NumberFormat.signedMoney(atSource.net, complete: atSource.complete)))
        }
        return rows
    }

    private func exemptionRows(_ year: TaxYear) -> [Row] {
        if let scheduleD = year.scheduleD {
            return Self.lossRows(scheduleD, broughtForwardKnown: year.broughtForwardKnown, known: year.carryKnown)
        }
        let exempt = year.exemptAmount.map { NumberFormat.money($0) } ?? "none known"
        return [
            Row(report.rules == .uk ? "annual exempt amount" : "Freigrenze (all taxable from it)", exempt),
            Row(
                "losses brought forward", Self.figure(year.lossesBroughtForward, known: year.broughtForwardKnown),
                "used " + Self.figure(year.lossesUsed, known: year.carryKnown)),
            Row("losses carried forward", Self.figure(year.lossesCarriedForward, known: year.carryKnown)),
        ]
    }

    /// US: the carryovers, line 16 and the deductible loss (Schedule D); `?` for what an
    /// unknown gain (of this year, or of an earlier one for the carryover) leaves unknown.
    static func lossRows(_ scheduleD: ScheduleD, broughtForwardKnown: Bool = true, known: Bool = true) -> [Row] {
        func split(_ short: ExactDecimal, _ long: ExactDecimal, _ known: Bool) -> String {
            "short \(figure(short, known: known)), long \(figure(long, known: known))"
        }
        return [
            Row(
                "losses brought forward", figure(scheduleD.broughtForward, known: broughtForwardKnown),
                split(scheduleD.shortTermBroughtForward, scheduleD.longTermBroughtForward, broughtForwardKnown)),
            Row("net capital (line 16)", NumberFormat.signedMoney(scheduleD.netCapital, complete: known)),
            Row("deductible loss (line 21)", figure(scheduleD.deductibleLoss, known: known)),
            Row(
                "losses carried forward", figure(scheduleD.carriedForward, known: known),
                split(scheduleD.shortTermCarriedForward, scheduleD.longTermCarriedForward, known)),
        ]
    }

    /// A figure built on gains: `?` when one of them lacks a price (a sum of the others would
    /// be no lower bound of anything), never a made-up amount.
    static func figure(_ value: ExactDecimal, known: Bool) -> String {
        known ? NumberFormat.money(value) : NumberFormat.incompleteUnknown
    }

    /// UK amounts with the whole pounds beside them: proceeds and gains down, costs and losses
    /// up. A sum with a part that lacks a price is its known part marked `*` (`partKnown`), a
    /// figure built on gains `?` (`known`); neither has a figure for the return.
    private func amount(
        _ label: String, _ value: ExactDecimal, up: Bool, partKnown: Bool = true, known: Bool = true
    ) -> Row {
        guard partKnown, known else {
            return Row(label, known ? NumberFormat.money(value, complete: false) : NumberFormat.incompleteUnknown)
        }
        guard report.rules == .uk else { return Row(label, NumberFormat.money(value)) }
        let whole = value.rounded(places: 0, rule: .towardZero)
        let pounds = up && whole != value ? whole + .one : whole
        return Row(label, NumberFormat.money(value), "(£" + NumberFormat.money(pounds, places: 0) + " on the return)")
    }

    /// `sold 700 LOBS on 2023-05-01 for 3,360.00, costs 100.00:` and one line per match.
    func describe(_ disposal: TaxDisposal) -> String {
        var text = "  sold \(NumberFormat.quantity(disposal.quantity)) \(disposal.asset) on \(disposal.disposed.date)"
        text += " for " + NumberFormat.money(disposal.proceeds, complete: disposal.proceedsKnown)
        if !disposal.disposalCosts.isZero {
            text += ", costs " + NumberFormat.money(disposal.disposalCosts, complete: disposal.proceedsKnown)
        }
        text += ":\n"
        for match in disposal.matches { text += "    " + TaxView.words(match) + "\n" }
        if let code = disposal.adjustmentCode {
            text += "    wash sale (\(code)): loss of \(Self.figure(disposal.adjustment, known: disposal.complete)) "
            text += "disallowed, added to the replacement shares' basis\n"
        }
        if !disposal.disposalCosts.isZero {
            text +=
                "    allowable costs " + NumberFormat.money(disposal.allowableCosts, complete: disposal.costKnown) + ","
        }
        text += (disposal.disposalCosts.isZero ? "    gain " : " gain ")
        text += NumberFormat.signedMoney(disposal.gain, complete: disposal.complete)
        if let term = disposal.term, report.rules == .us { text += " (\(term.rawValue) term)" }
        switch disposal.treatment {
        case .taxable: text += report.rules == .de ? " (held one year or less: taxable)" : ""
        case .taxFree: text += " (held more than one year: tax-free)"
        case .taxedAtSource: text += " (taxed at source by the bank)"
        }
        return text + (disposal.complete ? "" : " — incomplete: a price is missing") + "\n"
    }

    /// One match in words: `section 104 pool 700 of 1,500 at 4.18667 = 2,930.67`.
    static func words(_ match: TaxMatch) -> String {
        let quantity = NumberFormat.quantity(match.quantity)
        let cost = NumberFormat.money(match.cost, complete: match.costKnown)
        let bought = match.acquired.map { " bought \($0.date)" } ?? ""
        guard let whole = match.outOf, whole.quantity.isPositive else {
            switch match.rule {
            case .notHeld: return "\(quantity) not held: matched at zero cost"
            default:
                let unit = match.quantity.isPositive ? match.cost / match.quantity : .zero
                let price = match.costKnown ? NumberFormat.price(unit) : NumberFormat.incompleteUnknown
                return "\(match.rule.rawValue) lot\(bought): \(quantity) at \(price) = \(cost)"
            }
        }
        let unit =
            whole.complete
            ? NumberFormat.grouped((whole.cost / whole.quantity).formatted(places: 5)) : NumberFormat.incompleteUnknown
        let of = "\(quantity) of \(NumberFormat.quantity(whole.quantity)) at \(unit) = \(cost)"
        switch match.rule {
        case .sameDay: return "same day: acquired that day, " + of
        case .bedAndBreakfast: return "30 days:\(bought), " + of
        default: return "section 104 pool " + of
        }
    }

    private func income(_ year: TaxYear) -> String { "  " + incomeLine(year) + "\n" }

    /// `income received at its value: 12.00 (staking 12.00)`.
    func incomeLine(_ year: TaxYear) -> String {
        let kinds = Dictionary(grouping: year.income, by: \.kind).sorted { $0.key.rawValue < $1.key.rawValue }
        let parts = kinds.map { kind, records in
            let value = records.reduce(ExactDecimal.zero) { $0 + $1.value }
            return "\(kind.rawValue) \(NumberFormat.money(value, complete: records.allSatisfy(\.complete)))"
        }
        let total = NumberFormat.money(year.incomeTotal, complete: year.income.allSatisfy(\.complete))
        return "income received at its value: \(total) (\(parts.joined(separator: ", ")))"
    }
}
