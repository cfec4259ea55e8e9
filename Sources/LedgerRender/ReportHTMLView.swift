import LedgerCore

/// `ledger report -O html`: one self-contained page — inline CSS and SVG, no scripts, fonts,
/// images or links — that reads on a phone and prints cleanly. Tables have headers and
/// captions; each chart has an SVG title and description.
public struct ReportHTMLView {
    public let report: PeriodReport

    public init(report: PeriodReport) {
        self.report = report
    }

    public func render() -> String { markup().html }

    public func markup() -> Markup {
        let title = ReportWords.title(report)
        var page = ReportHTMLStyle.start(title: title)
        page += "<h1>Portfolio report</h1>\n<p class=\"meta\">\(title)</p>\n"
        page += [summary(), valueChart(), holdings(), allocation(), movers(), gains(), freshness()].joined()
        page += report.news.map(ReportNewsParts.html) ?? ""
        page +=
            "<footer>\(ReportWords.chain(report)). Amounts are rounded for display; <code>ledger report -O json</code> has the exact values.</footer>\n"
        return page + ReportHTMLStyle.end
    }

    private func summary() -> Markup {
        "<h2>Value (\(report.options.currency))</h2>\n"
            + ReportHTMLParts.cards(ReportWords.valueLines(report) + ReportWords.pnlLines(report))
    }

    private func valueChart() -> Markup {
        var html: Markup = "<h2>Value over the period</h2>\n"
        let chart = ReportSVG.valueChart(
            report.series, currency: report.options.currency, invested: report.invested)
        guard !chart.isEmpty else {
            return html + "<p class=\"note\">No day of the period has a price for everything held.</p>\n"
        }
        html +=
            chart
            + "\n<p class=\"note\">Daily close from prices observed that day; shaded days have no complete valuation and are gaps in the line, not zeros.\(report.invested.isEmpty ? "" : " " + ReportSVG.investedNote)</p>\n"
        // The chart's numbers as a table, for screen readers and for copying.
        let rows = report.series.map { day in
            [
                day.date.description, day.value.map { NumberFormat.money($0) } ?? "—",
                day.unpriced.isEmpty ? "" : "no price: " + ReportWords.names(day.unpriced),
            ]
        }
        return html + "<details><summary>Daily values</summary>\n"
            + table("Value at each day's close", ["date", "value", "note"], rows, numeric: 1...1) + "</details>\n"
    }

    private func holdings() -> Markup {
        "<h2>Holdings</h2>\n" + ReportHTMLParts.holdings(report.holdings)
    }

    private func allocation() -> Markup {
        "<h2>Allocation</h2>\n"
            + ReportHTMLParts.allocation(report.allocation, unpriced: report.allocation.unpricedAssets)
    }

    private func movers() -> Markup {
        var html: Markup = "<h2>Top movers</h2>\n"
        if !report.movers.isEmpty {
            html += table(
                "Price effect on what was held at the close of \(report.period.baseDay)", ReportWords.moverHeader,
                report.movers.map(ReportWords.moverCells), numeric: 1...5)
        }
        return html + notes(ReportWords.moverNotes(report))
    }

    private func gains() -> Markup {
        let html: Markup =
            "<h2>Realized in the period: <span class=\"\(signClass(NumberFormat.signedMoney(report.gains.totals.gain)).dropFirst())\">\(NumberFormat.signedMoney(report.gains.totals.gain))</span></h2>\n"
        guard !report.gains.disposals.isEmpty else { return html + notes(["No disposals in this period."]) }
        return html
            + table(
                "Disposals from \(report.period.range)", ReportWords.gainHeader,
                report.gains.disposals.map(ReportWords.gainCells), numeric: 5...7)
    }

    private func freshness() -> Markup {
        var html: Markup = "<h2>Data freshness</h2>\n"
        html +=
            report.freshness.isEmpty
            ? notes(["No market prices were used."])
            : table(
                "Prices behind the holdings", ReportWords.freshnessHeader,
                report.freshness.map(ReportWords.freshnessCells), numeric: 4...4)
        return html + notes(ReportWords.unpricedLines(report))
    }

    private func table(
        _ caption: String, _ header: [String], _ rows: [[String]], numeric: ClosedRange<Int>
    ) -> Markup {
        ReportHTMLParts.table(caption, header, rows, numeric: numeric)
    }

    private func notes(_ lines: [String]) -> Markup { ReportHTMLParts.notes(lines) }

    private func signClass(_ text: String) -> String { ReportHTMLParts.signClass(text) }
}
