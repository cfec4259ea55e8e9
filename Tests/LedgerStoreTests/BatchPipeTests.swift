import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The replay reads on a second thread (``BatchPipe``): order, errors from either side and an
/// early stop must behave as if it all ran on one thread.
@Suite("Event pipe")
struct BatchPipeTests {
    struct Stop: Error {}

    static let events: [LedgerEvent] = {
        var make = Events()
        return (0..<2_000).map { make.deposit("BTC", "\($0 + 1)", on: "2024-01-01") }
    }()

    @Test("every event arrives once, in order, across batches")
    func order() throws {
        var seen: [LedgerEvent] = []
        try BatchPipe.run(
            produce: { emit in for event in Self.events { try emit(event) } }, consume: { seen.append($0) })
        #expect(seen == Self.events)
    }

    /// A value the consumer marks once it is done with it.
    final class Token {
        let number: Int
        var consumed = false
        init(_ number: Int) { self.number = number }
    }

    /// What the producer saw of the values handed back to it.
    final class Spares {
        var count = 0
        var early = 0
    }

    @Test("recycling hands back only values the consumer is done with, and every value still arrives in order")
    func recycling() throws {
        let spares = Spares()
        var seen: [Int] = []
        try BatchPipe.run(
            recycles: true,
            produce: { emit, spare in
                for number in 0..<20_000 {
                    if let back = spare() {
                        spares.count += 1
                        if !back.consumed { spares.early += 1 }
                    }
                    try emit(Token(number))
                }
            },
            consume: { (token: Token) in
                seen.append(token.number)
                token.consumed = true
            })
        #expect(seen == Array(0..<20_000))
        #expect(spares.count > 0, "consumed batches came back")
        #expect(spares.early == 0, "no value came back before the consumer had it")
    }

    @Test("the consumer's error stops the reader and comes back", arguments: [0, 1, 511, 512, 1_999])
    func consumerError(at stop: Int) throws {
        var count = 0
        #expect(throws: Stop.self) {
            try BatchPipe.run(
                produce: { emit in for event in Self.events { try emit(event) } },
                consume: { _ in
                    if count == stop { throw Stop() }
                    count += 1
                })
        }
        #expect(count == stop)
    }

    @Test("the reader's error comes back after the events before it")
    func producerError() throws {
        var count = 0
        #expect(throws: Stop.self) {
            try BatchPipe.run(
                produce: { emit in
                    for event in Self.events.prefix(700) { try emit(event) }
                    throw Stop()
                }, consume: { _ in count += 1 })
        }
        #expect(count == 700)
    }

    @Test("a replay stopped early leaves the store usable, and a damaged row is an error")
    func storeAfterStop() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(Self.events) { _ in }
        let end = Timestamp(secondsSinceEpoch: .max)
        #expect(throws: Stop.self) { try store.events.forEachEffectiveEvent(through: end) { _ in throw Stop() } }
        var count = 0
        try store.events.forEachEffectiveEvent(through: end) { _ in count += 1 }
        #expect(count == Self.events.count)

        try store.executeRaw(
            "DROP TRIGGER event_replay_append_only_update; UPDATE event_replay SET data = x'0100' WHERE seq = 1500")
        #expect {
            try store.events.forEachEffectiveEvent(through: end) { _ in }
        } throws: { error in
            (error as? StoreError)?.description
                == "the ledger holds an unreadable event: the replay row of event #1500 does not decode; run 'ledger verify'"
        }
        #expect(try store.appendedAfterFailure())
    }
}

extension Ledger {
    /// An append still works (the reader thread let go of the connection).
    fileprivate func appendedAfterFailure() throws -> Bool {
        var make = Events(seed: 99)
        return try events.append([make.deposit("ETH", "1", on: "2024-02-01")]) { _ in }.count == 1
    }
}
