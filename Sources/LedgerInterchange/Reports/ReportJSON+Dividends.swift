import LedgerCore

extension ReportJSON {
    /// `"dividends": {"count", "gross", "tax_withheld", "net"}` of a gains report, written only
    /// when the period has dividends (documents without any are as before).
    static func dividends(_ report: GainsReport, _ writer: inout JSONWriter) {
        let totals = report.dividendTotals
        guard totals.count > 0 else { return }
        writer.key("dividends")
        writer.beginObject()
        writer.field("count", Int64(totals.count))
        partial("gross", totals.gross, complete: totals.complete, &writer)
        partial("tax_withheld", totals.withheld, complete: totals.complete, &writer)
        partial("net", totals.net, complete: totals.complete, &writer)
        writer.endObject()
    }
}
