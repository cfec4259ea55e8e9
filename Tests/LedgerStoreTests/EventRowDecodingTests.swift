import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The replay's row decoder (``EventRowDecoder``) reads the common kinds straight from
/// SQLite's bytes; it must give exactly the events the general record decoder gives.
@Suite("Event rows: the fast decoder and the general one agree")
struct EventRowDecodingTests {
    @Test("every kind, notes, imported rows, fees in any asset", arguments: [11, 12] as [UInt64])
    func agree(seed: UInt64) throws {
        var events = RandomLedger(seed: seed).events
        for index in events.indices {
            events[index].sequence = 0
            if index % 3 == 0 { events[index].note = "note \(index) ✓ \"quoted\"" }
            if index % 4 == 1 {
                events[index].provenance = .imported(batch: "01BATCH\(index / 40)", fingerprint: "fp-\(index)")
            }
        }
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        let stored = try store.events.append(events) { _ in }
        #expect(try store.events.allEvents() == stored)
        #expect(
            Set(stored.map(\.kind)).isSuperset(of: [.buy, .sell, .trade, .income, .transfer, .fee, .deposit, .withdraw])
        )

        let statement = try store.database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY seq")
        defer { statement.reset() }
        let fast = EventRowDecoder()
        while try statement.step() {
            #expect(try fast.event(from: statement) == EventColumns.event(from: statement))
        }
    }
}
