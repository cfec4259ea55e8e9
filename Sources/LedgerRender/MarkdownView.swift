import LedgerCore

/// Markdown versions of the reports (for e-mail bodies and notes).
public enum MarkdownView {
    /// The holdings table and totals as GitHub-flavoured Markdown.
    public static func portfolio(_ report: HoldingsReport) -> String {
        let options = report.options
        var lines = [
            "## Portfolio as of \(options.asOf.reportDescription) (\(options.currency), \(options.method.rawValue.uppercased()))",
            "",
        ]
        lines.append(
            "| asset | quantity | avg cost | cost basis | price | value | unrealized | % | share | price date |")
        lines.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
        for row in report.rows {
            let cells: [String] = [
                row.asset.text + (row.account.map { " (\($0))" } ?? ""), NumberFormat.quantity(row.quantity),
                row.averageCost.map(NumberFormat.price) ?? "—",
                NumberFormat.money(row.costBasis, complete: row.costComplete),
                row.price.map { NumberFormat.price($0.value) } ?? "unpriced",
                row.value.map { NumberFormat.money($0) } ?? "—",
                row.unrealizedPnL.map(NumberFormat.signedMoney) ?? "—",
                row.unrealizedPercent.map { NumberFormat.percent($0, signed: true) } ?? "—",
                row.allocationPercent.map { NumberFormat.percent($0) } ?? "—",
                row.price.map { $0.observedAt.date.description } ?? "—",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        let t = report.totals
        lines += [
            "", "**Totals (\(options.currency))**", "",
            "- Value: \(NumberFormat.money(t.value))",
            "- Cost basis: \(NumberFormat.money(t.costBasis, complete: t.costComplete))",
            "- Unrealized P&L: \(NumberFormat.signedMoney(t.unrealizedPnL, complete: t.unrealizedComplete))",
            "- Realized P&L: \(NumberFormat.signedMoney(t.realizedPnL, complete: t.realizedComplete))",
            "- Income: \(NumberFormat.money(t.income, complete: t.incomeComplete))",
            "- Net fiat paid in: \(NumberFormat.money(t.netFiatPaidIn, complete: t.netFiatPaidInComplete))",
        ]
        if !t.unpricedAssets.isEmpty {
            lines.append("- Unpriced (not in value): \(t.unpricedAssets.map(\.text).joined(separator: ", "))")
        }
        if let missing = MissingPriceNote.sentence(report.missingPrices) { lines += ["", missing] }
        return lines.joined(separator: "\n") + "\n"
    }
}
