import LedgerCore

/// The JSON of `convert`, `convert --history`, `currencies` and `import --history`
/// (docs/JSON.md): exact decimals as strings, times as ISO 8601 UTC.
public enum ConversionJSON {
    public static let conversionSchema = "ledger.conversion/1"
    public static let conversionsSchema = "ledger.conversions/1"
    public static let currenciesSchema = "ledger.currencies/1"
    public static let importsSchema = "ledger.imports/1"

    /// One conversion: the exact result and rate, whether the rate is derived, and every
    /// observation it rests on (`legsFetchedAt`: when each leg's observation was fetched, in
    /// the order of `derivation.legs`).
    public static func conversion(
        _ record: ConversionRecord, derivation: PriceDerivation, legsFetchedAt: [Timestamp]
    ) -> String {
        JSONWriter.document(schema: conversionSchema) { writer in
            fields(record, into: &writer)
            writer.field("derived", derivation.isDerived)
            let legs = zip(derivation.legs, legsFetchedAt)
            writer.objects("observations", legs) { writer, pair in
                let (leg, fetched) = pair
                writer.field("asset", leg.observation.asset.text)
                writer.field("quote", leg.observation.quote.text)
                writer.field("price", leg.observation.price.formatted())
                writer.field("inverted", leg.inverted)
                writer.field("source", leg.observation.source)
                writer.field("observed_at", leg.observation.observedAt.description)
                writer.field("fetched_at", fetched.description)
            }
        }
    }

    /// Past conversions, newest first.
    public static func history(_ records: [ConversionRecord]) -> String {
        JSONWriter.document(schema: conversionsSchema) { writer in
            writer.objects("conversions", records) { writer, record in fields(record, into: &writer) }
        }
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

    /// Fiat currencies with their names and whether a source publishes their rates (`priced`).
    public static func currencies(_ codes: [String], priced: Set<String>) -> String {
        JSONWriter.document(schema: currenciesSchema) { writer in
            writer.objects("currencies", codes) { writer, code in
                writer.field("code", code)
                writer.field("name", FiatCurrency.named[code])
                writer.field("priced", priced.contains(code))
            }
        }
    }

    /// Import receipts, in the order `import --history` lists them.
    public static func imports(_ receipts: [ImportReceipt]) -> String {
        JSONWriter.document(schema: importsSchema) { writer in
            writer.objects("imports", receipts) { writer, receipt in
                writer.field("batch", receipt.batch)
                writer.field("imported_at", receipt.importedAt.description)
                writer.field("file", receipt.file)
                writer.field("format", receipt.format)
                writer.field("account", receipt.account)
                for (name, count) in [
                    ("added", receipt.added), ("present", receipt.present), ("rejected", receipt.rejected),
                    ("ignored", receipt.ignored),
                ] {
                    writer.field(name, Int64(count))
                }
                writer.field("sha256", receipt.sha256)
            }
        }
    }
}
