import LedgerCore

/// CSV versions of the reports: one header row, exact decimals, empty cells where unknown
/// (unpriced, or lacking a valuation because a price is missing).
public enum ReportCSV {
    public static func portfolio(_ report: HoldingsReport) -> String {
        var writer = CSVWriter()
        writer.row([
            "asset", "class", "account", "quantity", "average_cost", "cost_basis", "price", "price_as_of",
            "value", "unrealized_pnl", "unrealized_pnl_pct", "allocation_pct",
        ])
        for row in report.rows {
            writer.row([
                row.asset.text, row.assetClass.rawValue, row.account ?? "", row.quantity.description,
                text(row.averageCost), text(row.costComplete ? row.costBasis : nil), text(row.price?.value),
                row.price?.observedAt.description ?? "", text(row.value), text(row.unrealizedPnL),
                text(row.unrealizedPercent), text(row.allocationPercent),
            ])
        }
        return writer.text
    }

    /// One row per disposal, as a tax preparer's spreadsheet wants it.
    public static func gains(_ report: GainsReport) -> String {
        var writer = CSVWriter()
        writer.row([
            "asset", "account", "quantity", "acquired", "disposed", "holding_days", "term",
            "proceeds", "cost_basis", "gain", "currency", "method", "event",
        ])
        for disposal in report.disposals {
            // An amount that lacks a valuation is left empty, as unknown.
            func known(_ value: ExactDecimal, _ complete: Bool) -> ExactDecimal? { complete ? value : nil }
            writer.row([
                disposal.asset.text, disposal.account, disposal.quantity.description,
                disposal.acquired.date.description, disposal.disposed.date.description, "\(disposal.holdingDays)",
                disposal.term.rawValue, text(known(disposal.proceeds, disposal.proceedsComplete)),
                text(known(disposal.cost, disposal.costComplete)), text(known(disposal.gain, disposal.complete)),
                report.currency.text, report.method.rawValue, "\(disposal.sequence)",
            ])
        }
        return writer.text
    }

    private static func text(_ value: ExactDecimal?) -> String { value?.description ?? "" }
}
