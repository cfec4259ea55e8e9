import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The chain walk's fast path (``FastChainWalk``, ``SplitChainWalk``) must accept exactly what
/// the general walk accepts: it compares bytes where the general walk reads each record back as
/// an event, so every read-back check the general walk makes (ids, symbols, decimals, ratios,
/// times, texts, record versions, references, the replay row) is held here to give the same
/// verdict, on ledgers of random drafts written through the store as given (``OddDrafts``).
@Suite("Chain walks agree on odd drafts")
struct WalkAgreementTests {
    static let draftsPerLedger = 24
    static let genesis = ChainHead(count: 0, hash: HashChain.genesis)

    /// A walk's verdict and the events it handed over.
    struct Walked {
        var verification: ChainVerification
        var visited: [LedgerEvent] = []

        init(_ walk: (_ visit: (LedgerEvent) -> Void) throws -> ChainVerification) rethrows {
            var visited: [LedgerEvent] = []
            verification = try walk { visited.append($0) }
            self.visited = visited
        }
    }

    @Test("one verdict from the fast path (one connection and two) and the general walk", arguments: 0..<4)
    func sameVerdict(part: UInt64) throws {
        var broken = 0
        var seeds = 0
        for seed in stride(from: part, to: Self.ledgers, by: 4) {
            if try Self.check(seed: seed, drafts: Self.draftsPerLedger) { broken += 1 }
            seeds += 1
        }
        // Odd enough that some ledgers break, not so odd that every one does.
        #expect(broken > 0 && broken < seeds, "\(broken) of \(seeds) ledgers break")
    }

    /// Writes a ledger of `drafts` odd drafts and walks it every way; true when it breaks.
    static func check(seed: UInt64, drafts: Int) throws -> Bool {
        // From drafts mostly odd to drafts odd now and then.
        var make = OddDrafts(seed: seed, oddness: [10, 40, 150, 600][Int(seed / 4 % 4)])
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append((0..<drafts).map { _ in make.next() }, asGiven: true) { _ in }
        let database = store.database
        let general = try Walked { try LedgerEvents.generalWalk(database, after: genesis, visiting: $0) }
        let one = try Walked { visit in
            // As ``LedgerEvents/walk``, with chunks of three rows.
            let chunks = WalkChunks(rowsPerChunk: 3, capacity: 1500)
            let fast = try FastChainWalk.run(database, after: genesis, through: .max, chunks: chunks, visiting: visit)
            if fast.complete { return ChainVerification(head: fast.head, firstBreak: nil) }
            return try LedgerEvents.generalWalk(database, after: fast.head, visiting: visit)
        }
        let split = try Walked { try store.events.verifyChain(blockRows: 4, visiting: $0) }
        // Nor does the fast path stop short of the general walk's break (then the rest would be
        // walked the slow way).
        let fast = try FastChainWalk.run(database, after: genesis, through: .max) { _ in }
        #expect(fast.head.count == Int64(general.visited.count), "seed \(seed): the fast path stops early")
        let found = general.verification.firstBreak.map { "#\($0.sequence): \($0.reason)" } ?? "no break"
        for (name, walked) in [("one connection", one), ("two", split)] {
            #expect(walked.verification == general.verification, "seed \(seed), \(name); general: \(found)")
            #expect(walked.visited == general.visited, "seed \(seed), \(name)")
        }
        try readBack(general.visited, from: store, seed: seed)
        return general.verification.firstBreak != nil
    }

    /// Every event the walks accept is read back as that event from its columns
    /// (``EventColumns/event(from:)``, what the tool's other reads of the columns do) and from
    /// its replay row (the replay's decoder).
    static func readBack(_ events: [LedgerEvent], from store: Ledger, seed: UInt64) throws {
        let columns = try store.database.prepare("SELECT \(EventColumns.list) FROM events WHERE seq = ?")
        let replay = try store.database.prepare("SELECT data FROM event_replay WHERE seq = ?")
        defer { (columns.reset(), replay.reset()) }
        let decoder = PackedEventDecoder()
        for event in events {
            for statement in [columns, replay] {
                statement.reset()
                try statement.bind([.integer(event.sequence)])
                #expect(try statement.step(), "seed \(seed), #\(event.sequence)")
            }
            let fromColumns = try? EventColumns.event(from: columns)
            #expect(fromColumns == event, "seed \(seed), #\(event.sequence): the columns read back")
            let packed = replay.borrowedBlob(0).flatMap { decoder.event(from: $0) }
            #expect(packed == event, "seed \(seed), #\(event.sequence): the replay row reads back")
        }
    }
}

/// The records the seeded test found the fast path accepting and the general walk refusing
/// (round 33), each named: the store writes such a draft as given, the tool never does.
@Suite("Chain walks agree: what the seeded test found")
struct WalkAgreementFoundTests {
    static let btc = Asset(sym("BTC"), class: .crypto)
    static let one = AssetAmount(dec("1"), btc)
    static let overflow = AssetAmount(.overflow, btc)
    static let usd = sym("USD")

    /// Each found record: its action (and fee), and the general walk's reason.
    static let found: [(name: String, action: EventAction, fee: AssetAmount?, reason: String)] = [
        ("a quantity of overflow", .deposit(overflow), nil, "field 'quantity' 'overflow'"),
        ("a unit price of overflow", .buy(one, price: .unit(Price(.overflow, usd))), nil, "field 'price' 'overflow'"),
        ("a total of overflow", .sell(one, price: .total(.overflow, quote: usd)), nil, "field 'price' 'overflow'"),
        (
            "a total over a quantity of 0 (no unit price)",
            .buy(AssetAmount(.zero, btc), price: .total(10, quote: usd)),
            nil, "field 'price' 'overflow'"
        ),
        (
            "an income's unit value of overflow",
            .income(one, kind: .staking, value: .unit(Price(.overflow, usd))), nil, "field 'price' 'overflow'"
        ),
        (
            "a received quantity of overflow", .trade(given: one, received: AssetAmount(.overflow, Asset(usd))), nil,
            "field 'counter_quantity' 'overflow'"
        ),
        ("a fee of overflow", .withdraw(one), AssetAmount(.overflow, Asset(usd)), "field 'fee' 'overflow'"),
        (
            "a link's arrived quantity of overflow",
            .link(
                TransferLink(
                    withdrawal: EventID(value: 1), deposit: EventID(value: 2), arrived: overflow, toAccount: "wallet",
                    rule: .hash)), nil, "field 'quantity' 'overflow'"
        ),
        (
            "a split ratio past a million (its text reads no such ratio)",
            .split(btc, SplitRatio(numerator: 1_000_001, denominator: 1)!), nil,
            "field 'split_ratio' must look like 4:1"
        ),
    ]

    /// ``FastChainWalkTests/recordable(seed:)`` with `odd` after its tenth event.
    static func ledger(with odd: LedgerEvent) throws -> (Ledger, [LedgerEvent]) {
        var events = FastChainWalkTests.recordable(seed: 53)
        events.insert(odd, at: 10)
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(events, asGiven: true) { _ in }
        return (store, events)
    }

    @Test("the fast path stops at the record; the general walk and verify name it alike", arguments: 0..<9)
    func stopsThere(index: Int) throws {
        let (name, action, fee, reason) = Self.found[index]
        let odd = LedgerEvent(
            id: EventID(value: 77), occurredAt: Timestamp(secondsSinceEpoch: 1_600_000_000),
            recordedAt: Timestamp(secondsSinceEpoch: 1_600_000_000), account: "main", action: action, fee: fee)
        let (store, events) = try Self.ledger(with: odd)
        let start = WalkAgreementTests.genesis
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { _ in }
        #expect(!fast.complete && fast.head.count == 10, "\(name)")
        let general = try LedgerEvents.generalWalk(store.database, after: start)
        var visited: [Int64] = []
        let verification = try store.events.verifyChain(blockRows: 4) { visited.append($0.sequence) }
        for found in [general, verification] {
            #expect(found.firstBreak?.sequence == 11 && found.head.count == Int64(events.count), "\(name)")
            #expect(
                found.firstBreak?.reason.contains(reason) == true, "\(name): \(String(describing: found.firstBreak))")
        }
        #expect(visited == Array(1...10), "\(name)")
    }

    @Test("a record version below 1 is read back by the general walk, and walked by the fast path", arguments: [0, -1])
    func belowVersionOne(version: Int) throws {
        let odd = LedgerEvent(
            id: EventID(value: 77), schemaVersion: version, occurredAt: Timestamp(secondsSinceEpoch: 1_600_000_000),
            recordedAt: Timestamp(secondsSinceEpoch: 1_600_000_000), account: "main", action: .deposit(Self.one))
        let (store, events) = try Self.ledger(with: odd)
        let fast = try FastChainWalk.run(store.database, after: WalkAgreementTests.genesis, through: .max) { _ in }
        let general = try LedgerEvents.generalWalk(store.database, after: WalkAgreementTests.genesis)
        #expect(fast.complete && general.firstBreak == nil && fast.head == general.head)
        #expect(fast.head.count == Int64(events.count))
    }

    /// The lemma the walks' agreement rests on: the fast path accepts a row when its columns'
    /// JSON is the replay row's event's record's, so the general walk then parses that record,
    /// and must read back that event exactly when ``FastChainWalk/readable(_:)`` says so.
    @Test("an event's record reads back as the event exactly when the fast path calls it readable")
    func readableLemma() {
        var make = OddDrafts(seed: 33, oddness: 6)
        var refused = 0
        for index in 1...20_000 {
            var event = make.next()
            event.sequence = Int64(index)
            let readsBack = (try? EventRecordV1(event).event()) == event
            #expect(FastChainWalk.readable(event) == readsBack, "draft \(index): \(event.action)")
            if !readsBack { refused += 1 }
        }
        #expect(refused > 1_000 && refused < 19_000, "\(refused) refused")
    }

    @Test("every decimal's text reads back but the overflow marker's", arguments: OddDrafts.edgeUnits)
    func decimalText(units: Int128) {
        let value = ExactDecimal(units: units)
        #expect((try? ExactDecimal.parse(value.description).get()) == (value.isOverflow ? nil : value))
    }
}

// Last in the file: `.ci/slow-tests`' check (`SlowTestListTests`) takes a suite declared after
// the slow tests' switch to be gated by it, and these suites run in every `swift test`.
extension WalkAgreementTests {
    /// Ledgers per run (a few seconds in a debug build; `LGR_SLOW_TESTS=1` walks more).
    static let ledgers: UInt64 = SlowTests.enabled ? 1_600 : 160
}
