import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerStore

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
        let filter = try makeFilter()
        let store = try ledgerOptions.openForReading(in: environment)
        let entries =
            try limit.map { try LogEntry.newest($0, matching: filter, in: store) }
            ?? LogEntry.build(try store.events.allEvents()).filter(filter.matches).sorted {
                LedgerEvent.replayOrder($1.event, $0.event)
            }
        let output = LogOutput(entries: entries, width: environment.terminalWidth)
        switch outputFormat {
        case .text: environment.write(entries.isEmpty ? "No events match.\n" : output.text())
        case .json: environment.print(output.json())
        case .csv, .md: environment.write(output.csv())
        }
    }

    private func makeFilter() throws -> LogFilter {
        var filter = LogFilter()
        if let asset {
            guard let symbol = AssetSymbol(asset) else {
                throw LogError.notAnAsset(asset)
            }
            filter.asset = symbol
        }
        filter.kinds = try Self.kinds(kind)
        filter.account = account
        filter.since = try since.map { try DateOption.parse($0, "--since") }
        filter.until = try until.map { try DateOption.parse($0, "--until") }
        if let limit, limit < 1 { throw LogError.limitBelowOne(limit) }
        return filter
    }

    /// The kinds of `--kind buy --kind sell` or `--kind buy,sell` (empty: every kind).
    static func kinds(_ values: [String]) throws -> Set<EventKind> {
        var kinds: Set<EventKind> = []
        for word in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let name = word.filter { $0 != " " }.lowercased()
            if name.isEmpty {
                throw LogError.emptyKind
            }
            guard let parsed = EventKind(rawValue: name) else {
                throw LogError.notAKind(String(word))
            }
            kinds.insert(parsed)
        }
        return kinds
    }

}
