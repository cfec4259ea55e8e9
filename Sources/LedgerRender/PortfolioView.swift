import LedgerCore

/// The text of `ledger portfolio`: a heading, the holdings table, the totals, where the prices
/// come from, and the allocation chart.
public struct PortfolioView {
    public let report: HoldingsReport
    public let width: Int
    public let theme: Theme
    public let showChart: Bool
    /// The ledger's own currency, when the report is in another (the fetch command then
    /// names the report's currency).
    public var ledgerCurrency: AssetSymbol?

    public init(report: HoldingsReport, width: Int, theme: Theme, showChart: Bool) {
        self.report = report
        self.width = width
        self.theme = theme
        self.showChart = showChart
    }

    public func render() -> String {
        let options = report.options
        var text =
            theme.bold("Portfolio")
            + " as of \(options.asOf.reportDescription) · \(options.currency) · \(options.method.rawValue.uppercased())"
            + (options.perAccount ? " · by account" : "")
            + " · \(report.eventCount) event\(report.eventCount == 1 ? "" : "s")\n\n"
        guard !report.rows.isEmpty else {
            return text + "No holdings. Record one with: ledger add buy BTC 0.1 @ 30000\n\n" + totals()
        }
        text += table().render(width: width) + "\n" + totals() + priceSources()
        if showChart {
            let slices = AllocationChart.grouped(
                report.rows.compactMap { row in
                    row.allocationPercent.map { AllocationSlice(label: label(row), share: $0 / 100) }
                }, threshold: AllocationChart.defaultThreshold)
            text +=
                "\n" + theme.bold("Allocation") + "\n"
                + AllocationChart.render(slices, width: width, color: theme.isColored)
        }
        return text
    }

    private func label(_ row: HoldingRow) -> String {
        row.account.map { "\(row.asset)@\($0)" } ?? row.asset.text
    }

    func table() -> TextTable {
        var columns: [TextTable.Column] = [.init("asset")]
        if report.options.perAccount { columns.append(.init("account", dropPriority: 2)) }
        columns += [
            .init("quantity", .right), .init("avg cost", .right, dropPriority: 4), .init("cost basis", .right),
            .init("price", .right), .init("value", .right), .init("unrealized", .right),
            .init("%", .right, dropPriority: 3), .init("share", .right, dropPriority: 1),
            .init("price date", dropPriority: 5),
        ]
        var table = TextTable(columns: columns)
        for row in report.rows { table.append(cells(row)) }
        return table
    }

    private func cells(_ row: HoldingRow) -> [String] {
        let dash = "—"
        var cells = [row.asset.text]
        if report.options.perAccount { cells.append(row.account ?? "") }
        cells += [
            NumberFormat.quantity(row.quantity),
            row.averageCost.map(NumberFormat.price) ?? dash,
            NumberFormat.money(row.costBasis, complete: row.costComplete),
            row.price.map { NumberFormat.price($0.value) } ?? "unpriced",
            row.value.map { NumberFormat.money($0) } ?? dash,
            row.unrealizedPnL.map { theme.signed(NumberFormat.signedMoney($0), $0) }
                ?? (row.value != nil ? NumberFormat.incompleteUnknown : dash),
            row.unrealizedPercent.map { theme.signed(NumberFormat.percent($0, signed: true), $0) } ?? dash,
            row.allocationPercent.map { NumberFormat.percent($0) } ?? dash,
            row.price.map { $0.observedAt.date.description } ?? dash,
        ]
        return cells
    }

    /// Two columns of label and amount.
    func totals() -> String {
        let t = report.totals
        let left: [(String, String)] = [
            ("value", NumberFormat.money(t.value)),
            ("cost basis", NumberFormat.money(t.costBasis, complete: t.costComplete)),
            (
                "unrealized P&L",
                theme.signed(NumberFormat.signedMoney(t.unrealizedPnL, complete: t.unrealizedComplete), t.unrealizedPnL)
            ),
        ]
        let right: [(String, String)] = [
            (
                "realized P&L",
                theme.signed(NumberFormat.signedMoney(t.realizedPnL, complete: t.realizedComplete), t.realizedPnL)
            ),
            ("income", NumberFormat.money(t.income, complete: t.incomeComplete)),
            ("net fiat paid in", NumberFormat.money(t.netFiatPaidIn, complete: t.netFiatPaidInComplete)),
        ]
        let leftWidth = left.map { $0.1.displayWidth }.max() ?? 0
        let rightWidth = right.map { $0.1.displayWidth }.max() ?? 0
        var lines = [theme.bold("Totals") + " (\(report.options.currency))"]
        for (l, r) in zip(left, right) {
            let first = "  " + l.0.padding(16) + String(repeating: " ", count: leftWidth - l.1.displayWidth) + l.1
            lines.append(
                first + "    " + r.0.padding(17) + String(repeating: " ", count: rightWidth - r.1.displayWidth) + r.1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// When the prices were observed, and what has none.
    func priceSources() -> String {
        var lines: [String] = []
        let quotes = report.rows.compactMap(\.price).filter { $0.source != "identity" }
        if let oldest = quotes.min(by: { $0.observedAt < $1.observedAt }),
            let newest = quotes.max(by: { $0.observedAt < $1.observedAt })
        {
            let span =
                oldest.observedAt.date == newest.observedAt.date
                ? "\(newest.observedAt.compactDescription)"
                : "\(oldest.observedAt.date) to \(newest.observedAt.date)"
            let sources = Set(quotes.map(\.source)).sorted().joined(separator: ", ")
            lines.append("Prices observed \(span) (\(sources)).")
        }
        let t = report.totals
        if !t.unpricedAssets.isEmpty {
            let names = t.unpricedAssets.map(\.text).joined(separator: ", ")
            let sentence =
                "Unpriced, not in value: \(names) (cost basis \(NumberFormat.money(t.unpricedCost, complete: t.unpricedCostComplete))); fetch prices with '\(MissingPriceNote.command(for: report.options.currency, ledgerCurrency: ledgerCurrency))'."
            lines.append(ReportTextView.wrap(sentence, width: max(40, width), indent: "  ").joined(separator: "\n"))
        }
        let missing = MissingPriceNote.text(report.missingPrices, width: width, ledgerCurrency: ledgerCurrency)
        return lines.isEmpty && missing.isEmpty ? "" : "\n" + lines.map { $0 + "\n" }.joined() + missing
    }
}

extension String {
    /// Left-aligned in `width` columns.
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - displayWidth))
    }
}
