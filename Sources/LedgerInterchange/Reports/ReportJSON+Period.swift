import LedgerCore

/// `ledger report -O json` (`ledger.report/1`, docs/REPORT.md): the portfolio's fields under
/// the same names as `ledger.portfolio/1`, plus the period, the value series, movers, the
/// period's realized gains, price freshness and the chain head.
extension ReportJSON {
    public static let reportSchema = "ledger.report/1"

    public static func report(_ report: PeriodReport) -> String {
        var writer = JSONWriter(pretty: true)
        let options = report.options
        header(reportSchema, options, &writer)
        writer.field("events", Int64(report.holdings.eventCount))
        period(report.period, &writer)
        writer.key("chain")
        writer.beginObject()
        writer.field("events", report.chain.events)
        writer.field("head", report.chain.hash)
        writer.endObject()
        change(report, &writer)
        writer.key("totals")
        totals(report.holdings.totals, &writer)
        writer.key("holdings")
        writer.beginArray()
        for row in report.holdings.rows { holding(row, &writer) }
        writer.endArray()
        slices(report.allocation.slices, key: "allocation", &writer)
        movers(report, &writer)
        realized(report.gains, &writer)
        series(report, &writer)
        freshness(report, &writer)
        completeness(report.holdings.complete && report.gains.totals.complete, report.holdings.missingPrices, &writer)
        diagnostics(report.holdings.diagnostics, &writer)
        if let news = report.news {
            writer.key("news")
            writer.beginObject()
            NewsJSON.list(news.headlines, now: options.asOf, &writer)
            writer.key("uncached")
            writer.beginArray()
            for symbol in news.uncached { writer.string(symbol.text) }
            writer.endArray()
            writer.endObject()
        }
        writer.endObject()
        return writer.text
    }

    private static func period(_ period: ReportPeriod, _ writer: inout JSONWriter) {
        writer.key("period")
        writer.beginObject()
        writer.field("kind", period.kind.rawValue)
        writer.field("first", period.first.description)
        writer.field("last", period.last.description)
        writer.field("start_close", period.baseDay.description)
        writer.field("days", Int64(period.dayCount))
        writer.endObject()
    }

    private static func change(_ report: PeriodReport, _ writer: inout JSONWriter) {
        writer.key("change")
        writer.beginObject()
        number("start_value", report.startValue, &writer)
        number("end_value", report.endValue, &writer)
        number("change", report.change, &writer)
        number("change_pct", report.changePercent, &writer)
        writer.endObject()
    }

    private static func movers(_ report: PeriodReport, _ writer: inout JSONWriter) {
        writer.key("movers")
        writer.beginArray()
        for mover in report.movers {
            writer.beginObject()
            writer.field("asset", mover.asset.text)
            writer.field("quantity", mover.quantity.description)
            writer.field("start_price", mover.startPrice.description)
            writer.field("end_price", mover.endPrice.description)
            number("price_change_pct", mover.percent, &writer)
            writer.field("price_effect", mover.effect.description)
            writer.endObject()
        }
        writer.endArray()
        symbols("unranked_assets", report.unrankedAssets, &writer)
    }

    private static func realized(_ gains: GainsReport, _ writer: inout JSONWriter) {
        writer.key("realized")
        writer.beginObject()
        writer.key("disposals")
        writer.beginArray()
        for item in gains.disposals { disposal(item, &writer) }
        writer.endArray()
        writer.key("totals")
        gainsTotals(gains.totals, &writer)
        dividends(gains, &writer)
        writer.endObject()
    }

    private static func series(_ report: PeriodReport, _ writer: inout JSONWriter) {
        writer.key("series")
        writer.beginArray()
        for day in report.series {
            writer.beginObject()
            writer.field("date", day.date.description)
            number("value", day.value, &writer)
            symbols("unpriced", day.unpriced, &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("unpriced_spans")
        writer.beginArray()
        for span in report.unpricedSpans {
            writer.beginObject()
            writer.field("asset", span.asset.text)
            writer.field("from", span.from.description)
            writer.field("to", span.to.description)
            writer.field("days", Int64(span.days))
            writer.endObject()
        }
        writer.endArray()
    }

    private static func freshness(_ report: PeriodReport, _ writer: inout JSONWriter) {
        writer.key("freshness")
        writer.beginArray()
        for item in report.freshness {
            writer.beginObject()
            writer.field("asset", item.asset.text)
            writer.field("price_as_of", item.observedAt.description)
            writer.field("price_source", item.source)
            nullable("fetched_at", item.fetchedAt?.description, &writer)
            writer.field("age_seconds", item.ageSeconds)
            writer.endObject()
        }
        writer.endArray()
    }

    private static func symbols(_ name: String, _ list: [AssetSymbol], _ writer: inout JSONWriter) {
        writer.key(name)
        writer.beginArray()
        for asset in list { writer.string(asset.text) }
        writer.endArray()
    }
}
