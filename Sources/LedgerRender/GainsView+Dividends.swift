import LedgerCore

extension GainsView {
    /// The dividends of the period and the tax withheld from them (nothing when there are
    /// none): income, not gains, but what a tax return asks for beside them.
    var dividendLines: String {
        let totals = report.dividendTotals
        guard totals.count > 0 else { return "" }
        let rows = [
            ("gross", NumberFormat.money(totals.gross, complete: totals.complete)),
            ("tax withheld", NumberFormat.money(totals.withheld, complete: totals.complete)),
            ("net", NumberFormat.money(totals.net, complete: totals.complete)),
        ]
        let valueWidth = rows.map(\.1.count).max() ?? 0
        var text = "\n" + theme.bold("Dividends") + " (\(totals.count) received)\n"
        for (label, value) in rows {
            text += "  " + label.padding(14) + String(repeating: " ", count: valueWidth - value.count) + value + "\n"
        }
        return text
    }
}

extension ReportWords {
    /// `Dividends in the period: 72.34 gross, 14.90 tax withheld, 57.44 net (4 received).`,
    /// or nil when there are none.
    static func dividends(_ totals: DividendTotals) -> String? {
        guard totals.count > 0 else { return nil }
        let money = { (value: ExactDecimal) in NumberFormat.money(value, complete: totals.complete) }
        return
            "Dividends in the period: \(money(totals.gross)) gross, \(money(totals.withheld)) tax withheld, \(money(totals.net)) net (\(totals.count) received)."
    }
}
