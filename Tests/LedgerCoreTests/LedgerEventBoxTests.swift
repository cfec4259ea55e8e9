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
}
