import Foundation
import LedgerCore
import LedgerInterchange
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// One contract, four stores: the in-memory twin, SQLite in memory, SQLite on a file, and
/// PostgreSQL (one user's books in the test run's throwaway cluster; left out, with the reason
/// shown by `PostgresStoreTests`, when no PostgreSQL is installed).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqliteMemory, sqliteFile, postgres

    static var allCases: [StoreKind] {
        PostgresTestBooks.withPostgres([.inMemory, .sqliteMemory, .sqliteFile], .postgres)
    }

    var testDescription: String { rawValue }

    func make() throws -> any EventStore {
        switch self {
        case .inMemory: return InMemoryEventStore()
        case .sqliteMemory: return try Ledger(path: ":memory:", mode: .createIfMissing).events
        case .sqliteFile:
            return try Ledger(path: makeTemporaryDirectory() + "/sub/dir/books.ledger", mode: .createIfMissing).events
        case .postgres: return try PostgresTestBooks.open().events
        }
    }

    func makeSettings() throws -> any SettingsStore {
        switch self {
        case .inMemory: return InMemoryEventStore()
        case .sqliteMemory: return try Ledger(path: ":memory:", mode: .createIfMissing).settings
        case .sqliteFile:
            return try Ledger(path: makeTemporaryDirectory() + "/sub/dir/books.ledger", mode: .createIfMissing).settings
        case .postgres: return try PostgresTestBooks.open().settings
        }
    }
}

struct Refused: Error {}

@Suite("EventStore contract")
struct EventStoreContractTests {
    @Test("appends number events from 1 and keep what was given", arguments: StoreKind.allCases)
    func appendNumbers(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        let first = try store.append([make.buy("BTC", "0.1", at: "30000", on: "2024-01-02")]) { _ in }
        let next = try store.append([
            make.deposit("USD", "5", on: "2024-01-01"), make.deposit("EUR", "6", on: "2024-01-03"),
        ]) { _ in }
        #expect(first.map(\.sequence) == [1])
        #expect(next.map(\.sequence) == [2, 3])
        #expect(try store.allEvents() == first + next)
        #expect(try store.chainHead().count == 3)
    }

    @Test("a failing check writes nothing", arguments: StoreKind.allCases)
    func checkFails(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        _ = try store.append([make.deposit("USD", "5", on: "2024-01-01")]) { _ in }
        let head = try store.chainHead()
        #expect(throws: Refused.self) {
            try store.append([make.deposit("USD", "6", on: "2024-01-02")]) { _ in throw Refused() }
        }
        #expect(try store.chainHead() == head)
        #expect(try store.allEvents().count == 1)
    }

    @Test("a draft the ledger could not read back is refused and nothing written", arguments: StoreKind.allCases)
    func unreadableDraft(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        _ = try store.append([make.deposit("USD", "5", on: "2024-01-01")]) { _ in }
        let head = try store.chainHead()
        var late = make.deposit("USD", "6", on: "2024-01-02")
        late.occurredAt = Timestamp.recordable.upperBound.adding(seconds: 1)
        let drafts = [make.deposit("USD", "7", on: "2024-01-03"), late]
        #expect {
            _ = try store.append(drafts) { _ in }
        } throws: { error in
            guard case StoreError.unreadableDraft(let problem) = error else { return false }
            return problem.field == "occurred_at" && problem.sequence == 3
        }
        #expect(try store.chainHead() == head)
        #expect(try store.allEvents().count == 1)
    }

    @Test("the chain verifies and its head changes with every append", arguments: StoreKind.allCases)
    func chain(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        #expect(
            try store.verifyChain()
                == ChainVerification(
                    head: ChainHead(count: 0, hash: String(repeating: "0", count: 64)), firstBreak: nil))
        var heads: Set<String> = []
        for day in 1...5 {
            _ = try store.append([make.deposit("BTC", "1", on: "2024-01-0\(day)")]) { _ in }
            heads.insert(try store.chainHead().hash)
        }
        #expect(heads.count == 5)
        let verification = try store.verifyChain()
        #expect(verification.firstBreak == nil)
        let head = try store.chainHead()
        #expect(verification.head == head)
    }

    @Test("events are found by number, #number or id", arguments: StoreKind.allCases)
    func references(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        let stored = try store.append([
            make.deposit("BTC", "1", on: "2024-01-01"), make.deposit("ETH", "2", on: "2024-01-01"),
        ]) { _ in }
        #expect(try store.event(reference: "2") == stored[1])
        #expect(try store.event(reference: "#1") == stored[0])
        #expect(try store.event(reference: stored[1].id.text.lowercased()) == stored[1])
        #expect(try store.event(reference: "3") == nil)
        #expect(try store.event(reference: "abc") == nil)
    }

    @Test("events touching an asset include quotes, fees and every void", arguments: StoreKind.allCases)
    func touching(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        let buy = make.buy("BTC", "1", at: "100", in: "USDT", on: "2024-01-01")
        let other = make.deposit("ETH", "1", on: "2024-01-02")
        let void = make.void(other, on: "2024-01-03")
        _ = try store.append([buy, other, void]) { _ in }
        #expect(try store.events(touching: [AssetSymbol("USDT")!]).map(\.id) == [buy.id, void.id])
        #expect(try store.assetClass(of: AssetSymbol("BTC")!) == .crypto)
        #expect(try store.assetClass(of: AssetSymbol("DOGE")!) == nil)
    }

    @Test(
        "an asset's class is the newest that names it, past more than a page of events that only quote it",
        arguments: StoreKind.allCases)
    func newestClass(kind: StoreKind) throws {
        let store = try kind.make()
        var make = Events()
        let asStock = AssetAmount(ExactDecimal(100), Events.asset("ZQXV", .stock))
        _ = try store.append([make.make(.deposit(asStock), on: "2024-01-01")]) { _ in }
        let quoted = (0..<40).map { _ in make.buy("ETH", "1", at: "1", in: "ZQXV", on: "2024-01-02") }
        _ = try store.append(quoted) { _ in }
        #expect(try store.assetClass(of: AssetSymbol("ZQXV")!) == .stock)
        let asFund = AssetAmount(ExactDecimal(1), Events.asset("ZQXV", .fund))
        var later = [make.make(.deposit(asFund), on: "2024-01-03")]
        for _ in 0..<40 { later.append(make.buy("ETH", "1", at: "1", in: "ZQXV", on: "2024-01-04")) }
        _ = try store.append(later) { _ in }
        #expect(try store.assetClass(of: AssetSymbol("ZQXV")!) == .fund)
        #expect(try store.assetClass(of: AssetSymbol("ETH")!) == .crypto)
    }

    @Test("settings are kept", arguments: StoreKind.allCases)
    func settings(kind: StoreKind) throws {
        let store = try kind.makeSettings()
        #expect(try store.setting("currency") == nil)
        try store.setSetting("currency", "EUR")
        try store.setSetting("currency", "GBP")
        #expect(try store.setting("currency") == "GBP")
        try store.setSetting("watchlist", "BTC,ETH")
        #expect(try store.allSettings() == ["currency": "GBP", "watchlist": "BTC,ETH"])
    }
}
