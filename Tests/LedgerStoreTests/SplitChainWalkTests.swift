import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The chain walk on two connections (``SplitChainWalk``) must accept exactly what the
/// one-connection walk accepts, find every break where it is, word it the same, and read one
/// snapshot.
@Suite("Split chain walk")
struct SplitChainWalkTests {
    func store(seed: UInt64) throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(FastChainWalkTests.events(seed: seed)) { _ in }
        return store
    }

    /// What the one-connection walk (the fast path, then the general walk) finds and visits.
    func oneConnection(_ store: Ledger) throws -> (ChainVerification, [Int64]) {
        var visited: [Int64] = []
        let verification = try store.database.readTransaction {
            try LedgerEvents.walk(store.database, after: ChainHead(count: 0, hash: HashChain.genesis)) {
                visited.append($0.sequence)
            }
        }
        return (verification, visited)
    }

    @Test("a sound ledger is walked on both connections, visiting what the general walk visits", arguments: [1, 3, 64])
    func soundLedger(blockRows: Int64) throws {
        let store = try store(seed: 43)
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var visits: [LedgerEvent] = []
        let second = try #require(SecondReader(store))
        let split = try store.database.readTransaction {
            try SplitChainWalk.run(store.database, second: second, after: start, through: .max, blockRows: blockRows) {
                visits.append($0)
            }
        }
        var generalVisits: [LedgerEvent] = []
        let general = try LedgerEvents.generalWalk(store.database, after: start) { generalVisits.append($0) }
        let outcome = try #require(split, "the split walk ran")
        #expect(outcome.complete && outcome.head == general.head)
        #expect(visits == generalVisits && visits.count == FastChainWalkTests.events(seed: 43).count)
        // Fewer rows than two blocks: the walk is left to one connection.
        let short = try store.database.readTransaction {
            try SplitChainWalk.run(
                store.database, second: second, after: start, through: 2 * blockRows - 1, blockRows: blockRows
            ) { _ in }
        }
        #expect(short == nil)
    }

    @Test(
        "every tampering is found where it is, at a block's start, end or middle, and worded as before",
        arguments: 0..<4, [7, 10, 3] as [Int64])
    func tampering(index: Int, blockRows: Int64) throws {
        let store = try store(seed: 45)
        try store.executeRaw(
            """
            DROP TRIGGER events_append_only_update; DROP TRIGGER events_append_only_delete;
            \(FastChainWalkTests.tamperings[index].sql)
            """)
        var visited: [Int64] = []
        let verification = try store.events.verifyChain(blockRows: blockRows) { visited.append($0.sequence) }
        #expect(verification.firstBreak?.sequence == (index == 3 ? 51 : 50))
        #expect(
            verification.firstBreak?.reason.contains(FastChainWalkTests.tamperings[index].reason) == true,
            "\(String(describing: verification.firstBreak))")
        #expect(visited == Array(1...49))
        #expect(verification.head.count == Int64(FastChainWalkTests.events(seed: 45).count))
    }

    /// One way of spoiling row `sequence`: a column, the hash, the link, the row itself, or its
    /// replay row.
    static func spoil(_ kind: UInt64, _ sequence: Int64) -> String {
        switch kind % 5 {
        case 0: "UPDATE events SET note = note || '!' WHERE seq = \(sequence)"
        case 1: "UPDATE events SET hash = substr(hash, 2) || '0' WHERE seq = \(sequence)"
        case 2: "UPDATE events SET prev_hash = hash WHERE seq = \(sequence)"
        case 3: "DELETE FROM events WHERE seq = \(sequence)"
        default: "UPDATE event_replay SET data = CAST(data || X'00' AS BLOB) WHERE seq = \(sequence)"
        }
    }

    @Test(
        "a random row spoiled, in either connection's blocks or at their boundary: the one-connection walk's answer",
        arguments: [71, 72, 73] as [UInt64])
    func spoiledRow(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int64(FastChainWalkTests.events(seed: 47).count)
        for round in 0..<12 {
            let blockRows = Int64(2 + random.next() % 20)
            // Every third row spoiled is a block's first or last.
            let block = Int64(random.next() % UInt64(count / blockRows))
            let sequence =
                switch round % 3 {
                case 0: block * blockRows + 1
                case 1: min(count, (block + 1) * blockRows)
                default: Int64(1 + random.next() % UInt64(count))
                }
            let store = try store(seed: 47)
            try store.executeRaw(
                """
                DROP TRIGGER events_append_only_update; DROP TRIGGER events_append_only_delete;
                DROP TRIGGER event_replay_append_only_update;
                \(Self.spoil(random.next(), sequence))
                """)
            var visited: [Int64] = []
            let split = try store.events.verifyChain(blockRows: blockRows) { visited.append($0.sequence) }
            let (expected, expectedVisits) = try oneConnection(store)
            let context = "row \(sequence), blocks of \(blockRows)"
            #expect(split.firstBreak == expected.firstBreak, "\(context)")
            #expect(split.firstBreak != nil || sequence == count, "\(context)")
            #expect(split.head == expected.head && visited == expectedVisits, "\(context)")
        }
    }

    @Test(
        "a seq set past the rows, up to Int64.max: the break the one-connection walk finds, no overflow",
        arguments: ["9223372036854775807", "9223372036854775000", "10000000000000"])
    func tamperedLastSequence(sequence: String) throws {
        let store = try store(seed: 49)
        let count = Int64(FastChainWalkTests.events(seed: 49).count)
        try store.executeRaw(
            """
            DROP TRIGGER events_append_only_update;
            UPDATE events SET seq = \(sequence) WHERE seq = \(count);
            """)
        var visited: [Int64] = []
        let split = try store.events.verifyChain(blockRows: 7) { visited.append($0.sequence) }
        let (expected, expectedVisits) = try oneConnection(store)
        #expect(split.firstBreak != nil && split.firstBreak == expected.firstBreak)
        #expect(split.head == expected.head && visited == expectedVisits)
    }

    /// A replay row whose note is thousands of control characters: each is six bytes of JSON,
    /// the most a byte can take, so the event's JSON is written to the edge of its bound.
    @Test("a crafted replay row is reported, not written past its bound", arguments: [7, 4096] as [Int64])
    func craftedReplayRow(blockRows: Int64) throws {
        let store = try store(seed: 48)
        var event = try #require(try store.events.event(reference: "50"))
        event.note = String(repeating: "\u{01}", count: 3000) + "\"\\"
        let hex = PackedEvent.encode(event).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        try store.executeRaw(
            "DROP TRIGGER event_replay_append_only_update; UPDATE event_replay SET data = X'\(hex)' WHERE seq = 50")
        let verification = try store.events.verifyChain(blockRows: blockRows) { _ in }
        #expect(verification.firstBreak?.sequence == 50)
        #expect(verification.firstBreak?.reason.contains("replay row does not match") == true)
    }

    @Test("a commit between the two connections' reads leaves the walk to one connection")
    func snapshots() throws {
        let store = try store(seed: 49)
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        let second = try #require(SecondReader(store))
        var make = Events(seed: 4_900_049)
        _ = try store.events.append([make.deposit("USD", "1", on: "2031-08-01")]) { _ in }
        let split = try store.database.readTransaction {
            try SplitChainWalk.run(store.database, second: second, after: start, through: .max, blockRows: 5) { _ in }
        }
        #expect(split == nil)
        // The walk then reads on one connection, and finds the chain whole.
        let verification = try store.events.verifyChain(blockRows: 5) { _ in }
        #expect(verification.firstBreak == nil)
        #expect(verification.head.count == Int64(FastChainWalkTests.events(seed: 49).count + 1))
        // Inside a read transaction already, no second connection is opened.
        try store.database.readTransaction {
            _ = try ReplayRows.eventCount(store.database)
            #expect(SecondReader(store) == nil)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
