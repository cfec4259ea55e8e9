import LedgerCore

/// `ledger report -O html`: one self-contained page — inline CSS and SVG, no scripts, fonts,
/// images or links — that reads on a phone and prints cleanly. Tables have headers and
/// captions; each chart has an SVG title and description.
public struct ReportHTMLView {
    public let report: PeriodReport

    public init(report: PeriodReport) {
        self.report = report
    }

    public func render() -> String {
        let title = ReportWords.title(report)
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page +=
            "<title>\(HTML.escape(title))</title>\n<style>\n\(ReportHTMLStyle.css)\n</style>\n</head>\n<body>\n<main>\n"
        page += "<h1>Portfolio report</h1>\n<p class=\"meta\">\(HTML.escape(title))</p>\n"
        page += [summary(), valueChart(), holdings(), allocation(), movers(), gains(), freshness()].joined()
        page +=
            "<footer>\(HTML.escape(ReportWords.chain(report))). Amounts are rounded for display; <code>ledger report -O json</code> has the exact values.</footer>\n"
        return page + "</main>\n</body>\n</html>\n"
    }

    private func summary() -> String {
        let cards = (ReportWords.valueLines(report) + ReportWords.pnlLines(report)).map { label, amount in
            "<div class=\"card\"><span class=\"label\">\(HTML.escape(label))</span><span class=\"amount\(signClass(amount))\">\(HTML.escape(amount))</span></div>"
        }
        return "<h2>Value (\(report.options.currency))</h2>\n<div class=\"cards\">\n" + cards.joined(separator: "\n")
            + "\n</div>\n"
    }

    private func valueChart() -> String {
        var html = "<h2>Value over the period</h2>\n"
        let chart = ReportSVG.valueChart(report.series, currency: report.options.currency)
        guard !chart.isEmpty else {
            return html + "<p class=\"note\">No day of the period has a price for everything held.</p>\n"
        }
        html +=
            chart
            + "\n<p class=\"note\">Daily close from prices observed that day; shaded days have no complete valuation and are gaps in the line, not zeros.</p>\n"
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

    private func holdings() -> String {
        let rows = report.holdings.rows.map { row in
            [
                row.asset.text, NumberFormat.quantity(row.quantity), row.averageCost.map(NumberFormat.price) ?? "—",
                NumberFormat.money(row.costBasis, complete: row.costComplete),
                row.price.map { NumberFormat.price($0.value) } ?? "unpriced",
                row.value.map { NumberFormat.money($0) } ?? "—", row.unrealizedPnL.map(NumberFormat.signedMoney) ?? "—",
                row.unrealizedPercent.map { NumberFormat.percent($0, signed: true) } ?? "—",
                row.allocationPercent.map { NumberFormat.percent($0) } ?? "—",
                row.price.map { $0.observedAt.date.description } ?? "—",
            ]
        }
        let header = [
            "asset", "quantity", "avg cost", "cost basis", "price", "value", "unrealized", "%", "share", "price date",
        ]
        return "<h2>Holdings</h2>\n"
            + (rows.isEmpty
                ? "<p class=\"note\">No holdings.</p>\n"
                : table("Holdings at \(report.options.asOf.reportDescription)", header, rows, numeric: 1...8))
    }

    private func allocation() -> String {
        guard !report.allocation.slices.isEmpty else {
            return "<h2>Allocation</h2>\n<p class=\"note\">Nothing priced to allocate.</p>\n"
        }
        let slices = AllocationChart.capped(
            AllocationChart.grouped(report.allocation.slices.map { AllocationSlice(label: $0.label, share: $0.share) }))
        let legend = slices.enumerated().map { index, slice in
            [
                "<span class=\"swatch\" style=\"background:\(ReportSVG.palette[index % ReportSVG.palette.count])\"></span>"
                    + HTML.escape(slice.label),
                AllocationChart.percentText(slice.share),
            ]
        }
        let donut = ReportSVG.donut(slices, total: NumberFormat.money(report.allocation.total, places: 0))
        return "<h2>Allocation</h2>\n<div class=\"alloc\">\n\(donut)\n<div class=\"legend\">"
            + table("Share of the priced value", ["asset", "share"], legend, numeric: 1...1, raw: true)
            + "</div>\n</div>\n"
            + notes(
                report.allocation.unpricedAssets.isEmpty
                    ? [] : ["Unpriced, not shown: \(ReportWords.names(report.allocation.unpricedAssets))."])
    }

    private func movers() -> String {
        var html = "<h2>Top movers</h2>\n"
        if !report.movers.isEmpty {
            html += table(
                "Price effect on what was held at the close of \(report.period.baseDay)", ReportWords.moverHeader,
                report.movers.map(ReportWords.moverCells), numeric: 1...5)
        }
        return html + notes(ReportWords.moverNotes(report))
    }

    private func gains() -> String {
        let html =
            "<h2>Realized in the period: <span class=\"\(signClass(NumberFormat.signedMoney(report.gains.totals.gain)).dropFirst())\">\(NumberFormat.signedMoney(report.gains.totals.gain))</span></h2>\n"
        guard !report.gains.disposals.isEmpty else { return html + notes(["No disposals in this period."]) }
        return html
            + table(
                "Disposals from \(report.period.range)", ReportWords.gainHeader,
                report.gains.disposals.map(ReportWords.gainCells), numeric: 5...7)
    }

    private func freshness() -> String {
        var html = "<h2>Data freshness</h2>\n"
        html +=
            report.freshness.isEmpty
            ? notes(["No market prices were used."])
            : table(
                "Prices behind the holdings", ReportWords.freshnessHeader,
                report.freshness.map(ReportWords.freshnessCells), numeric: 4...4)
        return html + notes(ReportWords.unpricedLines(report))
    }

    /// A scrollable table with column headers; cells are escaped unless `raw`.
    private func table(
        _ caption: String, _ header: [String], _ rows: [[String]], numeric: ClosedRange<Int>, raw: Bool = false
    ) -> String {
        let head = header.enumerated().map { index, title in
            "<th scope=\"col\"\(numeric.contains(index) ? " class=\"n\"" : "")>\(HTML.escape(title))</th>"
        }.joined()
        let body = rows.map { cells in
            "<tr>"
                + cells.enumerated().map { index, cell in
                    let classes =
                        (numeric.contains(index) ? ["n"] : [])
                        + (signClass(cell).isEmpty ? [] : [String(signClass(cell).dropFirst())])
                    let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                    return (index == 0 ? "<th scope=\"row\"\(attribute)>" : "<td\(attribute)>")
                        + (raw ? cell : HTML.escape(cell)) + (index == 0 ? "</th>" : "</td>")
                }.joined() + "</tr>"
        }.joined(separator: "\n")
        return
            "<div class=\"scroll\"><table>\n<caption>\(HTML.escape(caption))</caption>\n<thead><tr>\(head)</tr></thead>\n<tbody>\n\(body)\n</tbody>\n</table></div>\n"
    }

    private func notes(_ lines: [String]) -> String {
        lines.map { "<p class=\"note\">\(HTML.escape($0))</p>\n" }.joined()
    }

    /// ` pos` / ` neg` for a signed amount (`+1.00`, `-2.00`), else empty.
    private func signClass(_ text: String) -> String {
        text.hasPrefix("+") ? " pos" : (text.hasPrefix("-") ? " neg" : "")
    }
}
