import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger portfolio`: holdings valued at as-of, totals, and the allocation pie.
struct PortfolioCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Holdings, cost basis, realized and unrealized P&L, and allocation.",
        discussion:
            "Values come from the ledger's price table (ledger prices fetch, or by hand prices set/import); a holding without a price is shown as unpriced, never as 0."
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var reportOptions: ReportOptions

    @Flag(name: .customLong("by-account"), help: "Keep lots per account and show one line per account.")
    var byAccount = false

    @Flag(name: .customLong("no-chart"), help: "Leave out the allocation chart.")
    var noChart = false

    @Flag(
        name: .customLong("full-replay"),
        help: "Replay the whole log, ignoring saved snapshots (for benchmarks and checks).")
    var fullReplay = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json, csv or md.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        let query = PortfolioQuery(valuation: reportOptions.query, perAccount: byAccount, useSnapshots: !fullReplay)
        let answer = try query.answer(ledgerOptions.opener(in: environment))
        let report = answer.report
        switch outputFormat {
        case .text:
            var view = PortfolioView(
                report: report, width: environment.terminalWidth,
                theme: reportOptions.theme(environment), showChart: !noChart)
            view.ledgerCurrency = answer.source.ledgerCurrency
            environment.write(view.render())
            if reportOptions.asOf == nil, let note = PriceAgeNote.line(report.rows, now: answer.source.options.asOf) {
                environment.write(note)
            }
        case .json: environment.print(ReportJSON.portfolio(report))
        case .csv: environment.write(ReportCSV.portfolio(report))
        case .md: environment.write(MarkdownView.portfolio(report))
        }
        try answer.source.finish(
            missing: report.missingPrices, complete: report.complete, strict: reportOptions.strict,
            noted: outputFormat == .text || outputFormat == .md)
    }
}
