import LedgerCore

/// `ledger report` as plain text (or with ANSI colour on a terminal): the value and change,
/// P&L, holdings, allocation pie, top movers, realized gains of the period, the value series,
/// data freshness and the chain head. Every line fits `width` columns.
public struct ReportTextView {
    public let report: PeriodReport
    public let width: Int
    public let theme: Theme

    public init(report: PeriodReport, width: Int, theme: Theme) {
        self.report = report
        self.width = width
        self.theme = theme
    }

    public func render() -> String {
        var parts = [
            Self.wrap(ReportWords.title(report), width: width, indent: "  ").map(theme.bold).joined(separator: "\n")
                + "\n", summary(), holdings(),
        ]
        parts += [allocation(), movers(), gains(), series(), freshness()]
        if let news = report.news {
            parts.append(ReportNewsParts.text(news, asOf: report.options.asOf, width: width, theme: theme))
        }
        parts.append(chain())
        return parts.joined(separator: "\n")
    }

    private func section(_ title: String) -> String { theme.bold(title) + "\n" }

    private func summary() -> String {
        let lines = ReportWords.valueLines(report) + ReportWords.pnlLines(report)
        let labelWidth = lines.map { $0.0.displayWidth }.max() ?? 0
        let indent = String(repeating: " ", count: labelWidth + 4)
        return section("Value (\(report.options.currency))")
            + lines.map { label, amount in
                let wrapped = Self.wrap(amount, width: max(20, width - indent.count), indent: "")
                return "  " + label.padding(labelWidth + 2) + wrapped.joined(separator: "\n" + indent) + "\n"
            }.joined()
    }

    private func holdings() -> String {
        guard !report.holdings.rows.isEmpty else { return section("Holdings") + "No holdings.\n" }
        let view = PortfolioView(report: report.holdings, width: width, theme: theme, showChart: false)
        return section("Holdings") + view.table().render(width: width)
    }

    private func allocation() -> String {
        let slices = AllocationChart.grouped(
            report.allocation.slices.map { AllocationSlice(label: $0.label, share: $0.share) })
        return section("Allocation") + AllocationChart.render(slices, width: width, color: theme.isColored)
    }

    private func movers() -> String {
        var text = section("Top movers (price effect since the start)")
        if !report.movers.isEmpty {
            var table = TextTable(
                columns: ReportWords.moverHeader.enumerated().map { index, title in
                    // Narrow terminals keep asset, change and price effect.
                    TextTable.Column(title, index == 0 ? .left : .right, dropPriority: [0, 3, 2, 1, 0, 0][index])
                })
            for mover in report.movers { table.append(ReportWords.moverCells(mover)) }
            text += table.render(width: width)
        }
        return text + ReportWords.moverNotes(report).map { wrap($0) }.joined()
    }

    private func gains() -> String {
        let totals = report.gains.totals
        var text = section(
            "Realized in the period: \(NumberFormat.signedMoney(totals.gain)) on \(report.gains.disposals.count) disposal\(report.gains.disposals.count == 1 ? "" : "s")"
        )
        let dividends = ReportWords.dividends(report.gains.dividendTotals).map { "\n" + wrap($0) } ?? ""
        guard !report.gains.disposals.isEmpty else { return text + "No disposals in this period.\n" + dividends }
        var table = TextTable(
            columns: ReportWords.gainHeader.enumerated().map { index, title in
                TextTable.Column(
                    title, [1, 5, 6, 7].contains(index) ? .right : .left, dropPriority: [0, 2, 4, 0, 3, 1, 0, 0][index])
            })
        for disposal in report.gains.disposals { table.append(ReportWords.gainCells(disposal)) }
        text += table.render(width: width)
        return text + dividends
    }

    private func series() -> String {
        var text = section("Value over the period (daily close)")
        let values = report.series.map(\.value)
        guard let line = ValueSparkline.render(values, width: width - 2) else {
            return text + wrap("No day of the period has a price for everything held.")
        }
        let known = values.compactMap { $0 }
        text += "  " + line + "\n"
        text += indented(
            "\(report.series.first!.date) … \(report.series.last!.date); low \(NumberFormat.money(known.min()!)), high \(NumberFormat.money(known.max()!))"
        )
        if let gaps = ReportWords.gapNote(values) { text += indented(gaps + " (\(ValueSparkline.gap); see below).") }
        return text
    }

    private func freshness() -> String {
        var text = section("Data freshness")
        if report.freshness.isEmpty {
            text += "No market prices were used.\n"
        } else {
            var table = TextTable(
                columns: ReportWords.freshnessHeader.enumerated().map { index, title in
                    TextTable.Column(title, index == 4 ? .right : .left, dropPriority: [0, 0, 1, 2, 0][index])
                })
            for item in report.freshness { table.append(ReportWords.freshnessCells(item)) }
            text += table.render(width: width)
        }
        return text + ReportWords.unpricedLines(report).map { wrap($0) }.joined()
    }

    private func chain() -> String {
        let chain = report.chain
        return section("Books")
            + "\(chain.events) event\(chain.events == 1 ? "" : "s") in the ledger; chain head:\n\(chain.hash)\n"
    }

    /// Word-wraps `text` with every line indented by two.
    func indented(_ text: String) -> String {
        Self.wrap(text, width: width - 2, indent: "").map { "  " + $0 + "\n" }.joined()
    }

    /// Word-wraps `text` at `width` columns, continuation lines indented by two.
    func wrap(_ text: String) -> String {
        Self.wrap(text, width: width, indent: "  ").joined(separator: "\n") + "\n"
    }

    /// The lines of `text` wrapped at `width` columns, every line after the first starting
    /// with `indent`.
    public static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            if line.isEmpty {
                line = (lines.isEmpty ? "" : indent) + word
            } else if line.displayWidth + 1 + word.displayWidth > width {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines
    }
}
