import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Migration 0011 (the `total` column) and replay rows of version 2, on ledgers written before
/// them: old events keep their hashes and replay as before; new ones keep their totals.
@Suite("Totals in the store")
struct EventTotalStoreTests {
    /// The packed layout of version 1, as rows written before totals exist in ledgers: a buy's
    /// or sell's payload had no term byte. Written out here so the decoder is held to it.
    static func packedV1(_ event: LedgerEvent) -> [UInt8] {
        var writer = ByteWriter()
        writer.byte(1)
        writer.byte(UInt8(PackedEvent.kinds.firstIndex(of: event.kind)!))
        writer.signed(event.sequence)
        writer.signed(event.occurredAt.secondsSinceEpoch)
        writer.signed(event.recordedAt.secondsSinceEpoch)
        writer.id(event.id)
        writer.signed(Int64(event.schemaVersion))
        writer.string(event.account)
        switch event.action {
        case .buy(let amount, .unit(let price)), .sell(let amount, .unit(let price)):
            writer.amount(amount)
            writer.price(price)
        default: writer.payload(of: event.action)
        }
        if let fee = event.fee {
            writer.byte(1)
            writer.amount(fee)
        } else {
            writer.byte(0)
        }
        writer.string(event.note)
        switch event.provenance {
        case .manual: writer.byte(0)
        case .imported(let batch, let fingerprint):
            writer.byte(1)
            writer.string(batch)
            writer.string(fingerprint.text)
        }
        return writer.bytes
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    }

    static func oldEvents() -> [LedgerEvent] {
        ReplayRowsTests.variedEvents(seed: 41).filter { event in
            if case .buy(_, .total) = event.action { return false }
            if case .sell(_, .total) = event.action { return false }
            return true
        }
    }

    @Test("version-1 replay rows decode to the same events as version 2")
    func packedVersionOne() {
        let decoder = PackedEventDecoder()
        for (index, var event) in Self.oldEvents().enumerated() {
            event.sequence = Int64(index + 1)
            let old = Self.packedV1(event)
            #expect(old.withUnsafeBufferPointer { decoder.event(from: $0) } == event, "\(event.summary)")
            #expect(old != PackedEvent.encode(event) || event.kind == .void)
        }
    }

    @Test("a ledger from before 0011 is migrated: old hashes and rows kept, totals appended exactly")
    func migratesAnExistingLedger() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let old = Self.oldEvents()
        let headBefore: ChainHead
        do {
            let store = try Ledger(path: path, mode: .createIfMissing)
            _ = try store.events.append(old) { _ in }
            headBefore = try store.events.chainHead()
            // Back to the ledger as 0010 left it: replay rows of version 1, no `total` column.
            let trigger = try #require(
                try Self.text(store, "SELECT sql FROM sqlite_master WHERE name = 'event_replay_append_only_update'"))
            var rows = "DROP TRIGGER event_replay_append_only_update;"
            for event in try store.events.allEvents() {
                rows +=
                    " UPDATE event_replay SET data = x'\(Self.hex(Self.packedV1(event)))' WHERE seq = \(event.sequence);"
            }
            try store.executeRaw(rows + " \(trigger);")
            try store.executeRaw(
                """
                ALTER TABLE events DROP COLUMN total;
                DELETE FROM schema_migrations WHERE name = '0011-event-total'; PRAGMA user_version = 10;
                """)
        }
        let store = try Ledger(path: path, mode: .mustExist)
        #expect(try store.database.scalarInt("PRAGMA user_version") == Int64(Schema.currentVersion))
        #expect(try store.database.scalarInt("SELECT count(*) FROM events WHERE total IS NULL") == Int64(old.count))
        #expect(try store.events.verifyChain().firstBreak == nil)
        #expect(try store.events.chainHead() == headBefore)
        let packed = try effective(store, packed: true)
        #expect(packed == (try effective(store, packed: false)))

        var make = Events(seed: 77)
        let totals = [
            make.buy("ETH", "3", for: "100", on: "2040-01-02"),
            make.sell("ETH", "3", for: "200", on: "2040-01-03"),
        ]
        _ = try store.events.append(totals) { _ in }
        #expect(try store.events.verifyChain().firstBreak == nil)
        let stored = try store.events.allEvents().suffix(2)
        #expect(stored.map(\.action) == totals.map(\.action))
        #expect(stored.map(\.schemaVersion) == [2, 2])
        #expect(try Self.text(store, "SELECT group_concat(total) FROM events WHERE total IS NOT NULL") == "100,200")
        #expect(try effective(store, packed: true) == (try effective(store, packed: false)))
    }

    static func text(_ store: Ledger, _ sql: String) throws -> String? {
        let statement = try store.database.prepare(sql)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    func effective(_ store: Ledger, packed: Bool) throws -> [LedgerEvent] {
        store.readsReplayRows = packed
        defer { store.readsReplayRows = true }
        var events: [LedgerEvent] = []
        try store.events.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: .max)) { events.append($0) }
        return events
    }
}
