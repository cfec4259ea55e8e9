import LedgerCore

/// `ledger news -O json` (`ledger.news/1`) and `-O csv`, and the `headlines` list that
/// `market show -O json` and `report -O json --news` embed (docs/JSON.md).
public enum NewsJSON {
    public static let schema = "ledger.news/1"

    /// The whole document: what was asked, when, whether from the cache alone, the headlines.
    public static func document(
        _ headlines: [Headline], symbols: [AssetSymbol], generatedAt: Timestamp, offline: Bool
    ) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("generated_at", generatedAt.description)
        writer.key("symbols")
        writer.beginArray()
        for symbol in symbols { writer.string(symbol.text) }
        writer.endArray()
        writer.field("cached_only", offline)
        list(headlines, now: generatedAt, &writer)
        writer.endObject()
        return writer.text
    }

    /// `"headlines": [{…}, …]`, newest first as given.
    public static func list(_ headlines: [Headline], now: Timestamp, _ writer: inout JSONWriter) {
        writer.objects("headlines", headlines) { writer, headline in
            writer.field("published_at", headline.publishedAt.description)
            writer.field("age_seconds", max(now.secondsSinceEpoch - headline.publishedAt.secondsSinceEpoch, 0))
            writer.field("title", headline.title)
            writer.field("publisher", headline.publisher)
            writer.field("url", headline.url)
            writer.key("symbols")
            writer.beginArray()
            for symbol in headline.symbols { writer.string(symbol.text) }
            writer.endArray()
            writer.field("language", headline.language)
            writer.field("source", headline.source)
            writer.field("id", headline.id)
        }
    }

    /// One row per headline: `published_at,publisher,title,url,symbols,language,source,id`
    /// (symbols separated by spaces).
    public static func csv(_ headlines: [Headline]) -> String {
        var writer = CSVWriter()
        writer.row(["published_at", "publisher", "title", "url", "symbols", "language", "source", "id"])
        for headline in headlines {
            writer.row([
                headline.publishedAt.description, headline.publisher, headline.title, headline.url,
                headline.symbols.map(\.text).joined(separator: " "), headline.language ?? "", headline.source,
                headline.id,
            ])
        }
        return writer.text
    }
}
