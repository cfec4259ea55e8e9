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
        try reportOptions.validate(environment)
        let store = try ledgerOptions.openForReading(in: environment)
        let options = try reportOptions.valuation(
            store: store.settings, environment: environment, perAccount: grouping == .account)
        let runner = try ReplayRunner(store: store, environment: environment)
        let holdings = HoldingsReport(
            state: try runner.replayForHoldings(options, useSnapshots: !fullReplay), prices: runner.prices)
        try runner.report(holdings.diagnostics)
        let report = AllocationReport(holdings: holdings, by: grouping)
        if outputFormat == .json {
            environment.print(ReportJSON.allocation(report, currency: options.currency, asOf: options.asOf))
        } else {
            let ledgerCurrency = (try? store.settings.ledgerCurrency()).flatMap(AssetSymbol.init)
            environment.write(
                render(
                    report, options, ledgerCurrency: ledgerCurrency, theme: reportOptions.theme(environment),
                    width: environment.terminalWidth))
        }
        try runner.finish(
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
