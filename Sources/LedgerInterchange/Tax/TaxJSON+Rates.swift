import LedgerCore

extension TaxJSON {
    /// `rates[]`: every rate a value was converted with, exact (docs/JSON.md, `ledger.tax/2`).
    static func rates(_ rates: [TaxRate], _ writer: inout JSONWriter) {
        writer.key("rates")
        writer.beginArray()
        for rate in rates {
            writer.beginObject()
            writer.field("day", rate.day.description)
            writer.field("asset", rate.asset.text)
            writer.field("quote", rate.quote.text)
            writer.field("rate", rate.rate.description)
            writer.field("observed_at", rate.observedAt.description)
            writer.field("source", rate.source)
            writer.field("derived", rate.derived)
            writer.endObject()
        }
        writer.endArray()
    }
}
