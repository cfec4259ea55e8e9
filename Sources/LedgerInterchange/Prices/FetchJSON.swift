import LedgerCore

/// `ledger.prices.fetch/1`, what `prices fetch -O json` prints: which source priced each
/// asset, how many prices were recorded, and (with `--history`) the splits and dividends the
/// sources report, each with whether the ledger records it and the command that would.
public enum FetchJSON {
    public static let schema = "ledger.prices.fetch/1"

    public static func document(
        at time: Timestamp, quote: AssetSymbol, history: Bool, pricedBy: [(asset: AssetSymbol, source: String?)],
        prices: Int, corporateActions: [CorporateActionFinding]
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("at", time.description)
        writer.field("quote", quote.text)
        writer.field("history", history)
        writer.field("prices", Int64(prices))
        writer.key("assets")
        writer.beginArray()
        for (asset, source) in pricedBy {
            writer.beginObject()
            writer.field("asset", asset.text)
            writer.field("source", source)
            writer.endObject()
        }
        writer.endArray()
        writer.key("corporate_actions")
        writer.beginArray()
        for finding in corporateActions { write(finding, &writer) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    private static func write(_ finding: CorporateActionFinding, _ writer: inout JSONWriter) {
        let action = finding.action
        writer.beginObject()
        writer.field("asset", action.asset.text)
        writer.field("date", action.date.description)
        switch action.kind {
        case .split(let ratio):
            writer.field("kind", "split")
            writer.field("ratio", ratio.description)
        case .dividend(let perShare, let currency):
            writer.field("kind", "dividend")
            writer.field("per_share", perShare.formatted())
            writer.field("currency", currency.text)
        }
        writer.field("source", action.source)
        writer.field("held", finding.held.formatted())
        writer.field("recorded", finding.recorded)
        writer.key("command")
        if let command = finding.command { writer.string(command) } else { writer.null() }
        writer.endObject()
    }
}
