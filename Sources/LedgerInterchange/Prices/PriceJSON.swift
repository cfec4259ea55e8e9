import LedgerCore

/// `ledger.prices/1`, what `prices show -O json` prints: stored observations with exact
/// decimal strings.
public enum PriceJSON {
    public static let schema = "ledger.prices/1"

    /// The prices as stored (`fetchedAt`: when the ledger recorded each); `asset` is the one
    /// asked for when showing one asset's history (`view` is then `history`, else `latest`).
    public static func prices(_ prices: [(observation: PriceObservation, fetchedAt: Timestamp)], asset: AssetSymbol?)
        -> String
    {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("view", asset == nil ? "latest" : "history")
        writer.field("asset", asset?.text)
        writer.key("prices")
        writer.beginArray()
        for (price, fetchedAt) in prices {
            writer.beginObject()
            writer.field("asset", price.asset.text)
            writer.field("quote", price.quote.text)
            writer.field("price", price.price.formatted())
            writer.field("observed_at", price.observedAt.description)
            writer.field("source", price.source)
            writer.field("fetched_at", fetchedAt.description)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}
