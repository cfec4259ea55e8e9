import LedgerCore

/// The price-series documents: `ledger.chart/1` (`chart -O json`, the candles) and
/// `ledger.live/1` (`live -O json`, one compact object per asset and update), with exact
/// decimal strings.
public enum ChartJSON {
    public static let chartSchema = "ledger.chart/1"
    public static let liveSchema = "ledger.live/1"

    /// Where a chart's candles came from: the source, when they were fetched, and whether
    /// they were read from the cache.
    public struct Origin {
        public let source: String
        public let fetchedAt: Timestamp
        public let cached: Bool

        public init(source: String, fetchedAt: Timestamp, cached: Bool) {
            self.source = source
            self.fetchedAt = fetchedAt
            self.cached = cached
        }
    }

    /// The candles (oldest first) of `asset` in `quote` over `range`, `interval` wide.
    public static func chart(
        asset: AssetSymbol, quote: AssetSymbol, range: ChartInterval, interval: ChartInterval, origin: Origin,
        candles: [Candle]
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", chartSchema)
        writer.field("asset", asset.text)
        writer.field("quote", quote.text)
        writer.field("range", range.description)
        writer.field("interval", interval.description)
        writer.field("source", origin.source)
        writer.field("fetched_at", origin.fetchedAt.description)
        writer.key("cached")
        writer.bool(origin.cached)
        writer.key("candles")
        writer.beginArray()
        for candle in candles {
            writer.beginObject()
            writer.field("opened_at", candle.openedAt.description)
            writer.field("open", candle.open.formatted())
            writer.field("high", candle.high.formatted())
            writer.field("low", candle.low.formatted())
            writer.field("close", candle.close.formatted())
            writer.field("volume", candle.volume?.formatted())
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text + "\n"
    }

    /// One asset's price at `time`, with the price the change is measured from (the first price
    /// seen, or with `changeFrom` "24h" the price 24 hours ago) and the change in percent
    /// (rounded to 8 places).
    public static func live(
        time: Timestamp, asset: AssetSymbol, quote: String, price: ExactDecimal, startPrice: ExactDecimal?,
        changePercent: ExactDecimal?, source: String?, changeFrom: String? = nil
    ) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("schema", liveSchema)
        writer.field("time", time.description)
        writer.field("asset", asset.text)
        writer.field("quote", quote)
        writer.field("price", price.formatted())
        writer.field("start_price", startPrice?.formatted())
        writer.field("change_percent", changePercent?.rounded(places: 8).formatted())
        writer.field("source", source)
        writer.field("change_from", changeFrom)
        writer.endObject()
        return writer.text
    }
}
