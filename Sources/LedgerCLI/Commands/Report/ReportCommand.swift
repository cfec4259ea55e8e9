import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger report`: one report of a period — value and change, P&L, holdings, allocation,
/// movers, realized gains, the value over time, data freshness and the chain head — as text,
/// Markdown, a self-contained HTML page or JSON, to stdout or atomically to a file. Made for
/// cron: no prompts, no colour off a terminal, the same bytes for the same inputs.
struct ReportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "A period report (text, Markdown, HTML with charts, JSON) for people and cron.",
        discussion: """
            The period runs from the start of the day, ISO week, month, quarter or year that \
            holds --as-of up to it; its starting value is the close of the day before. Values \
            over the period use only prices observed on each day: a day missing a price is a \
            gap, not a zero. Exit status: 0 written; 1 the report cannot be correct (a price \
            older than --max-price-age, an unpriced holding under --max-price-age, an event that \
            cannot be valued) or cannot be written; 64 a usage error. Nothing is written to -o \
            unless the whole report is. See docs/REPORT.md and docs/cron.md.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var reportOptions: ReportOptions

    @Option(help: "day, week, month, quarter, year or all.")
    var period: String = "month"

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, md, html or json.")
    var outputFormat: String = "text"

    @Option(
        name: [.customShort("o"), .customLong("output-file")],
        help: "Write to this file (atomically: a temporary file renamed over it) instead of stdout.")
    var outputFile: String?

    @Option(
        name: .customLong("max-price-age"),
        help: "Fail when a holding's price is older than this at as-of, or missing (e.g. 36h, 2d, 1w).")
    var maxPriceAge: String?

    @Flag(help: "End with the cached headlines of held assets (fetched by 'ledger news SYMBOL').")
    var news = false

    func run(in environment: CommandEnvironment) throws {
        let format = try ReportFormat.parse(outputFormat, for: "report")
        let kind = try periodKind()
        let maxAge = try maxAgeSeconds()
        let source = try ReportSource.open(ledgerOptions.opener(in: environment), query: reportOptions.query)
        var report = try ReportAssembly.build(source, kind: kind)
        if news { report.news = try ReportNews.cached(in: source.store, for: report) }
        if let maxAge { try ReportAssembly.checkFreshness(report, maxAge: maxAge, option: maxPriceAge ?? "") }
        let toFile = outputFile != nil
        let complete = report.holdings.complete && report.gains.totals.complete
        let finish = {
            try source.finish(
                missing: report.holdings.missingPrices, complete: complete, strict: reportOptions.strict,
                noted: format != .json)
        }
        // A file is written only when the report may be: under --strict an incomplete one
        // leaves the file as it was.
        if toFile, reportOptions.strict, !complete { try finish() }
        let text = format.render(
            report, width: toFile ? 80 : environment.terminalWidth,
            theme: toFile ? .plain : reportOptions.theme(environment))
        if let outputFile {
            try OutputFile.write(text, to: outputFile, in: environment)
        } else {
            environment.write(text)
        }
        try finish()
    }

    private func periodKind() throws -> ReportPeriodKind {
        try ValuationQuery.period(period)
    }

    private func maxAgeSeconds() throws -> Int64? {
        guard let maxPriceAge else { return nil }
        guard let seconds = Age.parseDuration(maxPriceAge) else {
            throw ReportOptionError.notAPriceAge(maxPriceAge)
        }
        return seconds
    }
}

/// `-O` of `ledger report`: the formats it writes (HTML only here, so it is not in the shared
/// ``OutputFormat``).
enum ReportFormat: String, CommandFormat {
    case text, md, html, json

    func render(_ report: PeriodReport, width: Int, theme: Theme) -> String {
        switch self {
        case .text: ReportTextView(report: report, width: width, theme: theme).render()
        case .md: ReportMarkdownView.render(report)
        case .html: ReportHTMLView(report: report).render()
        case .json: ReportJSON.report(report) + "\n"
        }
    }
}
