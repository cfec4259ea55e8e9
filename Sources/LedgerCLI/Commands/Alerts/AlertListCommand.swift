import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger alert list [-O text|json]`.
struct AlertListCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the price alerts with their state and the last price seen."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "alert list")
        let alerts = try AlertBook.list(in: ledgerOptions.openForReading(in: environment))
        let output = AlertListOutput(alerts: alerts, now: environment.now)
        if outputFormat == .json {
            environment.print(output.json())
        } else if alerts.isEmpty {
            environment.print("No alerts; add one with e.g. 'ledger alert add BTC above 50000'.")
        } else {
            environment.write(output.text(width: environment.terminalWidth))
        }
    }
}
