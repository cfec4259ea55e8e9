import LedgerCore

/// `ledger.tax/1` (docs/JSON.md): the years, every disposal with its matches, the holdings
/// after the rules and the income, numbers as exact strings.
public enum TaxJSON {
    public static let schema = "ledger.tax/1"

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
    /// at a million trades) are never held as one text, nor checked again as a `String`.
    public static func write(
        _ report: TaxReport, years: [TaxYear], disposals: [TaxDisposal], currency: AssetSymbol,
        missing: [MissingPrice], notes: [String], rates: [TaxRate] = [],
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
        writer.beginArray()
        // By index: the disposal is read in place, not copied (with a retain of each of its
        // strings and its matches) for each of a million.
        for index in disposals.indices {
            self.disposal(disposals[index], &writer)
            if writer.utf8.count >= piece { writer.takeUTF8(out) }
        }
        writer.endArray()
        holdings(report.holdings, &writer) { (writer: inout JSONWriter) in writer.takeUTF8(out) }
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
            writer.field("wash_sale_disallowed", year.washSaleDisallowed.description)
        }
        if let scheduleD = year.scheduleD { self.scheduleD(scheduleD, &writer) }
        ReportJSON.number("exempt_amount", year.exemptAmount, &writer)
        writer.field("losses_brought_forward", year.lossesBroughtForward.description)
        writer.field("losses_used", year.lossesUsed.description)
        writer.field("losses_carried_forward", year.lossesCarriedForward.description)
        writer.field("taxable_gain", year.taxableGain.description)
        if !year.parts.isEmpty {
            writer.key("parts")
            writer.beginArray()
            for part in year.parts {
                writer.beginObject()
                writer.field("start", part.start.description)
                writer.field("end", part.end.description)
                figures(part.figures, &writer)
                writer.endObject()
            }
            writer.endArray()
        }
        if let free = year.taxFree { nested("tax_free", free, &writer) }
        if let atSource = year.taxedAtSource { nested("taxed_at_source", atSource, &writer) }
        if let other = year.otherIncome {
            writer.key("other_income")
            writer.beginObject()
            writer.field("total", other.description)
            writer.field("exempt_limit", TaxCalendar.germanOtherIncomeLimit.description)
            writer.field("taxable", year.otherIncomeTaxable.description)
            writer.endObject()
        }
        writer.field("income", year.incomeTotal.description)
        writer.field("complete", year.complete)
        writer.endObject()
    }

    /// The loss limit and the carryovers (US), as the Schedule D lines name them.
    static func scheduleD(_ scheduleD: ScheduleD, _ writer: inout JSONWriter) {
        writer.key("schedule_d")
        writer.beginObject()
        writer.field("short_term_loss_brought_forward", scheduleD.shortTermBroughtForward.description)
        writer.field("long_term_loss_brought_forward", scheduleD.longTermBroughtForward.description)
        writer.field("net_short_term", scheduleD.netShortTerm.description)
        writer.field("net_long_term", scheduleD.netLongTerm.description)
        writer.field("net_capital", scheduleD.netCapital.description)
        writer.field("deductible_loss", scheduleD.deductibleLoss.description)
        writer.field("short_term_loss_carried_forward", scheduleD.shortTermCarriedForward.description)
        writer.field("long_term_loss_carried_forward", scheduleD.longTermCarriedForward.description)
        writer.endObject()
    }

    static func figures(_ figures: TaxFigures, _ writer: inout JSONWriter) {
        writer.field("disposals", Int64(figures.disposals))
        writer.field("proceeds", figures.proceeds.description)
        writer.field("cost_basis", figures.costBasis.description)
        writer.field("allowable_costs", figures.allowableCosts.description)
        writer.field("gains", figures.gains.description)
        writer.field("losses", figures.losses.description)
        writer.field("net", figures.net.description)
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
        writer.field("proceeds", figures.proceeds.description)
        writer.field("cost_basis", figures.costBasis.description)
        writer.field("adjustment", figures.adjustment.description)
        writer.field("gain", figures.net.description)
        writer.endObject()
    }

    /// One disposal, written straight into bytes (``JSONObjectBytes``) and appended in one
    /// piece: at a million trades these are most of what `tax -O json` does.
    static func disposal(_ disposal: TaxDisposal, _ writer: inout JSONWriter) {
        writer.rawValue(atMost: disposalMaxBytes(disposal, at: writer.nextPlace)) { out, place in
            var object = JSONObjectBytes(at: place, &out)
            object.field("event", id: disposal.event, &out)
            object.field("asset", text: disposal.asset.text, &out)
            object.field("class", text: disposal.assetClass.rawValue, &out)
            object.field("account", text: disposal.account, &out)
            object.field("quantity", exact: disposal.quantity, &out)
            object.field("acquired", time: disposal.acquired, &out)
            object.field("disposed", time: disposal.disposed, &out)
            object.field("proceeds", exact: disposal.proceeds, &out)
            object.field("disposal_costs", exact: disposal.disposalCosts, &out)
            object.field("cost_basis", exact: disposal.costBasis, &out)
            object.field("allowable_costs", exact: disposal.allowableCosts, &out)
            object.field("adjustment_code", text: disposal.adjustmentCode, &out)
            object.field("adjustment", exact: disposal.adjustment, &out)
            object.field("gain", exact: disposal.gain, &out)
            object.field("term", text: disposal.term?.rawValue, &out)
            object.field("treatment", text: disposal.treatment.rawValue, &out)
            object.objects("matches", disposal.matches, &out) { match, item, out in
                match.field("rule", text: item.rule.rawValue, &out)
                match.field("quantity", exact: item.quantity, &out)
                match.field("cost", exact: item.cost, &out)
                match.field("acquired", time: item.acquired, &out)
                match.field("event", id: item.event, &out)
            }
            object.field("complete", flag: disposal.complete, &out)
            object.close(&out)
        }
    }

    /// The most bytes ``disposal(_:_:)`` writes at `place`: 17 fields and 6 a match (the
    /// bracket's line counted as one), each at most a name, a time or a number, and the texts
    /// escaped.
    static func disposalMaxBytes(_ disposal: TaxDisposal, at place: JSONPlace) -> Int {
        let deepest = JSONPlace(depth: place.depth + 3, pretty: place.pretty)
        let field = JSONObjectBytes.fieldMaxBytes(at: deepest) + Timestamp.descriptionMaxBytes + 2
        let texts =
            disposal.asset.text.utf8.count + disposal.account.utf8.count + (disposal.adjustmentCode?.utf8.count ?? 0)
        return (17 + 6 * disposal.matches.count) * field + 6 * texts + 64
    }

    /// `holdings[]`; `flush` is offered the writer after each holding past ``piece`` bytes.
    static func holdings(
        _ holdings: [TaxHolding], _ writer: inout JSONWriter, flush: (inout JSONWriter) -> Void = { _ in }
    ) {
        writer.key("holdings")
        writer.beginArray()
        for holding in holdings {
            if writer.utf8.count >= piece { flush(&writer) }
            let texts = holding.asset.text.utf8.count + holding.account.utf8.count
            let field = JSONObjectBytes.fieldMaxBytes(at: writer.nextPlace) + Timestamp.descriptionMaxBytes
            writer.rawValue(atMost: 5 * field + 6 * texts + 64) { out, place in
                var object = JSONObjectBytes(at: place, &out)
                object.field("asset", text: holding.asset.text, &out)
                object.field("account", text: holding.account, &out)
                object.field("quantity", exact: holding.quantity, &out)
                object.field("cost_basis", exact: holding.costBasis, &out)
                object.field("acquired", time: holding.acquired, &out)
                object.close(&out)
            }
        }
        writer.endArray()
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
                writer.field("value", record.value.description)
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
