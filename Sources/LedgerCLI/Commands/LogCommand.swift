import ArgumentParser
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
            ?? LogEntry.build(try store.allEvents()).filter(filter.matches).sorted {
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

/// An event with the void that cancelled it, if any.
struct LogEntry {
    let event: LedgerEvent
    let voidedBy: LedgerEvent?
    /// For a void: the event it cancels.
    let target: LedgerEvent?

    /// The newest `limit` entries that match, read newest first from the store and stopping
    /// there (the voids are read up front: an entry shows the void that cancelled it).
    static func newest(_ limit: Int, matching filter: LogFilter, in store: SQLiteEventStore) throws -> [LogEntry] {
        let voidedBy = EventReplay.voidedIDs(try store.voidEvents())
        var entries: [LogEntry] = []
        try store.forEachEventNewestFirst { event in
            var target: LedgerEvent?
            if case .void(let id, _) = event.action { target = try store.event(reference: id.text) }
            let entry = LogEntry(event: event, voidedBy: voidedBy[event.id], target: target)
            if filter.matches(entry) { entries.append(entry) }
            return entries.count < limit
        }
        return entries
    }

    static func build(_ events: [LedgerEvent]) -> [LogEntry] {
        let voided = EventReplay.voidedIDs(events)
        let byID = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return events.map { event in
            var target: LedgerEvent?
            if case .void(let id, _) = event.action { target = byID[id] }
            return LogEntry(event: event, voidedBy: voided[event.id], target: target)
        }
    }
}

/// The `log` filters; a void matches through the event it cancels.
struct LogFilter {
    var asset: AssetSymbol?
    var account: String?
    /// Empty: every kind.
    var kinds: Set<EventKind> = []
    var since: LocalDate?
    var until: LocalDate?

    func matches(_ entry: LogEntry) -> Bool {
        let event = entry.event
        if !kinds.isEmpty, !kinds.contains(event.kind) { return false }
        let date = event.occurredAt.date
        if let since, date < since { return false }
        if let until, date > until { return false }
        let subject = entry.target ?? event
        if let asset, !subject.touchedAssets.contains(asset) { return false }
        if let account, !subject.accounts.contains(account) { return false }
        return true
    }
}

extension LedgerEvent {
    /// The accounts an event touches (both sides of a transfer).
    var accounts: Set<String> {
        if case .transfer(_, let destination) = action { return [account, destination] }
        return [account]
    }
}
