import LedgerCore

/// `ledger returns -O md`: the figures, the sleeves of `--by`, the value line and the missing
/// prices as GitHub-flavoured Markdown (the words are ``ReturnsWords``').
public enum ReturnsMarkdownView {
    public static func render(_ report: ReturnsReport) -> String {
        var lines = ["# " + ReturnsWords.title(report), "", ReturnsWords.subtitle(report), ""]
        let (header, rows) = ReturnsWords.figures(report)
        lines += ReportMarkdownView.table(
            header, rightFrom: 1, rows: rows.map { label, cells in [label] + cells.map(\.text) })
        let notes = ReturnsWords.notes(report)
        if !notes.isEmpty { lines += [""] + notes.map { "- " + $0 } }
        if let grouping = report.grouping {
            let (header, rows) = ReturnsWords.sleeves(report)
            lines += ["", "## By \(grouping.rawValue)", ""]
            lines += ReportMarkdownView.table(header, rightFrom: 1, rows: rows.map { $0.map(\.text) })
            lines += ["", ReturnsWords.sleevesNote]
        }
        lines += ["", "## Value and money in", ""] + chart(report)
        let missing = ReturnsWords.missing(report)
        if !missing.isEmpty {
            lines += ["", "## " + ReturnsWords.missingTitle, ""] + missing.map { "- " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func chart(_ report: ReturnsReport) -> [String] {
        let values = report.days.map(\.value)
        let invested = ReturnsSeries.invested(report.days)
        let known = (values + invested).compactMap { $0 }
        guard let low = known.min(), let high = known.max(),
            let valueLine = ValueSparkline.render(values, width: 60, range: low...high),
            let investedLine = ValueSparkline.render(invested, width: 60, range: low...high)
        else { return ["No day of the period has a value."] }
        return [
            "```", "value  " + valueLine, "in     " + investedLine, "```", "",
            "Daily close from \(report.days.first!.date) to \(report.days.last!.date) on one scale: low \(NumberFormat.money(low)), high \(NumberFormat.money(high)); `in` is the start value plus the net contributions; \(ValueSparkline.gap) is a day without a value.",
        ]
    }
}
