import Foundation
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// One price contract, four stores: the in-memory twin, SQLite in memory, SQLite on a file,
/// PostgreSQL (when installed; see ``StoreKind``).
enum PriceStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqliteMemory, sqliteFile, postgres

    static var allCases: [PriceStoreKind] {
        PostgresTestBooks.withPostgres([.inMemory, .sqliteMemory, .sqliteFile], .postgres)
    }

    var testDescription: String { rawValue }

    func make() throws -> any PriceStore {
        switch self {
        case .inMemory: return InMemoryPriceStore()
        case .sqliteMemory: return try Ledger(path: ":memory:", mode: .createIfMissing).prices
        case .sqliteFile:
            return try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing).prices
        case .postgres: return try PostgresTestBooks.open().prices
        }
    }
}

/// `price("BTC", "31000", on: "2024-01-02")`: an observation for tests.
func price(_ asset: String, _ value: String, in quote: String = "USD", on date: String, source: String = "manual")
    -> PriceObservation
{
    PriceObservation(
        asset: AssetSymbol(asset)!, quote: AssetSymbol(quote)!, observedAt: Events.time(date),
        price: ExactDecimal(value)!, source: source
    )
}

@Suite("PriceStore contract")
struct PriceStoreContractTests {
    static let fetched = Events.time("2024-06-01T12:00:00Z")

    @Test("exact decimals come back exactly", arguments: PriceStoreKind.allCases)
    func exactRoundTrip(kind: PriceStoreKind) throws {
        let store = try kind.make()
        let recorded = [
            price("BTC", "123456789012.5", on: "2024-01-01"),
            price("DUST", "0.000000000000000001", on: "2024-01-01"),
            price("ETH", "0", on: "2024-01-01"),
            price("SOL", "170141183460469231731.687303715884105727", on: "2024-01-01"),
        ]
        try store.record(recorded, fetchedAt: Self.fetched)
        let stored = try store.observations(asset: nil)
        #expect(stored.map(\.observation) == recorded)
        #expect(
            stored.map(\.observation.price.description) == [
                "123456789012.5", "0.000000000000000001", "0", "170141183460469231731.687303715884105727",
            ])
        #expect(stored.allSatisfy { $0.fetchedAt == Self.fetched })
    }

    @Test(
        "re-recording a key replaces its price and fetch time; another source is another key",
        arguments: PriceStoreKind.allCases)
    func upsert(kind: PriceStoreKind) throws {
        let store = try kind.make()
        try store.record([price("BTC", "30000", on: "2024-01-02")], fetchedAt: Self.fetched)
        let later = Self.fetched.adding(seconds: 60)
        try store.record(
            [price("BTC", "31000", on: "2024-01-02"), price("BTC", "30500", on: "2024-01-02", source: "coingecko")],
            fetchedAt: later)
        let stored = try store.observations(asset: nil)
        #expect(
            stored == [
                RecordedPrice(price("BTC", "30500", on: "2024-01-02", source: "coingecko"), fetchedAt: later),
                RecordedPrice(price("BTC", "31000", on: "2024-01-02"), fetchedAt: later),
            ])
    }

    @Test("within one call the later of two equal keys wins", arguments: PriceStoreKind.allCases)
    func duplicateInOneCall(kind: PriceStoreKind) throws {
        let store = try kind.make()
        try store.record(
            [price("BTC", "1", on: "2024-01-02"), price("BTC", "2", on: "2024-01-02")], fetchedAt: Self.fetched)
        #expect(try store.observations(asset: nil).map(\.observation.price) == [ExactDecimal(2)])
    }

    /// More observations than one statement writes (the SQLite store writes 64 a statement),
    /// with keys repeated within a statement's rows and across two statements.
    @Test(
        "many observations in one call: each stored once, the later of equal keys", arguments: PriceStoreKind.allCases)
    func manyInOneCall(kind: PriceStoreKind) throws {
        let store = try kind.make()
        var recorded: [PriceObservation] = []
        var expected: [String: String] = [:]
        var generator = SplitMix64(seed: 11)
        for index in 0..<300 {
            // Keys reused at random: about a third of the rows replace an earlier one.
            let day = Int(generator.next() % 200)
            let time = Events.time("2024-01-01").adding(seconds: Int64(day) * 86_400)
            let value = "\(index).5"
            recorded.append(
                PriceObservation(
                    asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, observedAt: time,
                    price: ExactDecimal(value)!, source: "manual"))
            expected["\(time.secondsSinceEpoch)"] = value
        }
        try store.record(recorded, fetchedAt: Self.fetched)
        let stored = try store.observations(asset: nil).map(\.observation)
        #expect(stored.count == expected.count)
        #expect(stored.allSatisfy { expected["\($0.observedAt.secondsSinceEpoch)"] == $0.price.description })
    }

    @Test("observations come ordered by asset, quote, time and source", arguments: PriceStoreKind.allCases)
    func ordering(kind: PriceStoreKind) throws {
        let store = try kind.make()
        let expected = [
            price("BTC", "28000", in: "EUR", on: "2024-01-03"),
            price("BTC", "30000", on: "2024-01-01", source: "coingecko"),
            price("BTC", "30001", on: "2024-01-01", source: "manual"),
            price("BTC", "31000", on: "2024-01-02T09:30:00Z"),
            price("BTC", "32000", on: "2024-01-05"),
            price("ETH", "2000", on: "2023-12-31"),
        ]
        var generator = SplitMix64(seed: 7)
        try store.record(expected.shuffled(using: &generator), fetchedAt: Self.fetched)
        #expect(try store.observations(asset: nil).map(\.observation) == expected)
    }

    @Test("filtering by asset", arguments: PriceStoreKind.allCases)
    func filter(kind: PriceStoreKind) throws {
        let store = try kind.make()
        try store.record(
            [
                price("ETH", "2000", on: "2024-01-01"), price("BTC", "30000", on: "2024-01-01"),
                price("USD", "0.9", in: "EUR", on: "2024-01-01"), price("ETH", "2100", on: "2024-01-02"),
            ], fetchedAt: Self.fetched)
        #expect(
            try store.observations(asset: AssetSymbol("ETH")!).map(\.observation.price.description) == ["2000", "2100"])
        // A quote is not an asset of its own: EUR appears only as the quote of USD.
        #expect(try store.observations(asset: AssetSymbol("EUR")!).isEmpty)
        #expect(try store.observations(asset: AssetSymbol("DOGE")!).isEmpty)
        #expect(try store.observations(asset: nil).count == 4)
    }

    @Test("a bad observation refuses the whole call", arguments: PriceStoreKind.allCases)
    func allOrNothing(kind: PriceStoreKind) throws {
        let store = try kind.make()
        let bad = [
            price("BTC", "-1", on: "2024-01-02"),
            price("USD", "1", in: "USD", on: "2024-01-02"),
            PriceObservation(
                asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, observedAt: Events.time("2024-01-02"),
                price: .overflow, source: "manual"),
        ]
        for observation in bad {
            #expect(throws: StoreError.self) {
                try store.record([price("ETH", "2000", on: "2024-01-01"), observation], fetchedAt: Self.fetched)
            }
        }
        #expect(try store.observations(asset: nil).isEmpty)
        try store.record([], fetchedAt: Self.fetched)
        #expect(try store.observations(asset: nil).isEmpty)
    }

    @Test("the price table finds the latest observation at or before a time", arguments: PriceStoreKind.allCases)
    func table(kind: PriceStoreKind) throws {
        let store = try kind.make()
        #expect(try store.priceTable().isEmpty)
        try store.record(
            [
                price("BTC", "30000", on: "2024-01-01"), price("BTC", "31000", on: "2024-01-03"),
                price("EUR", "1.1", on: "2024-01-01"),
            ], fetchedAt: Self.fetched)
        let table = try store.priceTable()
        let btc = AssetSymbol("BTC")!
        let usd = AssetSymbol("USD")!
        #expect(table.price(of: btc, in: usd, at: Events.time("2024-01-02"))?.value == ExactDecimal(30000))
        #expect(table.price(of: btc, in: usd, at: Events.time("2024-01-03"))?.value == ExactDecimal(31000))
        #expect(table.price(of: btc, in: usd, at: Events.time("2023-12-31")) == nil)
        #expect(table.observations.count == 3)
    }
}

@Suite("SQLite price table")
struct SQLitePriceTableTests {
    @Test("prices survive closing and reopening the ledger file")
    func persistence() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let recorded = [
            price("BTC", "0.000000000000000001", on: "2024-01-01"), price("BTC", "123456789012.5", on: "2024-01-02"),
        ]
        do {
            let store = try Ledger(path: path, mode: .createIfMissing)
            try store.prices.record(recorded, fetchedAt: Events.time("2024-06-01"))
        }
        let reopened = try Ledger(path: path, mode: .mustExist)
        #expect(try reopened.prices.observations(asset: AssetSymbol("BTC")!).map(\.observation) == recorded)
        let database = try SQLiteDatabase(path: path, create: false)
        #expect(try database.scalarInt("SELECT count(*) FROM prices WHERE typeof(price) = 'text'") == 2)
    }

    @Test("the latest observed-at is one index search, not a read of every price")
    func latestObservedAt() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let store = try Ledger(path: path, mode: .createIfMissing)
        #expect(try store.prices.lastObservedAt() == nil)
        try store.prices.record(
            [
                price("ETH", "2000", on: "2024-03-01"), price("BTC", "30000", on: "2024-01-01"),
                price("BTC", "31000", on: "2024-02-01"), price("EUR", "1.1", in: "USD", on: "2023-12-01"),
            ], fetchedAt: Events.time("2024-06-01"))
        #expect(try store.prices.lastObservedAt() == Events.time("2024-03-01"))
        let plan = try SQLiteDatabase(path: path, create: false).prepare(
            "EXPLAIN QUERY PLAN SELECT MAX(observed_at) FROM prices")
        var details: [String] = []
        while try plan.step() { details.append(plan.text(3) ?? "") }
        #expect(details == ["SEARCH prices USING COVERING INDEX prices_by_time"])
    }

    @Test("the table itself refuses prices that are not exact non-negative decimal text")
    func constraints() throws {
        let store = try Ledger(path: ":memory:", mode: .createIfMissing)
        for text in ["'1e5'", "'-1'", "'1,5'", "'.5'", "'5.'", "'1.2.3'", "''", "' 1'", "'abc'"] {
            #expect(throws: SQLiteError.self, "\(text)") {
                try store.executeRaw("INSERT INTO prices VALUES ('BTC', 'USD', 1, \(text), 'raw', 1)")
            }
        }
        #expect(throws: SQLiteError.self) {
            try store.executeRaw("INSERT INTO prices VALUES ('BTC', 'BTC', 1, '1', 'raw', 1)")
        }
        try store.executeRaw("INSERT INTO prices VALUES ('BTC', 'USD', 1, '0.5', 'raw', 1)")
        #expect(try store.prices.observations(asset: nil).map(\.observation.price) == [ExactDecimal("0.5")!])
    }

    @Test("a ledger made before the price table gets it when opened")
    func migratesOlderLedger() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        do {
            let store = try Ledger(path: path, mode: .createIfMissing)
            try store.executeRaw(
                "DROP TABLE prices; DELETE FROM schema_migrations WHERE name = '0003-prices'; PRAGMA user_version = 2")
        }
        let store = try Ledger(path: path, mode: .mustExist)
        try store.prices.record([price("BTC", "30000", on: "2024-01-01")], fetchedAt: Events.time("2024-06-01"))
        #expect(try store.prices.observations(asset: nil).count == 1)
        let database = try SQLiteDatabase(path: path, create: false)
        // Every migration is recorded again, so user_version is the full count once more.
        let applied = try database.scalarInt("SELECT count(*) FROM schema_migrations")
        #expect(try database.scalarInt("PRAGMA user_version") == applied)
    }

    @Test("reading prices leaves no read transaction open, so a second writer is not blocked")
    func readsRelease() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let reader = try Ledger(path: path, mode: .createIfMissing)
        try reader.prices.record(
            [price("BTC", "1", on: "2024-01-01"), price("BTC", "2", on: "2024-01-02")],
            fetchedAt: Events.time("2024-06-01"))
        _ = try reader.prices.observations(asset: nil)
        _ = try reader.prices.priceTable()
        let writer = try Ledger(path: path, mode: .mustExist)
        try writer.prices.record([price("BTC", "3", on: "2024-01-03")], fetchedAt: Events.time("2024-06-01"))
        // The first connection held no stale snapshot: it can write after the second did,
        // and it sees the second's write.
        try reader.prices.record([price("BTC", "4", on: "2024-01-04")], fetchedAt: Events.time("2024-06-01"))
        #expect(try reader.prices.observations(asset: nil).count == 4)
    }
}
