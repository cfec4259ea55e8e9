import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The anchor's last verified point (``ChainAnchor/Verified``): every write moves it to the
/// head it checked, a check walks only what follows it, and a schema change (a trigger dropped
/// to edit an event) voids it.
@Suite("The last verified point")
struct VerifiedPointTests {
    let integrity = IntegrityTests()

    @Test("a write leaves the point at its head; the next check walks nothing and keeps it")
    func movesWithWrites() throws {
        let (store, _, _) = try integrity.anchoredLedger(3)
        let anchor = try #require(store.anchor.stored)
        let head = try store.events.chainHead()
        #expect(anchor.read()?.verified?.head == head)
        #expect(try store.anchor.unverifiedBreak() == nil)
        #expect(anchor.read()?.verified?.head == head)
    }

    @Test("an anchor written before the point was kept reads, and the first check walks the whole chain")
    func olderAnchor() throws {
        let (store, _, _) = try integrity.anchoredLedger(3)
        let anchor = try #require(store.anchor.stored)
        let head = try store.events.chainHead()
        anchor.write(.init(previous: head, next: head))
        #expect(anchor.read() == ChainAnchor.State(previous: head, next: head))
        #expect(try store.anchor.unverifiedBreak() == nil)
        #expect(anchor.read()?.verified?.head == head)
    }

    @Test("an event edited with its trigger dropped: the schema moved, the whole chain is walked, the edit is found")
    func middleEdit() throws {
        let (store, path, _) = try integrity.anchoredLedger(5)
        try integrity.attacker(path).execute(
            "DROP TRIGGER events_append_only_update; UPDATE events SET quantity = '9' WHERE seq = 2")
        let broken = try #require(try store.anchor.unverifiedBreak())
        #expect(broken.sequence == 2)
        #expect(throws: StoreError.chainBroken(path: store.path, broken)) { try store.anchor.requireVerifiedChain() }
        var make = Events(seed: 9)
        #expect(throws: StoreError.chainBroken(path: store.path, broken)) {
            _ = try store.events.append([make.deposit("BTC", "1", on: "2024-02-01")]) { _ in }
        }
        #expect(try store.events.chainHead().count == 5)
    }

    @Test("a point ahead of the chain (a writer died before its COMMIT) is not trusted")
    func pointAhead() throws {
        let (store, _, _) = try integrity.anchoredLedger(2)
        let anchor = try #require(store.anchor.stored)
        let head = try store.events.chainHead()
        let schema = try #require(try store.database.scalarInt("PRAGMA schema_version"))
        let ahead = ChainHead(count: 3, hash: String(repeating: "a", count: 64))
        anchor.write(.init(previous: head, next: ahead, verified: .init(head: ahead, schema: schema)))
        #expect(try store.anchor.unverifiedBreak() == nil)
        #expect(anchor.read()?.verified?.head == head)
    }

    @Test("a point the chain never reached (a writer died before its COMMIT, another took its number) raises no alarm")
    func pointOffChain() throws {
        let (store, _, _) = try integrity.anchoredLedger(3)
        let anchor = try #require(store.anchor.stored)
        let head = try store.events.chainHead()
        let schema = try #require(try store.database.scalarInt("PRAGMA schema_version"))
        let ghost = ChainHead(count: 2, hash: String(repeating: "b", count: 64))
        anchor.write(.init(previous: head, next: head, verified: .init(head: ghost, schema: schema)))
        #expect(try store.anchor.unverifiedBreak() == nil)
        #expect(anchor.read()?.verified?.head == head)
    }
}
