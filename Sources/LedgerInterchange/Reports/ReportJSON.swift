import LedgerCore

/// JSON for scripts: versioned by a `schema` key, numbers as exact decimal strings, `null`
/// where a value is unknown (an unpriced holding). Documented in docs/JSON.md.
public enum ReportJSON {
    public static let portfolioSchema = "ledger.portfolio/1"
    public static let gainsSchema = "ledger.gains/1"
    public static let allocationSchema = "ledger.allocation/1"

    public static func portfolio(_ report: HoldingsReport) -> String {
        var writer = JSONWriter(pretty: true)
        let options = report.options
        header(portfolioSchema, options, &writer)
        writer.key("by_account")
        writer.bool(options.perAccount)
        writer.field("events", Int64(report.eventCount))
        writer.key("holdings")
        writer.beginArray()
        for row in report.rows { holding(row, &writer) }
        writer.endArray()
        writer.key("totals")
        totals(report.totals, &writer)
        completeness(report.complete, report.missingPrices, &writer)
        diagnostics(report.diagnostics, &writer)
        writer.endObject()
        return writer.text
    }

    /// Opens the document: its schema and the valuation it was made with (the first fields of
    /// every report, under the same names).
    static func header(_ schema: String, _ options: ValuationOptions, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("as_of", options.asOf.description)
        writer.field("currency", options.currency.text)
        writer.field("method", options.method.rawValue)
    }

    static func holding(_ row: HoldingRow, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("asset", row.asset.text)
        writer.field("class", row.assetClass.rawValue)
        nullable("account", row.account, &writer)
        writer.field("quantity", row.quantity.description)
        number("average_cost", row.averageCost, &writer)
        partial("cost_basis", row.costBasis, complete: row.costComplete, &writer)
        number("price", row.price?.value, &writer)
        nullable("price_as_of", row.price?.observedAt.description, &writer)
        nullable("price_source", row.price?.source, &writer)
        number("value", row.value, &writer)
        number("unrealized_pnl", row.unrealizedPnL, &writer)
        number("unrealized_pnl_pct", row.unrealizedPercent, &writer)
        number("allocation_pct", row.allocationPercent, &writer)
        writer.endObject()
    }

    static func totals(_ totals: HoldingsTotals, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("value", totals.value.description)
        partial("cost_basis", totals.costBasis, complete: totals.costComplete, &writer)
        partial("unrealized_pnl", totals.unrealizedPnL, complete: totals.unrealizedComplete, knownPart: false, &writer)
        partial("realized_pnl", totals.realizedPnL, complete: totals.realizedComplete, knownPart: false, &writer)
        partial("income", totals.income, complete: totals.incomeComplete, &writer)
        partial("fees_paid", totals.feesPaid, complete: !totals.incomplete.contains(.fees), &writer)
        partial("net_fiat_paid_in", totals.netFiatPaidIn, complete: totals.netFiatPaidInComplete, &writer)
        writer.key("unpriced_assets")
        writer.beginArray()
        for asset in totals.unpricedAssets { writer.string(asset.text) }
        writer.endArray()
        partial("unpriced_cost_basis", totals.unpricedCost, complete: totals.unpricedCostComplete, &writer)
        writer.endObject()
    }

    public static func gains(_ report: GainsReport) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", gainsSchema)
        writer.field("method", report.method.rawValue)
        writer.field("currency", report.currency.text)
        nullable("since", report.since?.description, &writer)
        nullable("until", report.until?.description, &writer)
        writer.key("disposals")
        writer.beginArray()
        for disposal in report.disposals { self.disposal(disposal, &writer) }
        writer.endArray()
        writer.key("totals")
        gainsTotals(report.totals, &writer)
        dividends(report, &writer)
        completeness(report.totals.complete, report.missingPrices, &writer)
        diagnostics(report.diagnostics, &writer)
        writer.endObject()
        return writer.text
    }

    static func disposal(_ disposal: Disposal, _ writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("asset", disposal.asset.text)
        writer.field("account", disposal.account)
        writer.field("quantity", disposal.quantity.description)
        writer.field("acquired", disposal.acquired.description)
        writer.field("disposed", disposal.disposed.description)
        writer.field("holding_days", Int64(disposal.holdingDays))
        writer.field("term", disposal.term.rawValue)
        partial("proceeds", disposal.proceeds, complete: disposal.proceedsComplete, &writer)
        partial("cost_basis", disposal.cost, complete: disposal.costComplete, &writer)
        partial("gain", disposal.gain, complete: disposal.complete, knownPart: false, &writer)
        writer.field("event", disposal.sequence)
        writer.endObject()
    }

    static func gainsTotals(_ totals: GainsReport.Totals, _ writer: inout JSONWriter) {
        writer.beginObject()
        partial("proceeds", totals.proceeds, complete: totals.proceedsComplete, &writer)
        partial("cost_basis", totals.costBasis, complete: totals.costComplete, &writer)
        for (name, value, complete) in [
            ("gain", totals.gain, totals.gainComplete),
            ("short_term_gain", totals.shortTermGain, totals.shortTermComplete),
            ("long_term_gain", totals.longTermGain, totals.longTermComplete),
        ] {
            partial(name, value, complete: complete, knownPart: false, &writer)
        }
        writer.endObject()
    }

    /// `key`: an array of `{"label", "value", "allocation_pct"}`, as `allocation -O json` and the
    /// period report's allocation write each slice.
    static func slices(_ slices: [AllocationReport.Slice], key: String, _ writer: inout JSONWriter) {
        writer.key(key)
        writer.beginArray()
        for slice in slices {
            writer.beginObject()
            writer.field("label", slice.label)
            writer.field("value", slice.value.description)
            writer.field("allocation_pct", slice.percent.description)
            writer.endObject()
        }
        writer.endArray()
    }

    public static func allocation(_ report: AllocationReport, currency: AssetSymbol, asOf: Timestamp) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", allocationSchema)
        writer.field("as_of", asOf.description)
        writer.field("currency", currency.text)
        writer.field("by", report.grouping.rawValue)
        writer.field("total_value", report.total.description)
        slices(report.slices, key: "slices", &writer)
        writer.key("unpriced_assets")
        writer.beginArray()
        for asset in report.unpricedAssets { writer.string(asset.text) }
        writer.endArray()
        writer.endObject()
        return writer.text
    }

    static func diagnostics(_ list: [LedgerDiagnostic], _ writer: inout JSONWriter) {
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in list {
            writer.beginObject()
            writer.field("severity", diagnostic.severity.rawValue)
            if let sequence = diagnostic.sequence { writer.field("event", sequence) }
            writer.field("message", diagnostic.message)
            writer.endObject()
        }
        writer.endArray()
    }

    /// `"complete"` and the `"missing_prices"` behind it: one entry per asset, quote and day,
    /// with the events that needed it.
    static func completeness(_ complete: Bool, _ missing: [MissingPrice], _ writer: inout JSONWriter) {
        writer.key("complete")
        writer.bool(complete)
        writer.key("missing_prices")
        writer.beginArray()
        for item in missing {
            writer.beginObject()
            writer.field("asset", item.asset.text)
            writer.field("quote", item.quote.text)
            writer.field("day", item.day.description)
            writer.key("events")
            writer.beginArray()
            for sequence in item.sequences { writer.integer(sequence) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
    }

    /// A figure that may lack a valuation: the amount when complete; else `null`, and for an
    /// amount (not a gain or P&L, whose known part bounds nothing) the known part beside it as
    /// `NAME_known_part`.
    static func partial(
        _ name: String, _ value: ExactDecimal, complete: Bool, knownPart: Bool = true, _ writer: inout JSONWriter
    ) {
        guard !complete else { return writer.field(name, value.description) }
        writer.key(name)
        writer.null()
        if knownPart { writer.field(name + "_known_part", value.description) }
    }

    static func number(_ name: String, _ value: ExactDecimal?, _ writer: inout JSONWriter) {
        nullable(name, value?.description, &writer)
    }

    static func nullable(_ name: String, _ value: String?, _ writer: inout JSONWriter) {
        writer.key(name)
        if let value { writer.string(value) } else { writer.null() }
    }
}
