import LedgerCore

/// `ledger.tax/2` (docs/JSON.md): the years, every disposal with its matches, the holdings
/// after the rules and the income, numbers as exact strings. A figure a missing price leaves
/// unknown is `null`; a sum of which a part is known has that part beside it as
/// `NAME_known_part` (docs/JSON.md, "Unknown is `null`").
public enum TaxJSON {
    public static let schema = "ledger.tax/2"

    public static func document(
        _ report: TaxReport, years: [TaxYear], disposals: [TaxDisposal], currency: AssetSymbol,
        missing: [MissingPrice], notes: [String], rates: [TaxRate] = []
    ) -> String {
        var text = ""
        write(
            report, years: years, disposals: disposals, currency: currency, missing: missing, notes: notes,
            rates: rates
        ) { text += String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// The document of ``document(_:years:disposals:currency:missing:notes:rates:)`` handed to
    /// `out` as UTF-8 in pieces of about ``piece`` bytes, so that every year's disposals (~700 MB
    /// at a million trades) are never held as one text, nor checked again as a `String`. The
    /// disposals are written in parts of ``disposalsPerPart``, which `cores` may write on two
    /// threads (``disposals(_:_:at:into:)``); `out` is called on the calling thread only.
    public static func write(
        _ report: TaxReport, years: [TaxYear], disposals: [TaxDisposal], currency: AssetSymbol,
        missing: [MissingPrice], notes: [String], rates: [TaxRate] = [], cores: any SecondCore = OneCore(),
        to out: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("rules", report.rules.rawValue)
        writer.field("method", TaxWords.method(report))
        writer.field("currency", currency.text)
        writer.key("years")
        writer.beginArray()
        for year in years { self.year(year, &writer) }
        writer.endArray()
        writer.key("disposals")
        inParts(disposals.count, disposalsPerPart, &writer, cores, out) {
            self.disposals(disposals, $0, at: $1, into: $2)
        }
        writer.key("holdings")
        let holdings = report.holdings
        inParts(holdings.count, holdingsPerPart, &writer, cores, out) { self.holdings(holdings, $0, at: $1, into: $2) }
        income(years, rules: report.rules, &writer)
        self.rates(rates, &writer)
        writer.key("notes")
        writer.beginArray()
        for note in notes { writer.string(note) }
        writer.endArray()
        ReportJSON.completeness(years.allSatisfy(\.complete) && missing.isEmpty, missing, &writer)
        writer.endObject()
        writer.takeUTF8(out)
    }

    /// An array (its key written) of `count` values in parts of `perPart`: `part(i, start,
    /// spare)` writes part `i` over `spare`'s bytes, `start` being the writer where the values
    /// go, nothing written yet; `cores` may make them on two threads, `out` gets them in order.
    private static func inParts(
        _ count: Int, _ perPart: Int, _ writer: inout JSONWriter, _ cores: any SecondCore,
        _ out: (UnsafeBufferPointer<UInt8>) -> Void,
        part: @escaping (Int, JSONWriter, ReusableBytes) -> ReusableBytes
    ) {
        writer.beginArray()
        writer.takeUTF8(out)
        let start = writer
        cores.inOrder(
            (count + perPart - 1) / perPart, reusing: { part($0, start, $1 ?? ReusableBytes()) },
            consume: { $0.withUnsafeBytes(out) })
        if count > 0 { writer.valueWrittenApart() }
        writer.endArray()
    }

    /// How many bytes the writer collects before ``write(_:years:disposals:currency:missing:notes:rates:to:)``
    /// hands them on.
    static let piece = 1 << 20

    static func year(_ year: TaxYear, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("year", year.label)
        writer.field("start", year.start.description)
        writer.field("end", year.end.description)
        figures(year.figures, &writer)
        if let short = year.shortTerm, let long = year.longTerm {
            term("short_term", short, &writer)
            term("long_term", long, &writer)
            unknown("wash_sale_disallowed", year.washSaleDisallowed, known: year.figures.complete, &writer)
        }
        if let scheduleD = year.scheduleD { self.scheduleD(scheduleD, year, &writer) }
        ReportJSON.number("exempt_amount", year.exemptAmount, &writer)
        unknown("losses_brought_forward", year.lossesBroughtForward, known: year.broughtForwardKnown, &writer)
        unknown("losses_used", year.lossesUsed, known: year.carryKnown, &writer)
        unknown("losses_carried_forward", year.lossesCarriedForward, known: year.carryKnown, &writer)
        unknown("taxable_gain", year.taxableGain, known: year.carryKnown, &writer)
        if !year.parts.isEmpty { parts(year.parts, &writer) }
        if let free = year.taxFree { nested("tax_free", free, &writer) }
        if let atSource = year.taxedAtSource { nested("taxed_at_source", atSource, &writer) }
        if let other = year.otherIncome { otherIncome(other, year, &writer) }
        ReportJSON.partial("income", year.incomeTotal, complete: year.incomeKnown, &writer)
        writer.field("complete", year.complete)
        writer.endObject()
    }

    /// UK 2024/25: the figures before and from 30 October 2024.
    static func parts(_ parts: [TaxYearPart], _ writer: inout JSONWriter) {
        writer.key("parts")
        writer.beginArray()
        for part in parts {
            writer.beginObject()
            writer.field("start", part.start.description)
            writer.field("end", part.end.description)
            figures(part.figures, &writer)
            writer.endObject()
        }
        writer.endArray()
    }

    /// Germany: other income (§ 22 Nr. 3 EStG) against its exemption limit.
    static func otherIncome(_ total: ExactDecimal, _ year: TaxYear, _ writer: inout JSONWriter) {
        writer.key("other_income")
        writer.beginObject()
        ReportJSON.partial("total", total, complete: year.otherIncomeKnown, &writer)
        writer.field("exempt_limit", TaxCalendar.germanOtherIncomeLimit.description)
        unknown("taxable", year.otherIncomeTaxable, known: year.otherIncomeKnown, &writer)
        writer.endObject()
    }

    /// The loss limit and the carryovers (US), as the Schedule D lines name them: `null` where
    /// an unknown gain of this year (or, for what was brought forward, of an earlier one) leaves
    /// the line unknown, as the text's `?`.
    static func scheduleD(_ scheduleD: ScheduleD, _ year: TaxYear, _ writer: inout JSONWriter) {
        let (before, known) = (year.broughtForwardKnown, year.carryKnown)
        writer.key("schedule_d")
        writer.beginObject()
        unknown("short_term_loss_brought_forward", scheduleD.shortTermBroughtForward, known: before, &writer)
        unknown("long_term_loss_brought_forward", scheduleD.longTermBroughtForward, known: before, &writer)
        unknown("net_short_term", scheduleD.netShortTerm, known: known, &writer)
        unknown("net_long_term", scheduleD.netLongTerm, known: known, &writer)
        unknown("net_capital", scheduleD.netCapital, known: known, &writer)
        unknown("deductible_loss", scheduleD.deductibleLoss, known: known, &writer)
        unknown("short_term_loss_carried_forward", scheduleD.shortTermCarriedForward, known: known, &writer)
        unknown("long_term_loss_carried_forward", scheduleD.longTermCarriedForward, known: known, &writer)
        writer.endObject()
    }

    /// Sums that may lack a price are `null` with their known part beside them; what is built
    /// on gains is `null` alone (a difference of known parts is no bound of anything).
    static func figures(_ figures: TaxFigures, _ writer: inout JSONWriter) {
        writer.field("disposals", Int64(figures.disposals))
        ReportJSON.partial("proceeds", figures.proceeds, complete: figures.proceedsKnown, &writer)
        ReportJSON.partial("cost_basis", figures.costBasis, complete: figures.costKnown, &writer)
        ReportJSON.partial("allowable_costs", figures.allowableCosts, complete: figures.costKnown, &writer)
        unknown("gains", figures.gains, known: figures.complete, &writer)
        unknown("losses", figures.losses, known: figures.complete, &writer)
        unknown("net", figures.net, known: figures.complete, &writer)
    }

    /// `"name": "1.5"`, or `null` when a missing price leaves it unknown.
    static func unknown(_ name: String, _ value: ExactDecimal, known: Bool, _ writer: inout JSONWriter) {
        ReportJSON.partial(name, value, complete: known, knownPart: false, &writer)
    }

    static func nested(_ name: String, _ figures: TaxFigures, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        self.figures(figures, &writer)
        writer.endObject()
    }

    /// Form 8949's columns (d), (e), (g) and (h) of one part.
    static func term(_ name: String, _ figures: TaxFigures, _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginObject()
        ReportJSON.partial("proceeds", figures.proceeds, complete: figures.proceedsKnown, &writer)
        ReportJSON.partial("cost_basis", figures.costBasis, complete: figures.costKnown, &writer)
        unknown("adjustment", figures.adjustment, known: figures.complete, &writer)
        unknown("gain", figures.net, known: figures.complete, &writer)
        writer.endObject()
    }

    /// The text of part `part` of the holdings (``holdingsPerPart`` of them), as
    /// ``disposals(_:_:at:into:)`` writes the disposals'.
    static func holdings(
        _ holdings: [TaxHolding], _ part: Int, at start: JSONWriter, into bytes: ReusableBytes
    ) -> ReusableBytes {
        var writer = start
        if part > 0 { writer.valueWrittenApart() }
        let first = part * holdingsPerPart
        let place = writer.nextPlace
        var days = DayText()
        writer.rawValues(
            min(first + holdingsPerPart, holdings.endIndex) - first,
            atMost: { holdingMaxBytes(holdings[first + $0], at: place) }, into: bytes,
            write: { index, out, place in self.holding(holdings[first + index], at: place, days: &days, &out) })
        return bytes
    }

    /// One holding appended (``holdings(_:_:at:into:)`` writes the same bytes).
    static func holding(_ holding: TaxHolding, _ writer: inout JSONWriter) {
        var days = DayText()
        writer.rawValue(atMost: holdingMaxBytes(holding, at: writer.nextPlace)) { out, place in
            self.holding(holding, at: place, days: &days, &out)
        }
    }

    /// One holding's object at `place` (at most ``holdingMaxBytes(_:at:)``).
    static func holding(_ holding: TaxHolding, at place: JSONPlace, days: inout DayText, _ out: inout ByteCursor) {
        var object = JSONObjectBytes(at: place, &out)
        object.field("asset", symbol: holding.asset, &out)
        object.field("account", text: holding.account, &out)
        object.field("quantity", exact: holding.quantity, &out)
        object.field(
            "cost_basis", exact: holding.costBasis, known: holding.costKnown, knownPart: "cost_basis_known_part", &out)
        object.field("acquired", time: holding.acquired, days: &days, &out)
        object.close(&out)
    }

    /// The most bytes ``holding(_:at:days:_:)`` writes at `place`: 6 fields, the texts escaped.
    static func holdingMaxBytes(_ holding: TaxHolding, at place: JSONPlace) -> Int {
        let texts = holding.asset.utf8Count + holding.account.utf8.count
        let field = JSONObjectBytes.fieldMaxBytes(at: place) + Timestamp.descriptionMaxBytes
        return 6 * field + 6 * texts + 64
    }

    static func income(_ years: [TaxYear], rules: TaxRules, _ writer: inout JSONWriter) {
        writer.key("income")
        writer.beginArray()
        for year in years {
            for record in year.income {
                writer.beginObject()
                writer.field("year", year.label)
                writer.field("event", record.event.text)
                writer.field("kind", record.kind.rawValue)
                writer.field("asset", record.asset.text)
                writer.field("account", record.account)
                writer.field("quantity", record.quantity.description)
                unknown("value", record.value, known: record.complete, &writer)
                writer.field("received", record.time.description)
                writer.field("complete", record.complete)
                writer.endObject()
            }
        }
        writer.endArray()
    }
}

/// The words a tax report uses in every format.
public enum TaxWords {
    /// `fifo`, `lifo`, `hifo` (US), `hmrc-share-matching` (UK), `fifo` (Germany).
    public static func method(_ report: TaxReport) -> String {
        switch report.rules {
        case .us: report.options.method.rawValue
        case .uk: "hmrc-share-matching"
        case .de: "fifo"
        }
    }

    /// What the report says about the choices it made (docs/TAX.md).
    public static func notes(_ report: TaxReport) -> [String] {
        var notes = ["Not tax advice: check every figure before you file it (docs/TAX.md)."]
        switch report.rules {
        case .us:
            notes.append(
                report.options.universalBasis
                    ? "Basis is universal (pooled across accounts) in every year, as asked; from 2025 the rules want it per wallet."
                    : "Basis is universal (pooled across accounts) before 2025 and per account from 2025 (Rev. Proc. 2024-28); the lots held on 2025-01-01 are allocated to the accounts holding the units (docs/TAX.md)."
            )
            notes.append(
                "Capital losses: \(report.options.marriedFilingSeparately ? "$1,500 (married filing separately)" : "$3,000") a year deductible, the rest carried forward short and long term apart; carryovers from before the ledger are not known."
            )
            notes.append(
                report.options.washSalesForCrypto
                    ? "Wash sales are applied to stocks, ETFs, funds, ADRs and, as asked, crypto."
                    : "Wash sales are applied to stocks, ETFs, funds and ADRs; crypto is not subject to them.")
        case .uk:
            notes.append("Days are UTC dates. Same-day and 30-day matching per asset, then the section 104 pool.")
        case .de:
            notes.append(
                "FIFO per wallet (account); a transfer between your accounts moves the lots with their purchase dates (BMF letter of 10 May 2022). Stocks and funds are listed as taxed at source."
            )
        }
        return notes
    }
}
