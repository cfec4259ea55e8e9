import LedgerCore
import LedgerCoreTestSupport
import Testing

/// `LedgerEvent` keeps its fields in a shared copy-on-write box (a replay's copies are
/// retains): a copy must still behave as a value.
@Suite("LedgerEvent as a value")
struct LedgerEventBoxTests {
    @Test("a change to a copy leaves the original as it was, field by field")
    func copiesAreValues() {
        var make = Events()
        let original = make.buy("BTC", "0.5", at: "30000", on: "2024-01-02", account: "broker", fee: "1.5")
        var copy = original
        #expect(copy == original)
        copy.sequence = 99
        copy.note = "changed"
        copy.account = "other"
        copy.provenance = .imported(batch: "B1", fingerprint: "f1")
        copy.fee = nil
        #expect(original.sequence != 99 && original.note.isEmpty && original.account == "broker")
        #expect(original.isManual && !copy.isManual)
        #expect(original.fee != nil)
        #expect(copy != original)
        var again = copy
        again.note = original.note
        again.account = original.account
        again.provenance = original.provenance
        again.fee = original.fee
        again.sequence = original.sequence
        // Equal fields in different boxes: equal, and the same hash.
        #expect(again == original)
        #expect(Set([again, original]).count == 1)
        #expect(again.kind == .buy && copy.kind == .buy)
    }

    @Test("an event made in a spare's box equals one made anew, and an event sharing that box keeps its fields")
    func reusing() {
        var make = Events()
        let first = make.buy("BTC", "0.5", at: "30000", on: "2024-01-02", account: "broker", fee: "1.5")
        var second = make.deposit("ETH", "2", on: "2024-01-03")
        second.provenance = .imported(batch: "B1", fingerprint: "generic:tx:t12345")
        func remade(_ event: LedgerEvent, reusing spare: inout LedgerEvent?) -> LedgerEvent {
            LedgerEvent(
                reusing: &spare, sequence: event.sequence, id: event.id, schemaVersion: event.schemaVersion,
                occurredAt: event.occurredAt, recordedAt: event.recordedAt, account: event.account,
                action: event.action, fee: event.fee, note: event.note, provenance: event.provenance,
                chain: event.chain)
        }
        var none: LedgerEvent?
        // A spare no other event holds: taken, and the new event is the second's fields.
        var spare: LedgerEvent? = remade(first, reusing: &none)
        let made = remade(second, reusing: &spare)
        #expect(made == second && spare == nil)
        // A spare another event still holds: that event keeps the first's fields.
        let held = remade(first, reusing: &none)
        var shared: LedgerEvent? = held
        let other = remade(second, reusing: &shared)
        #expect(held == first && other == second && shared == nil)
    }
}
