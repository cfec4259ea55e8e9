import ArgumentParser
import LedgerApp
import LedgerCore

/// `ledger log`: the events, newest first, with filters.
struct LogCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List recorded events, newest first.",
        discussion: "Voided events are listed with the void that cancelled them and its reason."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "Only events that touch this asset.")
    var asset: String?

    @Option(help: "Only events in (or transferring to) this account.")
    var account: String?

    @Option(help: "Only events of these kinds: \(EventKind.list); repeat it or separate with commas (--kind buy,sell).")
    var kind: [String] = []

    @Option(help: "Only events on or after this date (YYYY-MM-DD).")
    var since: String?

    @Option(help: "Only events on or before this date (YYYY-MM-DD).")
    var until: String?

    @Option(help: "At most this many events.")
    var limit: Int?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json, .csv], for: "log")
        let request = LogRequest(asset: asset, account: account, kinds: kind, since: since, until: until, limit: limit)
        let filter = try request.filter()
        let store = try ledgerOptions.openForReading(in: environment)
        let entries = try request.entries(matching: filter, in: store)
        let output = LogOutput(entries: entries, width: environment.terminalWidth)
        switch outputFormat {
        case .text: environment.write(entries.isEmpty ? "No events match.\n" : output.text())
        case .json: environment.print(LogEntry.json(entries))
        case .csv, .md: environment.write(output.csv())
        }
    }
}
