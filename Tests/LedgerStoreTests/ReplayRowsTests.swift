import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The replay reads packed rows (``ReplayRows``) instead of the columns the hash chain covers:
/// they must always say the same, be written with every append, refuse edits, and be checked
/// by `verify`.
@Suite("Replay rows")
struct ReplayRowsTests {
    /// Random events of every kind, with notes, imports, fees in crypto, a split, income with
    /// and without a unit value, a stock, a transfer, buys and sells for a total and a void.
    static func variedEvents(seed: UInt64) -> [LedgerEvent] {
        var events = RandomLedger(seed: seed).events
        var make = Events()
        events += [
            make.split("NVDA", "10:1", class: .stock, on: "2031-06-10"),
            make.income("ETH", "0.25", kind: .staking, on: "2031-06-11"),
            make.buy("NVDA", "3", at: "120.5", on: "2031-06-12", account: "broker", fee: "1.25"),
            make.transfer(
                "BTC", "0.0001", from: "exchange", to: "wallet ✓", on: "2031-06-13",
                fee: Events.amount("0.00001", "BTC")),
            make.income("SOL", "2", kind: .airdrop, unitValue: "1.5", on: "2031-06-13"),
            make.deposit("BTC", "0.000000000000000001", on: "1999-01-01"),
            make.deposit("USD", "123456789012345678.5", on: "2031-06-14"),
            make.buy("ETH", "3", for: "100", on: "2031-06-14", fee: "0.5"),
            make.sell("ETH", "0.7", for: "0.000000000000000003", in: "BTC", on: "2031-06-14"),
        ]
        events.append(make.void(events[5], on: "2031-06-15", reason: "typed twice — \"oops\""))
        for index in events.indices {
            events[index].sequence = 0
            if index % 3 == 0 { events[index].note = "note \(index) ✓" }
            if index % 4 == 1 {
                // From 4 bytes to past the inline 56 (``ImportFingerprint``), two bytes a letter.
                let tail = String(repeating: "é", count: index % 40)
                events[index].provenance = .imported(batch: "01BATCH\(index / 40)", fingerprint: "fp-\(index)\(tail)")
            }
        }
        return events
    }

    func store(with events: [LedgerEvent]) throws -> Ledger {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(events) { _ in }
        return store
    }

    func effective(
        _ store: Ledger, packed: Bool, through asOf: Timestamp = Timestamp(secondsSinceEpoch: .max)
    ) throws -> [LedgerEvent] {
        store.readsReplayRows = packed
        defer { store.readsReplayRows = true }
        var events: [LedgerEvent] = []
        try store.events.forEachEffectiveEvent(through: asOf) { events.append($0) }
        return events
    }

    @Test("packing round-trips every kind and field", arguments: [31, 32] as [UInt64])
    func roundTrip(seed: UInt64) throws {
        let decoder = PackedEventDecoder()
        for (index, var event) in Self.variedEvents(seed: seed).enumerated() {
            event.sequence = Int64(index + 1)
            let bytes = PackedEvent.encode(event)
            let decoded = bytes.withUnsafeBufferPointer { decoder.event(from: $0) }
            #expect(decoded == event)
            // A cut anywhere is refused, never misread.
            let cut = Array(bytes.prefix(index % bytes.count))
            #expect(cut.withUnsafeBufferPointer { decoder.event(from: $0) } == nil)
        }
    }

    @Test("the replay from packed rows equals the replay from the columns", arguments: [33, 34] as [UInt64])
    func sameReplay(seed: UInt64) throws {
        let store = try store(with: Self.variedEvents(seed: seed))
        #expect(try ReplayRows.areComplete(store.database))
        let fromRows = try effective(store, packed: true)
        #expect(fromRows == (try effective(store, packed: false)))
        #expect(fromRows.count > 200 && !fromRows.contains { $0.kind == .void })
        let asOf = fromRows[fromRows.count / 2].occurredAt
        #expect(
            try effective(store, packed: true, through: asOf) == (try effective(store, packed: false, through: asOf)))
        #expect(try store.events.verifyChain().firstBreak == nil)
    }

    @Test("an import writes the rows of its events too")
    func importedRows() throws {
        let store = try store(with: Array(Self.variedEvents(seed: 35).prefix(20)))
        var make = Events()
        let lines = (1...30).map {
            make.buy("SOL", "\($0)", at: "20", on: "2030-01-\(String(format: "%02d", 1 + $0 % 28))")
        }
        _ = try store.imports.importing(write: true) { session in
            for (index, event) in lines.enumerated() {
                var draft = event
                draft.provenance = .imported(batch: "B1", fingerprint: "row-\(index)")
                _ = try session.stage(draft, place: StagedPlace(file: 0, line: index + 1, index: index))
            }
            return try session.commit(receipts: [])
        }
        #expect(try ReplayRows.count(store.database) == 50)
        #expect(try effective(store, packed: true) == (try effective(store, packed: false)))
    }

    @Test("rows are append-only and follow the events in order")
    func appendOnly() throws {
        let store = try store(with: Array(Self.variedEvents(seed: 36).prefix(5)))
        for sql in [
            "UPDATE event_replay SET data = x'00'", "DELETE FROM event_replay",
            "INSERT INTO event_replay VALUES (0, 9, x'01')", "INSERT INTO event_replay VALUES (0, 6, x'01')",
        ] {
            #expect(throws: SQLiteError.self) { try store.executeRaw(sql) }
        }
        #expect(try ReplayRows.count(store.database) == 5)
    }

    @Test("a row changed behind the tool's back is named by verify")
    func tamperedRow() throws {
        let events = Array(Self.variedEvents(seed: 37).prefix(8))
        let store = try store(with: events)
        var changed = events[3]
        changed.sequence = 4
        changed.note = "not what the chain says"
        let bytes = PackedEvent.encode(changed).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
            .joined()
        try store.executeRaw(
            "DROP TRIGGER event_replay_append_only_update; UPDATE event_replay SET data = x'\(bytes)' WHERE seq = 4")
        let verification = try store.events.verifyChain()
        #expect(verification.firstBreak?.sequence == 4)
        #expect(verification.firstBreak?.reason.contains("replay row does not match") == true)
    }

    /// The log's position of the deposit dated 1999 (``variedEvents(seed:)``): before it the
    /// log is in time order, from it on not, so `verify` reads the replay rows beside the
    /// events up to it and looks them up by key after.
    static func outOfOrderIndex(_ events: [LedgerEvent]) -> Int {
        events.indices.first { $0 > 0 && events[$0].occurredAt < events[$0 - 1].occurredAt }!
    }

    @Test("verify names a changed or missing row wherever it is, in time order or not", arguments: [0, 1, 2, 3])
    func tamperedAnywhere(place: Int) throws {
        let events = Self.variedEvents(seed: 40)
        let turn = Self.outOfOrderIndex(events)
        let index = [2, turn - 1, turn, events.count - 2][place]
        let store = try store(with: events)
        let sequence = index + 1
        let visited = try visitedSequences(store)
        #expect(visited == Array(1...Int64(events.count)), "every event is visited, in order, when all is sound")
        if place % 2 == 0 {
            var changed = try store.events.allEvents()[index]
            changed.note += " — not what the chain says"
            let bytes = PackedEvent.encode(changed).map { String($0, radix: 16) }
                .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
            try store.executeRaw(
                "DROP TRIGGER event_replay_append_only_update; UPDATE event_replay SET data = x'\(bytes)' WHERE seq = \(sequence)"
            )
        } else {
            try store.executeRaw(
                "DROP TRIGGER event_replay_append_only_delete; DELETE FROM event_replay WHERE seq = \(sequence)")
        }
        let verification = try store.events.verifyChain()
        #expect(verification.firstBreak?.sequence == Int64(sequence))
        let reason = place % 2 == 0 ? "replay row does not match" : "replay row is missing"
        #expect(
            verification.firstBreak?.reason.contains(reason) == true, "\(String(describing: verification.firstBreak))")
        #expect(try visitedSequences(store) == Array(1..<Int64(sequence)), "only the events before the break")
    }

    private func visitedSequences(_ store: Ledger) throws -> [Int64] {
        var sequences: [Int64] = []
        _ = try store.events.verifyChain { sequences.append($0.sequence) }
        return sequences
    }

    @Test("a ledger without rows gets them when it is opened, and replays the same")
    func filledByMigration() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let events = Self.variedEvents(seed: 38)
        do {
            let store = try Ledger(path: path, mode: .createIfMissing)
            _ = try store.events.append(events) { _ in }
            // Back to the ledger as migration 0008 left it.
            try store.executeRaw(
                """
                DROP TABLE event_replay; DELETE FROM counters WHERE name = 'replay_rows';
                DELETE FROM schema_migrations WHERE name = '0009-replay-rows'; PRAGMA user_version = 8;
                """)
        }
        let reopened = try Ledger(path: path, mode: .mustExist)
        #expect(try ReplayRows.count(reopened.database) == Int64(events.count))
        #expect(try effective(reopened, packed: true) == (try effective(reopened, packed: false)))
        #expect(try reopened.events.verifyChain().firstBreak == nil)
    }

    @Test("rows that stop short are not used, and appends do not extend them")
    func incompleteRows() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let events = Self.variedEvents(seed: 39)
        let store = try Ledger(path: path, mode: .createIfMissing)
        _ = try store.events.append(Array(events.prefix(10))) { _ in }
        // As if the fill had stopped at a row it could not decode.
        try store.executeRaw(
            "DROP TRIGGER event_replay_append_only_delete; DELETE FROM event_replay WHERE seq > 6; UPDATE counters SET value = 6 WHERE name = 'replay_rows'"
        )
        _ = try store.events.append(Array(events.dropFirst(10).prefix(5))) { _ in }
        #expect(try ReplayRows.count(store.database) == 6)
        #expect(try !ReplayRows.areComplete(store.database))
        #expect(try effective(store, packed: true).count == (try effective(store, packed: false)).count)
        #expect(try store.events.verifyChain().firstBreak == nil)
    }

    @Test("the replay finds the transfer links through their index, not by reading the log")
    func linksByIndex() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(Self.variedEvents(seed: 40)) { _ in }
        let plan = try store.database.textColumn("EXPLAIN QUERY PLAN \(LedgerEvents.transferLinksQuery)", 3)
        #expect(plan.first == "SCAN events USING INDEX events_links", "\(plan)")
        #expect(!plan.contains { $0.contains("events_replay") }, "\(plan)")
    }

    @Test("varints read back at every length from 1 to 19 bytes, as a row's last bytes and with bytes after them")
    func varintsAtEveryLength() {
        // 2^(7k) - 1 is the largest varint of k bytes, 2^(7k) the smallest of k + 1.
        var values: [UInt128] = [.max, 0x8080_8080_8080_8080, 0x7F7F_7F7F_7F7F_7F7F]
        for k in 0...18 {
            let power: UInt128 = 1 << (7 * k)
            values += [power - 1, power, power + 0x55]
        }
        for value in values {
            var writer = ByteWriter()
            writer.unsigned(value)
            let length = writer.bytes.count
            for padding in [0, 1, 7, 8] {
                let bytes = writer.bytes + [UInt8](repeating: 0xFF, count: padding)
                bytes.withUnsafeBufferPointer { buffer in
                    var reader = ByteReader(buffer)
                    #expect(reader.unsigned() == value, "\(value), \(padding) bytes after")
                    #expect(reader.offset == length)
                    var short = ByteReader(buffer)
                    let expected = value <= UInt128(Int64.max) && length <= 9 ? UInt64(value) : nil
                    #expect(short.shortUnsigned() == expected, "\(value), \(padding) bytes after")
                    #expect(short.offset == (expected == nil ? 0 : length))
                }
            }
            // Cut short by one byte: nothing is read.
            writer.bytes.dropLast().withUnsafeBufferPointer { buffer in
                var reader = ByteReader(buffer)
                #expect(reader.unsigned() == nil && reader.offset == 0, "\(value) cut short")
            }
        }
    }

    @Test("64-bit integers read back at every length, and short texts key their interning by every byte")
    func integersAndShortTexts() {
        let edges: [Int64] = [0, 1, -1, 63, -64, 64, -65, 1 << 55, -(1 << 55), 1 << 62, -(1 << 62), .max, .min]
        var writer = ByteWriter()
        for value in edges { writer.signed(value) }
        writer.signed(Int128(Int64.max) + 1)
        writer.bytes.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            for value in edges { #expect(reader.int64() == value) }
            // One past Int64's range is refused, not cut.
            #expect(reader.int64() == nil)
        }
        let texts = [
            "", "A", "USD", "ABCD", "ABCDE", "ABCDEFG", "BBCDEFG", "ABCDEFH", "ABCDEFGH", "ABCDEFGHI", "ABCDEFGHIJKL",
            "ABCDEFGHIJKLMNO", "ABCDEFGHIJKLMNA", "ABCDEFGHIJKLMN",
        ]
        let keys = texts.map { text in Array(text.utf8).withUnsafeBufferPointer { PackedText($0)! } }
        #expect(Set(keys).count == texts.count)
        #expect(Array("ABCDEFGHIJKLMNOP".utf8).withUnsafeBufferPointer { PackedText($0) } == nil)
        // Byte i at bits 8i, whatever the length (one load, two overlapping loads, or bytes).
        for text in texts {
            let bytes = Array(text.utf8)
            var (low, high): (UInt64, UInt64) = (0, UInt64(bytes.count) << 56)
            for (index, byte) in bytes.enumerated() {
                if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
            }
            let key = bytes.withUnsafeBufferPointer { PackedText($0)! }
            #expect(key.low == low && key.high == high, "\(text)")
        }
    }

    @Test("each decoder tags the symbols it makes: one tag a made symbol in the process, equal symbols alike")
    func symbolTags() throws {
        var make = Events()
        let bytes = PackedEvent.encode(make.buy("ETH", "3", at: "120.5", on: "2031-06-12", fee: "1.25"))
        func symbols(_ decoder: PackedEventDecoder) -> [AssetSymbol] {
            guard let event = bytes.withUnsafeBufferPointer({ decoder.event(from: $0) }),
                case .buy(let amount, let term) = event.action
            else { return [] }
            return [amount.asset.symbol, term.quote, event.fee?.asset.symbol].compactMap { $0 }
        }
        let (one, two) = (PackedEventDecoder(), PackedEventDecoder())
        let (first, again, other) = (symbols(one), symbols(one), symbols(two))
        try #require(first.count == 3 && other.count == 3)
        #expect(first.map(\.text) == ["ETH", "USD", "USD"] && first == other)
        #expect(first.allSatisfy { $0.tag != 0 } && other.allSatisfy { $0.tag != 0 })
        // The same decoder hands back what it made; another makes its own, with other tags.
        #expect(first.map(\.tag) == again.map(\.tag) && first[1].tag == first[2].tag)
        #expect(Set(first.map(\.tag)).isDisjoint(with: other.map(\.tag)) && first[0].tag != first[1].tag)
    }

    @Test("the replay rows' recordable seconds are Timestamp.recordable's")
    func recordableSeconds() {
        let range = Timestamp.recordable
        #expect(PackedEvent.recordable == range.lowerBound.secondsSinceEpoch...range.upperBound.secondsSinceEpoch)
    }
}
