import LedgerCore
import LedgerStore

/// An event with the void that cancelled it, if any.
public struct LogEntry {
    public let event: LedgerEvent
    public let voidedBy: LedgerEvent?
    /// For a void: the event it cancels.
    public let target: LedgerEvent?

    /// The newest `limit` entries that match, read newest first from the store and stopping
    /// there (the voids are read up front: an entry shows the void that cancelled it).
    public static func newest(_ limit: Int, matching filter: LogFilter, in store: Ledger) throws -> [LogEntry] {
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
