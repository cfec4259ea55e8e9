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
    /// Where the disposals are described: in parts of ``disposalsPerPart``, on two threads
    /// when it has them (the text handed to `out` on the calling thread, in order).
    public var cores: any SecondCore = OneCore()

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
        var text = ""
        render { text += $0 }
        return text
    }

    /// ``render()``'s text handed to `out` in pieces (``renderUTF8(to:)``'s).
    public func render(to out: (String) -> Void) {
        renderUTF8 { out(String(decoding: $0, as: UTF8.self)) }
    }

    /// ``render()``'s text handed to `out` as UTF-8 in pieces: every year's disposals are a
    /// hundred megabytes at a million trades, ``disposalsPerPart`` at a time written straight
    /// into bytes (``pieces()``).
    public func renderUTF8(to out: (UnsafeBufferPointer<UInt8>) -> Void) {
        let pieces = pieces()
        cores.inOrder(
            pieces.count, reusing: { write(pieces[$0], into: $1 ?? ReusableBytes()) },
            consume: { $0.withUnsafeBytes(out) })
    }

    /// The text in order: the title and notes, each year's figures, its disposals in parts,
    /// its income; the rates and the missing prices last.
    func pieces() -> [Piece] {
        var pieces: [Piece] = []
        var text = title + "\n"
        // Within 80 columns, as every text report (continuation lines indented by two).
        text += notes.flatMap { ReportTextView.wrap($0, width: 80, indent: "  ") }.map { $0 + "\n" }.joined()
        let runs = disposalRuns()
        for year in years {
            text += "\n" + summary(year)
            if let own = runs[year.year] {
                pieces.append(.text(text + "\n"))
                text = ""
                pieces += parts(own).map { .disposals($0) }
            }
            if !year.income.isEmpty { text += "\n" + income(year) }
        }
        text += ratesUsed()
        if let note = MissingPriceNote.sentence(missing, ledgerCurrency: currency) {
            text += "\n" + ReportTextView.wrap(note, width: 80, indent: "  ").map { $0 + "\n" }.joined()
        }
        pieces.append(.text(text))
        return pieces
    }

    /// Where each year's disposals are, in one pass: runs of positions, in order (the disposals
    /// are in time order, so a year is usually one run; filtering them per year copied each
    /// disposal and read every one once a year).
    func disposalRuns() -> [Int: [Range<Int>]] {
        var runs: [Int: [Range<Int>]] = [:]
        var start = disposals.startIndex
        // The year of each day once (a disposal's calendar arithmetic was most of this pass).
        var (day, dayYear) = (Int64.min, 0)
        func yearOf(_ index: Int) -> Int {
            let time = disposals[index].disposed
            if time.daysSinceEpoch != day {
                (day, dayYear) = (time.daysSinceEpoch, TaxCalendar.year(of: time.date, rules: report.rules))
            }
            return dayYear
        }
        while start < disposals.endIndex {
            let year = yearOf(start)
            var end = start + 1
            while end < disposals.endIndex, yearOf(end) == year { end += 1 }
            runs[year, default: []].append(start..<end)
            start = end
        }
        return runs
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
        NumberFormat.text(atMost: NumberFormat.maxBytes()) { write(figure: value, known: known, to: &$0) }
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

    /// One match in words: `section 104 pool 700 of 1,500 at 4.18667 = 2,930.67`.
    static func words(_ match: TaxMatch) -> String {
        NumberFormat.text(atMost: wordsMaxBytes) { words(match, into: &$0) }
    }

    /// The most bytes ``words(_:into:)`` writes.
    static let wordsMaxBytes = 256 + 4 * NumberFormat.maxBytes(18)

    /// ``words(_:)`` written to `out` (at most ``wordsMaxBytes``).
    static func words(_ match: TaxMatch, into out: inout ByteCursor) {
        var days = DayText()
        words(match, into: &out, days: &days)
    }

    /// ``words(_:into:)``, the date's text from `days` (``DayText``).
    static func words(_ match: TaxMatch, into out: inout ByteCursor, days: inout DayText) {
        guard let whole = match.outOf, whole.quantity.isPositive else {
            return lotWords(match, into: &out, days: &days)
        }
        switch match.rule {
        case .sameDay: out.append("same day: acquired that day, ")
        case .bedAndBreakfast:
            out.append("30 days:")
            bought(match, &out, days: &days)
            out.append(", ")
        default: out.append("section 104 pool ")
        }
        NumberFormat.write(quantity: match.quantity, to: &out)
        out.append(" of ")
        NumberFormat.write(quantity: whole.quantity, to: &out)
        out.append(" at ")
        if whole.complete {
            NumberFormat.write(money: whole.cost / whole.quantity, places: 5, to: &out)
        } else {
            out.append(text: NumberFormat.incompleteUnknown)
        }
        out.append(" = ")
        NumberFormat.write(money: match.cost, complete: match.costKnown, to: &out)
    }

    /// A match of a lot (or of nothing held): `fifo lot bought 2024-01-02: 1.5 at 3.00 = 4.50`.
    private static func lotWords(_ match: TaxMatch, into out: inout ByteCursor, days: inout DayText) {
        guard match.rule != .notHeld else {
            NumberFormat.write(quantity: match.quantity, to: &out)
            return out.append(" not held: matched at zero cost")
        }
        let unit = match.quantity.isPositive ? match.cost / match.quantity : .zero
        out.append(text: match.rule.rawValue)
        out.append(" lot")
        bought(match, &out, days: &days)
        out.append(": ")
        NumberFormat.write(quantity: match.quantity, to: &out)
        out.append(" at ")
        if match.costKnown {
            NumberFormat.write(price: unit, to: &out)
        } else {
            out.append(text: NumberFormat.incompleteUnknown)
        }
        out.append(" = ")
        NumberFormat.write(money: match.cost, complete: match.costKnown, to: &out)
    }

    /// A figure built on gains: `?` when one lacks a price (``figure(_:known:)`` into bytes).
    static func write(figure value: ExactDecimal, known: Bool, to out: inout ByteCursor) {
        guard known else { return out.append(text: NumberFormat.incompleteUnknown) }
        NumberFormat.write(money: value, to: &out)
    }

    /// ` bought 2024-01-02`, or nothing without a date.
    private static func bought(_ match: TaxMatch, _ out: inout ByteCursor, days: inout DayText) {
        guard let acquired = match.acquired else { return }
        out.append(" bought ")
        acquired.write(dateTo: &out, days: &days)
    }

    private func income(_ year: TaxYear) -> String { "  " + incomeLine(year) + "\n" }

    /// `income received at its value: 12.00 (staking 12.00)`.
    func incomeLine(_ year: TaxYear) -> String {
        let kinds = Dictionary(grouping: year.income, by: \.kind).sorted { $0.key.rawValue < $1.key.rawValue }
        let parts = kinds.map { kind, records in
            let value = records.reduce(ExactDecimal.zero) { $0 + $1.value }
            return "\(kind.rawValue) \(NumberFormat.money(value, complete: records.allSatisfy(\.complete)))"
        }
        let total = NumberFormat.money(year.incomeTotal, complete: year.incomeKnown)
        return "income received at its value: \(total) (\(parts.joined(separator: ", ")))"
    }
}
