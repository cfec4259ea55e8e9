import LedgerCore
import LedgerInterchange
import LedgerStore

/// An event with the void that cancelled it, if any.
public struct LogEntry {
    public let event: LedgerEvent
    public let voidedBy: LedgerEvent?
    /// For a void: the event it cancels.
    public let target: LedgerEvent?

    /// The newest `limit` entries that match, read newest first from the store and stopping
    /// there (the voids are read up front: an entry shows the void that cancelled it).
    public static func newest(_ limit: Int, matching filter: LogFilter, in store: OpenBooks) throws -> [LogEntry] {
        let voidedBy = EventReplay.voidedIDs(try store.events.voidEvents())
        var entries: [LogEntry] = []
        try store.events.forEachEventNewestFirst { event in
            var target: LedgerEvent?
            if case .void(let id, _) = event.action { target = try store.events.event(reference: id.text) }
            let entry = LogEntry(event: event, voidedBy: voidedBy[event.id], target: target)
            if filter.matches(entry) { entries.append(entry) }
            return entries.count < limit
        }
        return entries
    }

    public static func build(_ events: [LedgerEvent]) -> [LogEntry] {
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
public struct LogFilter {
    public var asset: AssetSymbol?
    public var account: String?
    /// Empty: every kind.
    public var kinds: Set<EventKind> = []
    public var since: LocalDate?
    public var until: LocalDate?

    public init() {}

    public func matches(_ entry: LogEntry) -> Bool {
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
    public var accounts: Set<String> {
        if case .transfer(_, let destination) = action { return [account, destination] }
        return [account]
    }
}

/// The `log` options as text (what `ledger log` takes from its command line and the server
/// from a query string), checked with the CLI's messages (``LogError``).
public struct LogRequest: Sendable, Equatable {
    public var asset: String?
    public var account: String?
    /// `--kind buy --kind sell` or `--kind buy,sell` (empty: every kind).
    public var kinds: [String]
    public var since: String?
    public var until: String?
    public var limit: Int?

    public init(
        asset: String? = nil, account: String? = nil, kinds: [String] = [], since: String? = nil,
        until: String? = nil, limit: Int? = nil
    ) {
        self.asset = asset
        self.account = account
        self.kinds = kinds
        self.since = since
        self.until = until
        self.limit = limit
    }

    /// The filter, or the first option that is not what it must be.
    public func filter() throws -> LogFilter {
        var filter = LogFilter()
        if let asset {
            guard let symbol = AssetSymbol(asset) else { throw LogError.notAnAsset(asset) }
            filter.asset = symbol
        }
        filter.kinds = try Self.kinds(kinds)
        filter.account = account
        filter.since = try since.map { try DateOption.parse($0, "--since") }
        filter.until = try until.map { try DateOption.parse($0, "--until") }
        if let limit, limit < 1 { throw LogError.limitBelowOne(limit) }
        return filter
    }

    /// The matching entries, newest first: with a limit read newest first and stopped there,
    /// else every event.
    public func entries(matching filter: LogFilter, in store: OpenBooks) throws -> [LogEntry] {
        try limit.map { try LogEntry.newest($0, matching: filter, in: store) }
            ?? LogEntry.build(try store.events.allEvents()).filter(filter.matches).sorted {
                LedgerEvent.replayOrder($1.event, $0.event)
            }
    }

    /// The kinds of `--kind buy --kind sell` or `--kind buy,sell` (empty: every kind).
    static func kinds(_ values: [String]) throws -> Set<EventKind> {
        var kinds: Set<EventKind> = []
        for word in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let name = word.filter { $0 != " " }.lowercased()
            if name.isEmpty { throw LogError.emptyKind }
            guard let parsed = EventKind(rawValue: name) else { throw LogError.notAKind(String(word)) }
            kinds.insert(parsed)
        }
        return kinds
    }
}

extension LogEntry {
    /// `ledger.log/1`: the entries as `log -O json` prints them.
    public static func json(_ entries: [LogEntry]) -> String {
        EventJSON.log(entries.map { ($0.event, $0.voidedBy) })
    }
}
