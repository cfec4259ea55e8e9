import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger returns`: the value over a period, net contributions, gain, time- and money-weighted
/// returns, and a benchmark (docs/RETURNS.md). The use case is LedgerApp's
/// ``ReturnsStatement``; this command only prints it.
struct ReturnsCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "returns",
        abstract: "How am I doing: value, contributions, gain, time- and money-weighted returns.",
        discussion: """
            Values are end-of-day UTC closes from the recorded prices, carried at most \
            \(ReturnsSeries.carryDays) days; beyond that a day is unknown and the report names the \
            asset and the command that records its prices. Deposits and withdrawals are the flows, at \
            the start of their day; income and fees are return. -O json writes ledger.returns/1. \
            See docs/RETURNS.md for every definition.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "\(ReturnsPeriod.list).")
    var period: String = "30d"

    @Option(help: "Compare with holding this asset bought with the same flows (e.g. BTC, SPY).")
    var benchmark: String?

    @Option(help: "Also a return per \(ReturnsGrouping.list): trades and transfers are each sleeve's flows.")
    var by: String?

    @Option(
        name: .customLong("as-of"), help: "End the period at this date (end of day, UTC) or instant (default: now).")
    var asOf: String?

    @Option(help: "Report in this currency, converting through recorded FX rates (default: the ledger's).")
    var currency: String?

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, md, html, json or csv.")
    var outputFormat: String = "text"

    func run(in environment: CommandEnvironment) throws {
        let format = try ReturnsFormat.parse(outputFormat, for: "returns")
        let request = ReturnsRequest(
            period: period, benchmark: benchmark, by: by, valuation: ValuationQuery(asOf: asOf, currency: currency))
        try request.validate()
        let store = try ledgerOptions.openForReading(in: environment)
        let report = try ReturnsStatement.make(request, store: store, context: environment.app)
        environment.write(
            format.render(report, width: environment.terminalWidth, theme: color.theme(for: environment)))
    }
}

/// `-O` of `ledger returns`.
enum ReturnsFormat: String, CommandFormat {
    case text, md, html, json, csv

    func render(_ report: ReturnsReport, width: Int, theme: Theme) -> String {
        switch self {
        case .text: ReturnsTextView(report: report, width: width, theme: theme).render()
        case .md: ReturnsMarkdownView.render(report)
        case .html: ReturnsHTMLView.render(report)
        case .json: ReturnsJSON.document(report) + "\n"
        case .csv: ReturnsJSON.csv(report)
        }
    }
}
