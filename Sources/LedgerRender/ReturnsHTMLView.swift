import LedgerCore

/// `ledger returns -O html`: one self-contained page in the HTML report's style (inline CSS and
/// SVG, no scripts): the figures, the value chart with the money invested, the sleeves of
/// `--by`, the daily values and the missing prices. ``section(_:)`` is what the web portfolio
/// page shows of it.
public enum ReturnsHTMLView {
    public static func render(_ report: ReturnsReport) -> String { markup(report).html }

    public static func markup(_ report: ReturnsReport) -> Markup {
        let title = ReturnsWords.title(report)
        var page = ReportHTMLStyle.start(title: title)
        page += "<h1>\(title)</h1>\n<p class=\"meta\">\(ReturnsWords.subtitle(report))</p>\n"
        page += section(report) + sleeves(report) + daily(report) + missing(report)
        page +=
            "<footer>Definitions: docs/RETURNS.md. Amounts are rounded for display; <code>ledger returns -O json</code> has the exact values.</footer>\n"
        return page + ReportHTMLStyle.end
    }

    /// The figures table, its notes and the value chart.
    public static func section(_ report: ReturnsReport) -> Markup {
        let (header, rows) = ReturnsWords.figures(report)
        var html = ReportHTMLParts.table(
            "Returns \(report.first) to \(report.last) in \(report.currency)", ["figure"] + header.dropFirst(),
            rows.map { label, cells in [label] + cells.map(\.text) }, numeric: 1...header.count - 1)
        html += ReportHTMLParts.notes(ReturnsWords.notes(report))
        let chart = ReportSVG.valueChart(
            report.days.map(\.dailyValue), currency: report.currency, invested: ReturnsSeries.invested(report.days))
        return html
            + (chart.isEmpty
                ? ReportHTMLParts.notes(["No day of the period has a value."])
                : chart + "\n" + ReportHTMLParts.notes([ReportSVG.investedNote]))
    }

    static func sleeves(_ report: ReturnsReport) -> Markup {
        guard let grouping = report.grouping else { return "" }
        let (header, rows) = ReturnsWords.sleeves(report)
        return "<h2>By \(grouping.rawValue)</h2>\n"
            + ReportHTMLParts.table(
                "A return per \(grouping.rawValue)", header, rows.map { $0.map(\.text) }, numeric: 1...5)
            + ReportHTMLParts.notes([ReturnsWords.sleevesNote])
    }

    /// The chart's numbers as a table, for screen readers and for copying.
    static func daily(_ report: ReturnsReport) -> Markup {
        let invested = ReturnsSeries.invested(report.days)
        let rows = zip(report.days, invested).map { day, invested in
            [
                day.date.description, day.value.map { NumberFormat.money($0) } ?? "—",
                day.flow.map(NumberFormat.signedMoney) ?? "—", invested.map { NumberFormat.money($0) } ?? "—",
                day.unknown.isEmpty ? "" : "no price: " + ReportWords.names(day.unknown),
            ]
        }
        return "<details><summary>Daily values</summary>\n"
            + ReportHTMLParts.table(
                "Value at each day's close", ["date", "value", "flow", "invested", "note"], rows, numeric: 1...3)
            + "</details>\n"
    }

    static func missing(_ report: ReturnsReport) -> Markup {
        let lines = ReturnsWords.missing(report)
        return lines.isEmpty ? "" : "<h2>\(ReturnsWords.missingTitle)</h2>\n" + ReportHTMLParts.notes(lines)
    }
}
