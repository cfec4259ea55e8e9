import LedgerCore

/// `ledger tax -O md` and `-O html`: the text report's figures and words as a Markdown
/// document and as one self-contained HTML page (the report's style, no scripts), built from
/// the same rows as the text (``TaxView/rows(_:)``, ``TaxView/words(_:)``).
extension TaxView {
    /// The disposals table's columns.
    static let disposalHeader = [
        "sold", "acquired", "asset", "account", "quantity", "proceeds", "cost", "adjustment", "gain", "term",
        "how matched",
    ]

    /// One disposal's cells: amounts as the text shows them, the matching in words.
    func cells(_ disposal: TaxDisposal) -> [String] {
        var matched = disposal.matches.map(TaxView.words)
        if let code = disposal.adjustmentCode {
            matched.append(
                "wash sale (\(code)): loss of \(Self.figure(disposal.adjustment, known: disposal.complete)) disallowed")
        }
        if !disposal.complete { matched.append("incomplete: a price is missing") }
        let term: String =
            switch disposal.treatment {
            case .taxable: disposal.term?.rawValue ?? ""
            case .taxFree, .taxedAtSource: disposal.treatment.rawValue
            }
        return [
            disposal.disposed.date.description, disposal.acquired.map { $0.date.description } ?? "—",
            disposal.asset.text, disposal.account, NumberFormat.quantity(disposal.quantity),
            NumberFormat.money(disposal.proceeds, complete: disposal.proceedsKnown),
            NumberFormat.money(disposal.allowableCosts, complete: disposal.costKnown),
            disposal.adjustment.isZero ? "" : Self.figure(disposal.adjustment, known: disposal.complete),
            NumberFormat.signedMoney(disposal.gain, complete: disposal.complete), term, matched.joined(separator: "; "),
        ]
    }

    /// The report as GitHub-flavoured Markdown.
    public func markdown() -> String {
        var lines = ["# " + title, ""] + notes.map { "- " + $0 }
        for year in years {
            lines += ["", "## " + heading(year), ""]
            lines += ReportMarkdownView.table(
                ["figure", currency.text, "note"], rightFrom: 1, rows: rows(year).map { [$0.label, $0.value, $0.note] })
            lines += partLines(year).map { "- " + $0 }
            let own = disposals(of: year)
            if !own.isEmpty {
                lines += ["", "### Disposals", ""]
                lines += ReportMarkdownView.table(Self.disposalHeader, rightFrom: 4, rows: own.map(cells))
            }
            if !year.income.isEmpty { lines += ["", incomeLine(year)] }
        }
        if !rates.isEmpty { lines += ["", "## " + ratesHeading, ""] + rateLines.map { "- `" + $0 + "`" } }
        if let note = MissingPriceNote.sentence(missing, ledgerCurrency: currency) { lines += ["", note] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one HTML page: inline CSS, no scripts, every text escaped.
    public func html() -> String { markup().html }

    /// ``html()`` as markup.
    public func markup() -> Markup {
        var page = ReportHTMLStyle.start(title: title)
        page += "<h1>Capital gains</h1>\n<p class=\"meta\">\(title)</p>\n"
        page += ReportHTMLParts.notes(notes)
        for year in years {
            page += "<h2>\(heading(year))</h2>\n"
            page += ReportHTMLParts.table(
                "Figures of \(year.label) (\(currency))", ["figure", currency.text, "note"],
                rows(year).map { [$0.label, $0.value, $0.note] }, numeric: 1...1)
            page += ReportHTMLParts.notes(partLines(year))
            let own = disposals(of: year)
            if !own.isEmpty {
                page += ReportHTMLParts.table(
                    "Disposals in \(year.label)", Self.disposalHeader, own.map(cells), numeric: 4...8)
            }
            if !year.income.isEmpty { page += ReportHTMLParts.notes([incomeLine(year)]) }
        }
        if !rates.isEmpty { page += "<h2>\(ratesHeading)</h2>\n" + ReportHTMLParts.notes(rateLines) }
        if let note = MissingPriceNote.sentence(missing, ledgerCurrency: currency) {
            page += ReportHTMLParts.notes([note])
        }
        page +=
            "<footer>Amounts are rounded for display; <code>ledger tax -O json</code> has the exact values.</footer>\n"
        return page + ReportHTMLStyle.end
    }
}
