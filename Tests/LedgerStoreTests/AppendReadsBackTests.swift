import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The store refuses at append what the ledger could not read back (``EventRecordV1/readsBack(_:)``,
/// the rule `verify`'s fast walk holds replay rows to): one error naming the field, nothing
/// written, from the one-shot append and from the streaming one (whose encoding runs on a second
/// thread).
@Suite("Append refuses what cannot be read back")
struct AppendReadsBackTests {
    static let first = Timestamp.recordable.lowerBound
    static let last = Timestamp.recordable.upperBound

    /// Each refused draft (changed from a deposit of 1 BTC) and the field named.
    static var refused: [(name: String, change: (inout LedgerEvent) -> Void, field: String)] {
        // The fields the found records' drafts are refused for (a total of overflow is its
        // total's fault; the general walk meets the price derived from it first).
        let fields = [
            "quantity", "price", "total", "price", "price", "counter_quantity", "fee", "quantity", "split_ratio",
        ]
        return zip(WalkAgreementFoundTests.found, fields).map { found, field in
            let (action, fee) = (found.action, found.fee)
            let version = LedgerEvent.minimumSchemaVersion(action, chain: nil)
            let change: (inout LedgerEvent) -> Void = { ($0.action, $0.fee, $0.schemaVersion) = (action, fee, version) }
            return (found.name, change, field)
        } + [
            ("a reference at version 1", { $0.chain = ChainReference(hash: "0xab", address: nil) }, "tx_hash"),
            ("a link at version 3", { $0.action = WalkAgreementFoundTests.found[7].action }, "kind"),
            (
                "an address not printable ASCII",
                { ($0.schemaVersion, $0.chain) = (5, ChainReference(hash: nil, address: "bc1q ✓")) }, "address"
            ),
            ("a time a second before year 1", { $0.occurredAt = first.adding(seconds: -1) }, "occurred_at"),
            ("a time a second after year 9999", { $0.occurredAt = last.adding(seconds: 1) }, "occurred_at"),
            ("a time at Int64's lower end", { $0.occurredAt = Timestamp(secondsSinceEpoch: .min) }, "occurred_at"),
            ("a time at Int64's upper end", { $0.occurredAt = Timestamp(secondsSinceEpoch: .max) }, "occurred_at"),
            (
                "a recorded time 10^15 s back",
                { $0.recordedAt = Timestamp(secondsSinceEpoch: -1_000_000_000_000_000) }, "recorded_at"
            ),
        ]
    }

    static func deposit(_ sequence: Int) -> LedgerEvent {
        LedgerEvent(
            id: EventID(value: UInt128(1_000 + sequence)), occurredAt: Timestamp(secondsSinceEpoch: 1_600_000_000),
            recordedAt: Timestamp(secondsSinceEpoch: 1_600_000_000), account: "main",
            action: .deposit(AssetAmount(dec("1"), Asset(sym("BTC"), class: .crypto))))
    }

    static func ledger() throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append([deposit(0), deposit(1)]) { _ in }
        return store
    }

    @Test("each refused draft: one error naming its field, nothing written", arguments: 0..<17)
    func refusedDraft(index: Int) throws {
        let (name, change, field) = Self.refused[index]
        var odd = Self.deposit(5_000)
        change(&odd)
        let store = try Self.ledger()
        let head = try store.events.chainHead()
        let once = Self.refusal { _ = try store.events.append([Self.deposit(2), odd]) { _ in } }
        #expect(once?.field == field && once?.sequence == 4, "\(name): \(String(describing: once))")
        #expect(once.map { StoreError.unreadableDraft($0).description.contains("field '\(field)'") } == true)
        #expect(try store.events.chainHead() == head, "\(name)")
        // The streaming append (an import's), its encoding on a second thread, refuses it alike,
        // after three full chunks.
        let streamed = Self.refusal {
            try store.database.immediateTransaction {
                var drafts = ((3..<203).map(Self.deposit) + [odd])[...]
                _ = try EventAppender.appendStreaming(to: store.database) { drafts.popFirst() }
            }
        }
        #expect(streamed?.field == field && streamed?.sequence == 203, "\(name): \(String(describing: streamed))")
        #expect(try store.events.chainHead() == head, "\(name)")
    }

    /// The read-back error `body` throws, nil (and an issue) for any other outcome.
    static func refusal(_ body: () throws -> Void) -> EventRecordError? {
        do {
            try body()
        } catch StoreError.unreadableDraft(let error) {
            return error
        } catch {
            Issue.record("\(error)")
            return nil
        }
        Issue.record("not refused")
        return nil
    }

    @Test("the first and the last recordable second are written, verified and read back")
    func recordableEnds() throws {
        var early = Self.deposit(5)
        early.occurredAt = Self.first
        var late = Self.deposit(6)
        (late.occurredAt, late.recordedAt) = (Self.last, Self.last)
        let store = try Self.ledger()
        _ = try store.events.append([early, late]) { _ in }
        let verification = try store.events.verifyChain { _ in }
        #expect(verification.firstBreak == nil && verification.head.count == 4)
        #expect(try store.events.allEvents().map(\.occurredAt).contains(Self.last))
    }

    @Test("a time beyond year 9999 or 10^15 s back, stored as given, is named by verify and refused by a read")
    func unrecordableStored() throws {
        for seconds: Int64 in [Self.last.secondsSinceEpoch + 1, -1_000_000_000_000_000] {
            var odd = Self.deposit(7)
            odd.occurredAt = Timestamp(secondsSinceEpoch: seconds)
            let store = try Self.ledger()
            _ = try store.events.append([odd, Self.deposit(8)], asGiven: true) { _ in }
            let verification = try store.events.verifyChain { _ in }
            #expect(verification.firstBreak?.sequence == 3 && verification.head.count == 4)
            #expect(verification.firstBreak?.reason.contains("field 'occurred_at' is \(seconds) seconds") == true)
            #expect(throws: StoreError.self) { _ = try store.events.allEvents() }
        }
    }
}
