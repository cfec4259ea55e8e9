import LedgerCore

/// `ledger returns` as text within `width` columns (at most 80 used): the figures, the
/// benchmark's beside them, the sleeves of `--by`, the value and contributions as one-line
/// charts, and the prices that are missing with the command that records them
/// (docs/RETURNS.md). The words are ``ReturnsWords``'.
public struct ReturnsTextView {
    public let report: ReturnsReport
    public let width: Int
    public let theme: Theme

    public init(report: ReturnsReport, width: Int, theme: Theme) {
        self.report = report
        self.width = min(max(width, 40), 80)
        self.theme = theme
    }

    public func render() -> String {
        [title(), figures(), sleeves(), chart(), unknown()].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func title() -> String {
        theme.bold(ReturnsWords.title(report)) + "\n" + wrap(ReturnsWords.subtitle(report))
    }

    private func figures() -> String {
        let (header, rows) = ReturnsWords.figures(report)
        let lines = [header] + rows.map { label, cells in [label] + cells.map(colored) }
        return lines.map(line).joined() + ReturnsWords.notes(report).map(wrap).joined()
    }

    private func line(_ cells: [String]) -> String {
        var text = cells[0] + String(repeating: " ", count: max(1, 24 - cells[0].displayWidth))
        for cell in cells.dropFirst() {
            text += String(repeating: " ", count: max(1, 16 - cell.displayWidth)) + cell
        }
        return text + "\n"
    }

    /// `--by`: one row per sleeve with its end value, contributions, gain, TWR and MWR.
    private func sleeves() -> String {
        guard let grouping = report.grouping else { return "" }
        let (header, rows) = ReturnsWords.sleeves(report)
        var table = TextTable(columns: [
            TextTable.Column(header[0], flexible: true), TextTable.Column(header[1], .right),
            TextTable.Column(header[2], .right, dropPriority: 1), TextTable.Column(header[3], .right),
            TextTable.Column(header[4], .right), TextTable.Column(header[5], .right, dropPriority: 2),
        ])
        for row in rows { table.append(row.map(colored)) }
        return theme.bold("By \(grouping.rawValue)") + "\n" + table.render(width: width)
            + wrap(ReturnsWords.sleevesNote)
    }

    private func chart() -> String {
        let values = report.days.map(\.value)
        let paid = ReturnsSeries.invested(report.days)
        let known = (values + paid).compactMap { $0 }
        guard let low = known.min(), let high = known.max(),
            let valueLine = ValueSparkline.render(values, width: width - 9, range: low...high),
            let paidLine = ValueSparkline.render(paid, width: width - 9, range: low...high)
        else { return "" }
        return theme.bold("Value and money in: start value plus net contributions (one scale)") + "\n" + "  value  "
            + valueLine
            + "\n" + "  in     " + paidLine + "\n"
            + wrap(
                "  \(report.days.first!.date) … \(report.days.last!.date); low \(NumberFormat.money(low)), high \(NumberFormat.money(high)); \(ValueSparkline.gap) a day without a value."
            )
    }

    private func unknown() -> String {
        guard !report.unknownSpans.isEmpty else { return "" }
        return theme.bold(ReturnsWords.missingTitle) + "\n"
            + ReturnsWords.missing(report).map { wrap("  " + $0) }.joined()
    }

    private func colored(_ cell: ReturnsWords.Cell) -> String {
        theme.signed(cell.text, cell.sign)
    }

    private func wrap(_ text: String) -> String {
        ReportTextView.wrap(text, width: width, indent: "  ").joined(separator: "\n") + "\n"
    }
}
