import LedgerCore

/// `ledger returns -O json` (`ledger.returns/1`) and `-O csv` (docs/JSON.md, docs/RETURNS.md):
/// rates as exact percentages, `null` where a figure is unknown, the annualised rates only for
/// a period over a year.
public enum ReturnsJSON {
    public static let schema = "ledger.returns/1"

    /// The document, without a final newline (the CLI adds one, as for every `-O json`).
    public static func document(_ report: ReturnsReport) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        writer.field("as_of", report.asOf.description)
        writer.field("currency", report.currency.text)
        period(report, &writer)
        figures(report.figures, &writer)
        writer.key("benchmark")
        if let benchmark = report.benchmark {
            writer.beginObject()
            writer.field("asset", benchmark.symbol.text)
            figures(benchmark.figures, &writer)
            writer.endObject()
        } else {
            writer.null()
        }
        ReportJSON.nullable("by", report.grouping?.rawValue, &writer)
        writer.objects("sleeves", report.sleeves) { writer, sleeve in
            writer.field("name", sleeve.name)
            figures(sleeve.figures, &writer)
        }
        writer.objects("series", report.days) { writer, day in seriesDay(day, &writer) }
        writer.objects("unknown_prices", report.unknownSpans) { writer, span in
            writer.field("asset", span.asset.text)
            writer.field("from", span.from.description)
            writer.field("to", span.to.description)
            writer.field("days", Int64(span.days))
            writer.field("fill", span.fillCommand)
        }
        writer.endObject()
        return writer.text
    }

    static func period(_ report: ReturnsReport, _ writer: inout JSONWriter) {
        writer.key("period")
        writer.beginObject()
        writer.field("first", report.first.description)
        writer.field("last", report.last.description)
        writer.field("start_close", report.days.first?.date.description ?? report.first.description)
        writer.field("days", Int64(report.dayCount))
        writer.endObject()
    }

    /// One day of the series: its close, the part of it priced, the day's flow and the assets
    /// it could not value.
    static func seriesDay(_ day: ReturnsDay, _ writer: inout JSONWriter) {
        writer.field("date", day.date.description)
        ReportJSON.number("value", day.value, &writer)
        writer.field("priced_value", day.pricedValue.description)
        ReportJSON.number("flow", day.flow, &writer)
        writer.key("unknown")
        writer.beginArray()
        for asset in day.unknown { writer.string(asset.text) }
        writer.endArray()
    }

    static func figures(_ figures: ReturnFigures, _ writer: inout JSONWriter) {
        ReportJSON.number("start_value", figures.startValue, &writer)
        ReportJSON.number("end_value", figures.endValue, &writer)
        ReportJSON.number("contributions", figures.contributions, &writer)
        ReportJSON.number("gain", figures.gain, &writer)
        let twr = figures.timeWeighted
        ReportJSON.number("twr_pct", twr.map { $0.cumulative * 100 }, &writer)
        if let annual = twr?.annualised { writer.field("twr_annualised_pct", (annual * 100).description) }
        writer.field("twr_bridged_days", Int64(twr?.bridgedDays ?? 0))
        var rate: MoneyWeightedReturn?
        var failure: String?
        switch figures.moneyWeighted {
        case .success(let found): rate = found
        case .failure(let why): failure = why.reason
        case nil: failure = nil
        }
        ReportJSON.number("mwr_pct", rate.map { $0.periodRate * 100 }, &writer)
        if let annual = rate?.annualRate { writer.field("mwr_annualised_pct", (annual * 100).description) }
        ReportJSON.nullable("mwr_refused", failure, &writer)
    }

    /// One row per day: `date,value,priced_value,flow,contributions,unknown` (contributions
    /// running from the base day; empty cells where unknown). With `--by`, a first column
    /// `sleeve`: the whole portfolio's rows with it empty, then each sleeve's.
    public static func csv(_ report: ReturnsReport) -> String {
        var writer = CSVWriter()
        let header = ["date", "value", "priced_value", "flow", "contributions", "unknown"]
        let split = report.grouping != nil
        writer.row(split ? ["sleeve"] + header : header)
        for (name, days) in [("", report.days)] + report.sleeves.map({ ($0.name, $0.days) }) {
            var running: ExactDecimal? = .zero
            for day in days {
                running = running.flatMap { total in day.flow.map { total + $0 } }
                let row = [
                    day.date.description, day.value?.description ?? "", day.pricedValue.description,
                    day.flow?.description ?? "", running?.description ?? "",
                    day.unknown.map(\.text).joined(separator: " "),
                ]
                writer.row(split ? [name] + row : row)
            }
        }
        return writer.text
    }
}
