import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// What the reports read (``BookStores``: the streaming event log and the snapshots) on a
/// ledger in memory and on PostgreSQL, against a ledger file given the same events.
enum BooksKind: String, CaseIterable, CustomTestStringConvertible {
    case sqliteMemory, postgres

    static var allCases: [BooksKind] { PostgresTestBooks.withPostgres([.sqliteMemory], .postgres) }

    var testDescription: String { rawValue }

    func make() throws -> any BookStores {
        switch self {
        case .sqliteMemory: try Ledger(path: ":memory:", mode: .createIfMissing)
        case .postgres: try PostgresTestBooks.open()
        }
    }
}

@Suite("BookStores contract: the replay's reads and the snapshots")
struct BookStoresContractTests {
    /// A seeded random log appended out of date order, with voids and a linked withdrawal and
    /// deposit (and a link that is itself voided).
    static func drafts(seed: UInt64) -> [LedgerEvent] {
        var rng = SplitMix64(seed: seed)
        var options = RandomLedger.Options()
        options.count = 60
        var events = RandomLedger(seed: seed, options: options).events.map { event -> LedgerEvent in
            var draft = event
            draft.sequence = 0
            return draft
        }
        events.shuffle(using: &rng)
        var make = Events(seed: seed &+ 1_000)
        let out = make.withdraw("BTC", "0.001", on: "2024-03-01", account: "exchange")
        let into = make.deposit("BTC", "0.0009", on: "2024-03-02", account: "wallet")
        let link = make.make(
            .link(
                TransferLink(
                    withdrawal: out.id, deposit: into.id, arrived: Events.amount("0.0009", "BTC"), toAccount: "wallet",
                    rule: .window)), on: "2024-03-03")
        let unlinked = make.make(
            .link(
                TransferLink(
                    withdrawal: out.id, deposit: into.id, arrived: Events.amount("0.0008", "BTC"), toAccount: "wallet",
                    rule: .window)), on: "2024-03-04")
        events += [out, into, link, unlinked, make.void(unlinked, on: "2024-03-05")]
        for index in stride(from: 3, to: 40, by: 11) { events.append(make.void(events[index], on: "2024-06-01")) }
        return events
    }

    static func replayed(_ books: any BookStores, through asOf: Timestamp) throws -> ([LedgerEvent], LogPosition) {
        var seen: [LedgerEvent] = []
        let position = try books.events.forEachEffectiveEvent(through: asOf) { seen.append($0) }
        return (seen, position)
    }

    @Test(
        "the replay, the tail after a sequence, newest first and the voids are a ledger file's",
        arguments: BooksKind.allCases, [UInt64(7), 38])
    func sameReads(kind: BooksKind, seed: UInt64) throws {
        let books = try kind.make()
        let file = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        let drafts = Self.drafts(seed: seed)
        for chunk in stride(from: 0, to: drafts.count, by: 9) {
            let part = Array(drafts[chunk..<min(chunk + 9, drafts.count)])
            #expect(try books.events.append(part) { _ in } == file.events.append(part) { _ in })
        }
        let times = drafts.map(\.occurredAt).sorted()
        for asOf in [
            times[0], times[times.count / 2], times[times.count - 1], Timestamp(secondsSinceEpoch: 4_000_000_000),
        ] {
            let (events, position) = try Self.replayed(books, through: asOf)
            let (expected, expectedPosition) = try Self.replayed(file, through: asOf)
            #expect(events == expected)
            #expect(position.head == expectedPosition.head && position.lastOccurred == expectedPosition.lastOccurred)
            var tail: [LedgerEvent] = []
            var expectedTail: [LedgerEvent] = []
            try books.events.forEachEvent(after: 30, through: asOf) { tail.append($0) }
            try file.events.forEachEvent(after: 30, through: asOf) { expectedTail.append($0) }
            #expect(tail == expectedTail)
        }
        #expect(try Self.newest(books, 12) == Self.newest(file, 12))
        #expect(try books.events.voidEvents() == file.events.voidEvents())
        #expect(try books.events.lastOccurredAt() == file.events.lastOccurredAt())
        let head = try file.events.chainHead()
        #expect(try books.events.sequence(ofHash: head.hash) == head.count)
        #expect(try books.events.sequence(ofHash: String(repeating: "f", count: 64)) == nil)
    }

    static func newest(_ books: any BookStores, _ count: Int) throws -> [LedgerEvent] {
        var seen: [LedgerEvent] = []
        try books.events.forEachEventNewestFirst { event in
            seen.append(event)
            return seen.count < count
        }
        return seen
    }

    @Test(
        "a snapshot is valid until the log or, when it read them, the prices change under it",
        arguments: BooksKind.allCases)
    func snapshots(kind: BooksKind) throws {
        let books = try kind.make()
        var make = Events()
        let bought = make.buy("BTC", "1", at: "30000", on: "2024-01-02")
        _ = try books.events.append([make.deposit("USD", "40000", on: "2024-01-01"), bought]) { _ in }
        let save = { (usesPrices: Bool) throws in
            let head = try books.events.chainHead()
            books.snapshots.save(
                SnapshotRecord(
                    key: "fifo", sequence: head.count, head: head.hash, lastOccurred: Events.time("2024-01-02"),
                    pricesVersion: try books.prices.version(), usesPrices: usesPrices, data: [1, 2, 3]))
        }
        let price = PriceObservation(
            asset: sym("BTC"), quote: sym("USD"), observedAt: Events.time("2024-01-05"), price: dec("31000"),
            source: "test")
        try save(true)
        #expect(try books.snapshots.valid(key: "fifo")?.data == [1, 2, 3])
        #expect(try books.snapshots.valid(key: "lifo") == nil)
        let before = try books.prices.version()
        try books.prices.record([price], fetchedAt: Events.time("2024-01-06"))
        #expect(try books.prices.version() != before)
        #expect(try books.snapshots.valid(key: "fifo") == nil, "prices moved under a snapshot that read them")
        try save(false)
        try books.prices.record([price], fetchedAt: Events.time("2024-01-07"))
        #expect(try books.snapshots.valid(key: "fifo")?.sequence == 2, "prices do not stale one that read none")
        _ = try books.events.append([make.deposit("USD", "1", on: "2024-02-01")]) { _ in }
        #expect(try books.snapshots.valid(key: "fifo")?.sequence == 2, "a later event leaves it valid")
        _ = try books.events.append([make.deposit("USD", "1", on: "2024-01-01")]) { _ in }
        #expect(try books.snapshots.valid(key: "fifo") == nil, "a back-dated event stales it")
        try save(false)
        _ = try books.events.append([make.void(bought, on: "2024-03-01")]) { _ in }
        #expect(try books.snapshots.valid(key: "fifo") == nil, "a void stales it")
        #expect(try books.snapshots.problems().isEmpty)
    }
}
