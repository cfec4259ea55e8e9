import LedgerCore

/// `ledger report -O md`: the report as GitHub-flavoured Markdown that also reads as a plain
/// e-mail body (short paragraphs, bullet lists, small tables).
public enum ReportMarkdownView {
    public static func render(_ report: PeriodReport) -> String {
        var lines = ["# " + ReportWords.title(report), ""]
        lines += ["## Value (\(report.options.currency))", ""]
        lines += (ReportWords.valueLines(report) + ReportWords.pnlLines(report)).map { "- **\($0.0)**: \($0.1)" }
        lines += ["", "## Holdings", ""] + holdings(report)
        lines += ["", "## Allocation", ""] + allocation(report)
        lines += [
            "", "## Top movers", "", "Price effect on what was held at the close of \(report.period.baseDay).", "",
        ]
        let moverNotes = ReportWords.moverNotes(report)
        if !report.movers.isEmpty {
            lines +=
                table(ReportWords.moverHeader, rightFrom: 1, rows: report.movers.map(ReportWords.moverCells))
                + (moverNotes.isEmpty ? [] : [""])
        }
        lines += moverNotes
        lines += ["", "## Realized in the period: \(NumberFormat.signedMoney(report.gains.totals.gain))", ""]
        lines +=
            report.gains.disposals.isEmpty
            ? ["No disposals in this period."]
            : table(ReportWords.gainHeader, rightFrom: 5, rows: report.gains.disposals.map(ReportWords.gainCells))
        lines += ["", "## Value over the period", ""] + series(report)
        lines += ["", "## Data freshness", ""] + freshness(report)
        lines += report.news.map(ReportNewsParts.markdown) ?? []
        lines += ["", "---", "", ReportWords.chain(report) + "."]
        return lines.joined(separator: "\n") + "\n"
    }

    static func holdings(_ report: PeriodReport) -> [String] {
        guard !report.holdings.rows.isEmpty else { return ["No holdings."] }
        let rows = report.holdings.rows.map { row in
            [
                row.asset.text, NumberFormat.quantity(row.quantity),
                NumberFormat.money(row.costBasis, complete: row.costComplete),
                row.price.map { NumberFormat.price($0.value) } ?? "unpriced",
                row.value.map { NumberFormat.money($0) } ?? "—",
                row.unrealizedPnL.map(NumberFormat.signedMoney) ?? "—",
                row.allocationPercent.map { NumberFormat.percent($0) } ?? "—",
            ]
        }
        return table(
            ["asset", "quantity", "cost basis", "price", "value", "unrealized", "share"], rightFrom: 1, rows: rows)
    }

    static func allocation(_ report: PeriodReport) -> [String] {
        guard !report.allocation.slices.isEmpty else { return ["Nothing priced to allocate."] }
        return report.allocation.slices.map {
            "- \($0.label): \(NumberFormat.percent($0.percent)) (\(NumberFormat.money($0.value)))"
        }
    }

    static func series(_ report: PeriodReport) -> [String] {
        let values = report.series.map(\.value)
        guard let line = ValueSparkline.render(values, width: 60) else {
            return ["No day of the period has a price for everything held."]
        }
        let known = values.compactMap { $0 }
        var lines = [
            "`\(line)`", "",
            "Daily close from \(report.series.first!.date) to \(report.series.last!.date): low \(NumberFormat.money(known.min()!)), high \(NumberFormat.money(known.max()!)).",
        ]
        if let gaps = ReportWords.gapNote(values) { lines.append(gaps + " (shown as \(ValueSparkline.gap)).") }
        return lines
    }

    static func freshness(_ report: PeriodReport) -> [String] {
        var lines =
            report.freshness.isEmpty
            ? ["No market prices were used."]
            : table(ReportWords.freshnessHeader, rightFrom: 4, rows: report.freshness.map(ReportWords.freshnessCells))
        let unpriced = ReportWords.unpricedLines(report)
        if !unpriced.isEmpty { lines += [""] + unpriced.map { "- " + $0 } }
        return lines
    }

    /// A pipe table; columns from `rightFrom` on are right-aligned.
    static func table(_ header: [String], rightFrom: Int, rows: [[String]]) -> [String] {
        let rule = header.indices.map { $0 >= rightFrom ? "--:" : "---" }
        return
            (["| " + header.joined(separator: " | ") + " |", "|" + rule.joined(separator: "|") + "|"]
            + rows.map { "| " + $0.map(escape).joined(separator: " | ") + " |" })
    }

    static func escape(_ cell: String) -> String {
        cell.replacing("|", with: "\\|")
    }
}
