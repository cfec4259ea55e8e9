import LedgerCore
import LedgerStore

/// What `ledger export` reads: the events recorded on the days from `from` through `to` (both
/// optional, voids included, in log order) and, for a journal, the ledger's currency setting
/// and price table.
public struct EventExport {
    private let store: Ledger
    public let from: LocalDate?
    public let to: LocalDate?

    public init(_ store: Ledger, from: LocalDate?, to: LocalDate?) {
        self.store = store
        self.from = from
        self.to = to
    }

    /// The events of the range, all at once.
    public func events() throws -> [LedgerEvent] {
        try store.events.allEvents().filter(inRange)
    }

    /// The events of the range one at a time, as they are read (the JSONL stream).
    public func forEachEvent(_ body: (LedgerEvent) throws -> Void) throws {
        try store.events.forEachEvent { event in
            guard inRange(event) else { return }
            try body(event)
        }
    }

    /// Every event, the range left to the journal builder.
    public func allEvents() throws -> [LedgerEvent] { try store.events.allEvents() }

    /// The ledger's currency setting, as written.
    public func currencySetting() throws -> String { try store.settings.ledgerCurrency() }

    /// The price table the journal values events with.
    public func priceTable() throws -> PriceTable { try store.prices.priceTable() }

    private func inRange(_ event: LedgerEvent) -> Bool {
        let date = event.occurredAt.date
        return (from.map { date >= $0 } ?? true) && (to.map { date <= $0 } ?? true)
    }
}
