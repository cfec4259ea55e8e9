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
        // As given: some tests store a record the general walk cannot read.
        _ = try store.events.append(events, asGiven: true) { _ in }
        return store
    }

    @Test("the columns' canonical bytes are the record's, for every kind and field", arguments: [41, 42] as [UInt64])
    func canonicalBytes(seed: UInt64) throws {
        let store = try store(with: Self.events(seed: seed))
        let statement = try store.database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY seq")
        defer { statement.reset() }
        var canonical = CanonicalColumns()
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

    /// ``events(seed:)`` plus the kinds and fields it lacks: a trade, an income given as a
    /// total, a transfer link, a deposit and a withdrawal with an on-chain reference.
    static func allFields(seed: UInt64) -> [LedgerEvent] {
        var make = Events(seed: seed)
        let out = make.withdraw("BTC", "0.5", on: "2031-07-01", account: "exchange")
        let into = make.deposit("BTC", "0.4999", on: "2031-07-01", account: "wallet")
        var events =
            Self.events(seed: seed) + [
                make.make(
                    .trade(given: Events.amount("2", "ETH"), received: Events.amount("0.1", "BTC")), on: "2031-07-01",
                    fee: Events.amount("0.001", "ETH")),
                make.make(
                    .income(
                        Events.amount("3", "DOT"), kind: .staking, value: .total(ExactDecimal("10")!, quote: sym("EUR"))
                    ),
                    on: "2031-07-01"),
                out, into,
                make.make(
                    .link(
                        TransferLink(
                            withdrawal: out.id, deposit: into.id, arrived: Events.amount("0.4999", "BTC"),
                            toAccount: "wallet", rule: .hash)), on: "2031-07-02", account: "exchange"),
            ]
        events[events.count - 3].chain = ChainReference(hash: "0xabc\"d", address: "bc1q ✓")
        events[events.count - 2].chain = ChainReference(hash: nil, address: "bc1qxyz")
        return events
    }

    /// ``events(seed:)`` and the kinds ``allFields(seed:)`` adds, made on another seed (a store
    /// takes no id twice), with valid references, each event at the record version that holds
    /// it: as the tool writes them.
    static func recordable(seed: UInt64) -> [LedgerEvent] {
        var events = Self.events(seed: seed) + Self.allFields(seed: seed &+ 0x5EED).suffix(5)
        events[events.count - 3].chain = ChainReference(hash: "0xabc\"d", address: "bc1q\\x")
        for index in events.indices.suffix(3) {
            events[index].schemaVersion = LedgerEvent.minimumSchemaVersion(
                events[index].action, chain: events[index].chain)
        }
        return events
    }

    /// Records the general walk cannot read as events, though the columns' JSON is the replay
    /// row's event's (the store writes such drafts as given): the event's offset from the end
    /// of ``recordable(seed:)``, the change, and the walk's reason.
    static let unreadable: [(fromEnd: Int, change: @Sendable (inout LedgerEvent) -> Void, reason: String)] = [
        (3, { $0.schemaVersion = 1 }, "field 'tx_hash' needs record version 5, but the record is version 1"),
        (2, { $0.chain = ChainReference(hash: nil, address: "bc1q ✓") }, "field 'address' 'bc1q ✓' must be 1 to"),
        (1, { $0.schemaVersion = 3 }, "link needs record version 4, but the record is version 3"),
        (4, { $0.schemaVersion = 2 }, "field 'total' needs record version 3, but the record is version 2"),
    ]

    @Test("a ledger of every kind, as the tool writes it, is walked alike by the fast path and the general walk")
    func everyKind() throws {
        let events = Self.recordable(seed: 47)
        let store = try store(with: events)
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var fastVisits: [LedgerEvent] = []
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { fastVisits.append($0) }
        var generalVisits: [LedgerEvent] = []
        let general = try LedgerEvents.generalWalk(store.database, after: start) { generalVisits.append($0) }
        #expect(fast.complete && general.firstBreak == nil && fast.head == general.head)
        #expect(fastVisits == generalVisits && fastVisits.count == events.count)
    }

    @Test(
        "a record the general walk cannot read stops the fast path there, on one connection and two",
        arguments: 0..<4)
    func unreadableRecord(index: Int) throws {
        var events = Self.recordable(seed: 48)
        let (fromEnd, change, reason) = Self.unreadable[index]
        change(&events[events.count - fromEnd])
        let store = try store(with: events)
        let sequence = Int64(events.count - fromEnd + 1)
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { _ in }
        #expect(!fast.complete && fast.head.count == sequence - 1)
        let general = try LedgerEvents.generalWalk(store.database, after: start)
        var visited: [Int64] = []
        let verification = try store.events.verifyChain(blockRows: 4) { visited.append($0.sequence) }
        for found in [general, verification] {
            #expect(found.firstBreak?.sequence == sequence && found.head.count == Int64(events.count))
            #expect(found.firstBreak?.reason.contains(reason) == true, "\(String(describing: found.firstBreak))")
        }
        #expect(visited == Array(1..<sequence))
    }

    @Test(
        "the event's canonical bytes, written from the event, are its record's, within the walk's bound",
        arguments: [51, 52] as [UInt64])
    func eventCanonicalBytes(seed: UInt64) throws {
        var canonical = CanonicalEventJSON()
        var events = Self.allFields(seed: seed)
        // Six bytes of JSON each, the most a byte of text takes.
        events[3].note = String(repeating: "\u{01}", count: 700)
        // Fingerprints are written from their bytes: one that must be escaped, one past the
        // inline capacity.
        events[4].provenance = .imported(batch: "b\"1", fingerprint: "kraken:row:\"q\"\t#1")
        events[5].provenance = .imported(
            batch: "b2", fingerprint: ImportFingerprint(String(repeating: "f✓", count: 30)))
        for (index, var event) in events.enumerated() {
            event.sequence = Int64(index + 1)
            let bound = CanonicalEventJSON.bound(textBytes: PackedEvent.encode(event).count)
            let bytes = withBytes(atMost: bound + 100_000, { canonical.write(event, to: &$0) }, then: { Array($0) })
            #expect(bytes == EventRecordV1(event).canonicalJSONBytes, "event \(index): \(event.kind)")
            #expect(bytes.count <= bound, "event \(index): \(bytes.count) bytes, bound \(bound)")
        }
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

    @Test(
        "rows are handed over in chunks: many of them, rows larger than one, a break in a later one",
        arguments: [(3, 1500), (2, 100), (256, 256 * 1024)])
    func chunks(rowsPerChunk: Int, capacity: Int) throws {
        let events = Self.events(seed: 46)
        let store = try store(with: events)
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var visits: [LedgerEvent] = []
        let chunks = WalkChunks(rowsPerChunk: rowsPerChunk, capacity: capacity)
        let fast = try FastChainWalk.run(store.database, after: start, through: .max, chunks: chunks) {
            visits.append($0)
        }
        var generalVisits: [LedgerEvent] = []
        let general = try LedgerEvents.generalWalk(store.database, after: start) { generalVisits.append($0) }
        #expect(fast.complete && fast.head == general.head)
        #expect(visits == generalVisits && visits.count == events.count)
        // A changed column past the first chunks stops the path there, whatever the chunks.
        try store.executeRaw(
            "DROP TRIGGER events_append_only_update; UPDATE events SET note = note || ' ' WHERE seq = 200")
        var visited = 0
        let stopped = try FastChainWalk.run(store.database, after: start, through: .max, chunks: chunks) { _ in
            visited += 1
        }
        #expect(!stopped.complete && stopped.head.count == 199 && visited == 199)
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

    /// Mostly hex digits, now and then an upper-case one or another byte (which the walk's
    /// readings of `prev_hash` and `hash` must treat as the arrays' path does).
    private static func hexish(_ random: inout SplitMix64) -> UInt8 {
        let draw = random.next()
        switch draw % 20 {
        case 0: return UInt8(truncatingIfNeeded: draw >> 8)
        case 1: return Array("ABCDEF".utf8)[Int((draw >> 8) % 6)]
        default: return Array("0123456789abcdef".utf8)[Int((draw >> 8) % 16)]
        }
    }

    @Test(
        "the walk's hash check is the digest's hex compared, for changed and odd hashes",
        arguments: [61, 62] as [UInt64])
    func hashMatches(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var matched = 0
        for round in 0..<300 {
            let previous = (0..<64).map { _ in Self.hexish(&random) }
            let canonical = (0..<Int(random.next() % 700)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let right = previous.withUnsafeBufferPointer { previous in
                canonical.withUnsafeBytes {
                    HashChain.hexBytes(
                        HashChain.digest(previous: HashChain.bytes(fromHexDigits: previous), canonical: $0))
                }
            }
            var stored = right
            switch round % 4 {
            case 1: stored[Int(random.next() % 64)] = Self.hexish(&random)
            case 2: stored = stored.map { $0 >= UInt8(ascii: "a") ? $0 - 32 : $0 }
            case 3: stored.removeLast(Int(random.next() % 3))
            default: break
            }
            // The walk hashes the head's digest (the bytes its hex spells), and keeps the digest.
            let previousBytes = previous.withUnsafeBufferPointer { HashChain.bytes(fromHexDigits: $0) }
            var digest = [UInt8](repeating: 0, count: 32)
            let matches = previousBytes.withUnsafeBytes { previous in
                canonical.withUnsafeBytes { canonical in
                    stored.withUnsafeBufferPointer { stored in
                        digest.withUnsafeMutableBytes {
                            HashChain.matches(previous: previous, canonical: canonical, hashHex: stored, digest: $0)
                        }
                    }
                }
            }
            if stored.count == 64 { #expect(HashChain.hexBytes(digest) == right, "round \(round)") }
            #expect(matches == (stored == right), "round \(round)")
            if matches { matched += 1 }
        }
        // Every fourth round leaves the hash as it is.
        #expect(matched >= 75)
    }
}
