import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger allocation`: how the portfolio's value is split, with the pie.
struct AllocationCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "allocation",
        abstract: "How the portfolio's value splits by asset, class or account, with a pie chart."
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var reportOptions: ReportOptions

    @Option(help: "Group by asset, class or account.")
    var by: String = "asset"

    @Flag(
        name: .customLong("full-replay"),
        help: "Replay the whole log, ignoring saved snapshots (for benchmarks and checks).")
    var fullReplay = false

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "allocation")
        guard let grouping = AllocationReport.Grouping(rawValue: by.lowercased()) else {
            throw ReportOptionError.notAGrouping(by)
        }
        let query = PortfolioQuery(
            valuation: reportOptions.query, perAccount: grouping == .account, useSnapshots: !fullReplay)
        let answer = try query.answer(ledgerOptions.opener(in: environment))
        let (holdings, options) = (answer.report, answer.source.options)
        let report = AllocationReport(holdings: holdings, by: grouping)
        if outputFormat == .json {
            environment.print(ReportJSON.allocation(report, currency: options.currency, asOf: options.asOf))
        } else {
            environment.write(
                render(
                    report, options, ledgerCurrency: answer.source.ledgerCurrency,
                    theme: reportOptions.theme(environment),
                    width: environment.terminalWidth))
        }
        try answer.source.finish(
            missing: holdings.missingPrices, complete: holdings.complete, strict: reportOptions.strict, noted: false)
    }

    private func render(
        _ report: AllocationReport, _ options: ValuationOptions, ledgerCurrency: AssetSymbol?, theme: Theme, width: Int
    ) -> String {
        var text =
            theme.bold("Allocation")
            + " by \(report.grouping.rawValue) as of \(options.asOf.reportDescription) · \(options.currency) · total \(NumberFormat.money(report.total))\n\n"
        let slices = AllocationChart.grouped(
            report.slices.map { AllocationSlice(label: $0.label, share: $0.share) },
            threshold: AllocationChart.defaultThreshold)
        text += AllocationChart.render(slices, width: width, color: theme.isColored)
        if !report.unpricedAssets.isEmpty {
            let fill = MissingPriceNote.command(for: options.currency, ledgerCurrency: ledgerCurrency)
            let sentence =
                "Unpriced, not shown: " + report.unpricedAssets.map(\.text).joined(separator: ", ")
                + "; fetch prices with '\(fill)'."
            text +=
                "\n" + ReportTextView.wrap(sentence, width: max(40, width), indent: "  ").joined(separator: "\n") + "\n"
        }
        return text
    }
}
