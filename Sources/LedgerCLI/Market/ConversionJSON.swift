import LedgerCore
import LedgerInterchange
import LedgerMarketData
import LedgerStore

/// The JSON of `convert`, `convert --history`, `currencies` and `import --history`
/// (docs/JSON.md): exact decimals as strings, times as ISO 8601 UTC.
enum ConversionJSON {
    static let conversionSchema = "ledger.conversion/1"
    static let conversionsSchema = "ledger.conversions/1"
    static let currenciesSchema = "ledger.currencies/1"
    static let importsSchema = "ledger.imports/1"

    /// One conversion: the exact result and rate, whether the rate is derived, and every
    /// observation it rests on.
    static func conversion(_ conversion: Converter.Conversion) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", conversionSchema)
        fields(conversion.record, into: &writer)
        writer.key("derived")
        writer.bool(conversion.derivation.isDerived)
        writer.key("observations")
        writer.beginArray()
        for (leg, fetched) in zip(conversion.derivation.legs, conversion.legsFetchedAt) {
            writer.beginObject()
            writer.field("asset", leg.observation.asset.text)
            writer.field("quote", leg.observation.quote.text)
            writer.field("price", leg.observation.price.formatted())
            writer.key("inverted")
            writer.bool(leg.inverted)
            writer.field("source", leg.observation.source)
            writer.field("observed_at", leg.observation.observedAt.description)
            writer.field("fetched_at", fetched.description)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// Past conversions, newest first.
    static func history(_ records: [ConversionRecord]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", conversionsSchema)
        writer.key("conversions")
        writer.beginArray()
        for record in records {
            writer.beginObject()
            fields(record, into: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    private static func fields(_ record: ConversionRecord, into writer: inout JSONWriter) {
        writer.field("converted_at", record.convertedAt.description)
        writer.field("amount", record.amount.formatted())
        writer.field("from", record.from.text)
        writer.field("to", record.to.text)
        writer.field("result", record.result.formatted())
        writer.field("rate", record.rate.formatted())
        writer.field("rate_observed_at", record.rateObservedAt.description)
        writer.field("rate_fetched_at", record.rateFetchedAt.description)
        writer.field("source", record.source)
    }

    /// Fiat currencies with their names and whether a source publishes their rates.
    static func currencies(_ codes: [String]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", currenciesSchema)
        writer.key("currencies")
        writer.beginArray()
        for code in codes {
            writer.beginObject()
            writer.field("code", code)
            writer.field("name", FiatCurrency.named[code])
            writer.key("priced")
            writer.bool(FrankfurterSource.published.contains(code))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    /// Import receipts, in the order `import --history` lists them.
    static func imports(_ receipts: [ImportReceipt]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", importsSchema)
        writer.key("imports")
        writer.beginArray()
        for receipt in receipts {
            writer.beginObject()
            writer.field("batch", receipt.batch)
            writer.field("imported_at", receipt.importedAt.description)
            writer.field("file", receipt.file)
            writer.field("format", receipt.format)
            writer.field("account", receipt.account)
            for (name, count) in [("added", receipt.added), ("present", receipt.present), ("rejected", receipt.rejected), ("ignored", receipt.ignored)] {
                writer.field(name, Int64(count))
            }
            writer.field("sha256", receipt.sha256)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.text
    }
}
