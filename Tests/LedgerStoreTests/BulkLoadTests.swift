import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// A new ledger loaded without the per-row insert triggers (what a first import does): the
/// same checks made once at the end, the triggers back exactly as they were, and a load that
/// breaks a rule refused.
@Suite("Bulk load of a new ledger")
struct BulkLoadTests {
    func newStore() throws -> Ledger {
        try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
    }

    func triggers(_ store: Ledger) throws -> [String] {
        try store.database.textColumn("SELECT sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
    }

    @Test("events appended in bulk read back as with the triggers; the triggers are the same after")
    func sameLedger() throws {
        let events = ReplayRowsTests.variedEvents(seed: 71)
        let store = try newStore()
        let before = try triggers(store)
        try store.events.withInsertChecksDeferred {
            #expect(try triggers(store).count == before.count - LedgerEvents.perRowTriggers.count)
            _ = try store.events.append(Array(events.prefix(40))) { _ in }
            _ = try store.events.append(Array(events.dropFirst(40))) { _ in }
        }
        #expect(try triggers(store) == before)
        #expect(try ReplayRows.count(store.database) == Int64(events.count))
        #expect(try store.events.verifyChain().firstBreak == nil)
        let packed = try ReplayRowsTests().effective(store, packed: true)
        #expect(packed == (try ReplayRowsTests().effective(store, packed: false)))
        // Later appends are checked row by row again.
        #expect(throws: SQLiteError.self) { try store.executeRaw(LedgerTests.insertCopy(seq: "999")) }
    }

    @Test("a gap in the events, or a replay row that matches no event, is refused at the end")
    func refused() throws {
        var make = Events()
        for tamper in [
            LedgerTests.insertCopy(seq: "5"),
            "INSERT INTO event_replay (occurred_at, seq, data) SELECT occurred_at + 1, seq, data FROM event_replay WHERE seq = 1",
            "DELETE FROM counters WHERE name = 'nothing'; INSERT INTO event_replay (occurred_at, seq, data) VALUES (0, 3, x'00')",
        ] {
            let store = try newStore()
            #expect(throws: StoreError.self) {
                try store.events.withInsertChecksDeferred {
                    _ = try store.events.append([
                        make.deposit("BTC", "1", on: "2024-01-01"), make.deposit("BTC", "2", on: "2024-01-02"),
                    ]) { _ in }
                    try store.executeRaw(tamper)
                }
            }
        }
    }
}
