import LedgerCore

/// `ledger returns` as text within `width` columns (at most 80 used): the figures, the
/// benchmark's beside them, the value and contributions as one-line charts, and the prices that
/// are missing with the command that records them (docs/RETURNS.md).
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
        [title(), figures(), chart(), unknown()].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private func title() -> String {
        let range = report.first == report.last ? "\(report.first)" : "\(report.first) to \(report.last)"
        let days = report.dayCount == 1 ? "1 day" : "\(report.dayCount) days"
        return theme.bold("Returns \(range) (\(days))") + "\n"
            + wrap(
                "As of \(report.asOf.reportDescription), in \(report.currency); start value at the close of \(report.days.first?.date ?? report.first)."
            )
    }

    private func figures() -> String {
        var header = ["", "portfolio"]
        var columns = [report.figures]
        if let benchmark = report.benchmark {
            header.append("if in \(benchmark.symbol)")
            columns.append(benchmark.figures)
        }
        let rows: [(String, (ReturnFigures) -> String)] =
            [
                ("Start value", { money($0.startValue) }), ("End value", { money($0.endValue) }),
                ("Net contributions", { money($0.contributions, signed: true) }),
                ("Gain", { money($0.gain, signed: true) }),
                ("Time-weighted return", { percent($0.timeWeighted?.cumulative) }),
                ("Money-weighted return", { moneyWeighted($0) }),
            ] + annualRows()
        var lines = [header] + rows.map { label, cell in [label] + columns.map(cell) }
        lines = lines.map { $0.count < header.count ? $0 + [""] : $0 }
        return lines.map(line).joined() + notes()
    }

    private func annualRows() -> [(String, (ReturnFigures) -> String)] {
        guard report.dayCount > 365 else { return [] }
        return [
            ("TWR a year", { percent($0.timeWeighted?.annualised) }),
            ("MWR a year", { figures in percent((try? figures.moneyWeighted?.get())?.annualRate) }),
        ]
    }

    private func line(_ cells: [String]) -> String {
        var text = cells[0] + String(repeating: " ", count: max(1, 24 - cells[0].displayWidth))
        for cell in cells.dropFirst() {
            text += String(repeating: " ", count: max(1, 16 - cell.displayWidth)) + cell
        }
        return text + "\n"
    }

    private func notes() -> String {
        var notes: [String] = []
        if case .failure(let why) = report.figures.moneyWeighted {
            notes.append("No money-weighted return: \(why.reason).")
        }
        if let bridged = report.figures.timeWeighted?.bridgedDays, bridged > 0 {
            notes.append(
                "The time-weighted return links over \(bridged) day\(bridged == 1 ? "" : "s") without a value.")
        }
        let figures = [report.figures] + (report.benchmark.map { [$0.figures] } ?? [])
        if figures.contains(where: { $0.endValue == nil || $0.startValue == nil || $0.contributions == nil }) {
            notes.append("? is unknown: a price is missing (see below).")
        }
        return notes.map(wrap).joined()
    }

    private func chart() -> String {
        let values = report.days.map(\.value)
        var running: ExactDecimal? = .zero
        let paid = report.days.map { day -> ExactDecimal? in
            running = running.flatMap { total in day.flow.map { total + $0 } }
            return running
        }
        let known = (values + paid).compactMap { $0 }
        guard let low = known.min(), let high = known.max(),
            let valueLine = ValueSparkline.render(values, width: width - 9, range: low...high),
            let paidLine = ValueSparkline.render(paid, width: width - 9, range: low...high)
        else { return "" }
        return theme.bold("Value and net contributions (daily close, one scale)") + "\n" + "  value  " + valueLine
            + "\n" + "  in     " + paidLine + "\n"
            + wrap(
                "  \(report.days.first!.date) … \(report.days.last!.date); low \(NumberFormat.money(low)), high \(NumberFormat.money(high)); \(ValueSparkline.gap) a day without a value."
            )
    }

    private func unknown() -> String {
        guard !report.unknownSpans.isEmpty else { return "" }
        var text = theme.bold("Missing prices (carried at most \(ReturnsSeries.carryDays) days)") + "\n"
        for span in report.unknownSpans {
            let range = span.from == span.to ? "\(span.from)" : "\(span.from) to \(span.to)"
            text += wrap("  \(span.asset): no price \(range); run: \(span.fillCommand)")
        }
        return text
    }

    private func money(_ value: ExactDecimal?, signed: Bool = false) -> String {
        guard let value else { return NumberFormat.incompleteUnknown }
        return theme.signed(
            signed ? NumberFormat.signedMoney(value) : NumberFormat.money(value), signed ? value : .zero)
    }

    private func percent(_ rate: ExactDecimal?) -> String {
        guard let rate else { return NumberFormat.incompleteUnknown }
        return theme.signed(NumberFormat.percent(rate * 100, signed: true, places: 2), rate)
    }

    private func moneyWeighted(_ figures: ReturnFigures) -> String {
        switch figures.moneyWeighted {
        case .success(let rate): percent(rate.periodRate)
        case .failure: "none"
        case nil: NumberFormat.incompleteUnknown
        }
    }

    private func wrap(_ text: String) -> String {
        ReportTextView.wrap(text, width: width, indent: "  ").joined(separator: "\n") + "\n"
    }
}
