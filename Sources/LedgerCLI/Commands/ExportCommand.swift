import ArgumentParser
import LedgerCore
import LedgerInterchange

/// `ledger export`: the events as JSONL (lossless, re-importable), JSON or CSV.
struct ExportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the events as JSONL (lossless), JSON or CSV.",
        discussion: "JSONL and JSON exports import back with 'ledger import' into the same events. -o writes atomically."
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "jsonl, json or csv.")
    var outputFormat: String = "jsonl"

    @Option(name: [.customShort("o"), .customLong("output-file")], help: "Write to this file (atomically) instead of stdout.")
    var outputFile: String?

    @Option(help: "Only events on or after this date (YYYY-MM-DD).")
    var since: String?

    @Option(help: "Only events on or before this date (YYYY-MM-DD).")
    var until: String?

    func run(in environment: CommandEnvironment) throws {
        guard ["jsonl", "json", "csv"].contains(outputFormat) else {
            throw CommandFailure.usage("export writes jsonl, json or csv; '-O \(outputFormat)' is not one of them")
        }
        let from = try since.map { try DateOption.parse($0, "--since") }
        let to = try until.map { try DateOption.parse($0, "--until") }
        let store = try ledgerOptions.openExisting(in: environment)
        let events = try store.allEvents().filter { event in
            let date = event.occurredAt.date
            return (from.map { date >= $0 } ?? true) && (to.map { date <= $0 } ?? true)
        }
        let text = switch outputFormat {
        case "json": EventFile.json(events)
        case "csv": LogOutput(entries: LogEntry.build(events), width: 80).csv()
        default: EventFile.jsonl(events)
        }
        guard let outputFile else { return environment.write(text) }
        try OutputFile.write(text, to: outputFile, in: environment)
        environment.stderr.write("exported \(events.count) events to \(outputFile)\n")
    }

}
