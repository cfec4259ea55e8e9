import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The chain walk's fast path (``FastChainWalk``) must accept exactly what the general walk
/// accepts, from bytes the general walk would hash: its second copy of the canonical encoder
/// (``CanonicalColumns``) is held to the record's here.
@Suite("Fast chain walk")
struct FastChainWalkTests {
    /// ``ReplayRowsTests/variedEvents(seed:)`` plus text that must be escaped, and empty texts.
    static func events(seed: UInt64) -> [LedgerEvent] {
        var events = ReplayRowsTests.variedEvents(seed: seed)
        let notes = ["say \"hi\" \\ back", "tab\there\nline", "\u{01}\u{1F}", "", "日本 ✓ €"]
        for (index, note) in notes.enumerated() { events[7 * index + 2].note = note }
        events[11].provenance = .imported(batch: "", fingerprint: "")
        return events
    }

    func store(with events: [LedgerEvent]) throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(events) { _ in }
        return store
    }

    @Test("the columns' canonical bytes are the record's, for every kind and field", arguments: [41, 42] as [UInt64])
    func canonicalBytes(seed: UInt64) throws {
        let store = try store(with: Self.events(seed: seed))
        let statement = try store.database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY seq")
        defer { statement.reset() }
        let canonical = CanonicalColumns()
        var rows = 0
        while try statement.step() {
            var bytes: [UInt8] = []
            canonical.append(statement, to: &bytes)
            let record = EventColumns.record(from: statement)
            #expect(bytes == record.canonicalJSONBytes, "event #\(record.sequence)")
            rows += 1
        }
        #expect(rows == Self.events(seed: seed).count)
    }

    @Test("a sound ledger is walked by the fast path alone, visiting what the general walk visits")
    func soundLedger() throws {
        let store = try store(with: Self.events(seed: 43))
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var fastVisits: [LedgerEvent] = []
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { fastVisits.append($0) }
        var generalVisits: [LedgerEvent] = []
        let general = try LedgerEvents.generalWalk(store.database, after: start) { generalVisits.append($0) }
        #expect(fast.complete)
        #expect(general.firstBreak == nil)
        #expect(fast.head == general.head)
        #expect(fastVisits == generalVisits)
        #expect(fastVisits.count == Self.events(seed: 43).count)
        // From a point inside the chain, as a write walks from its last verified point.
        let middle = general.head.count / 2
        let statement = try store.database.prepare("SELECT hash FROM events WHERE seq = ?")
        try statement.bind([.integer(middle)])
        #expect(try statement.step())
        let point = ChainHead(count: middle, hash: statement.text(0) ?? "")
        statement.reset()
        let rest = try FastChainWalk.run(store.database, after: point, through: .max) { _ in }
        #expect(rest.complete && rest.head == general.head)
    }

    /// Each way of tampering with the log, and the reason the walk must give for it.
    static let tamperings: [(sql: String, reason: String)] = [
        ("UPDATE events SET account = account || 'x' WHERE seq = 50", "changed after it was recorded"),
        ("UPDATE events SET hash = replace(hash, substr(hash, 1, 1), 'x') WHERE seq = 50", "changed after"),
        ("UPDATE events SET prev_hash = hash WHERE seq = 50", "does not link to the event before it"),
        ("DELETE FROM events WHERE seq = 50", "an event is missing or out of order"),
    ]

    @Test("every tampering is still found where it is, and worded as before", arguments: 0..<4)
    func tampering(index: Int) throws {
        let store = try store(with: Self.events(seed: 45))
        try store.executeRaw(
            "DROP TRIGGER events_append_only_update; DROP TRIGGER events_append_only_delete; \(Self.tamperings[index].sql)"
        )
        var visited: [Int64] = []
        let verification = try store.events.verifyChain { visited.append($0.sequence) }
        let expected: Int64 = index == 3 ? 51 : 50
        #expect(verification.firstBreak?.sequence == expected)
        #expect(
            verification.firstBreak?.reason.contains(Self.tamperings[index].reason) == true,
            "\(String(describing: verification.firstBreak))")
        #expect(visited == Array(1...49))
    }

    @Test("a changed column stops the fast path at its event; the general walk names it", arguments: [3, 60])
    func changedColumn(sequence: Int) throws {
        let store = try store(with: Self.events(seed: 44))
        try store.executeRaw(
            "DROP TRIGGER events_append_only_update; UPDATE events SET note = note || ' ' WHERE seq = \(sequence)")
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var visited = 0
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { _ in visited += 1 }
        #expect(!fast.complete && fast.head.count == Int64(sequence - 1) && visited == sequence - 1)
        let verification = try store.events.verifyChain()
        #expect(verification.firstBreak?.sequence == Int64(sequence))
        #expect(verification.firstBreak?.reason.contains("changed after it was recorded") == true)
        #expect(verification.head.count == Int64(Self.events(seed: 44).count))
    }
}
