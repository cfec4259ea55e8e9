import Foundation
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// One alert contract, four stores: the in-memory twin, SQLite in memory, SQLite on a file,
/// PostgreSQL (when installed; see ``StoreKind``).
enum AlertStoreKind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqliteMemory, sqliteFile, postgres

    static var allCases: [AlertStoreKind] {
        PostgresTestBooks.withPostgres([.inMemory, .sqliteMemory, .sqliteFile], .postgres)
    }

    var testDescription: String { rawValue }

    func make() throws -> any AlertStore {
        switch self {
        case .inMemory: return InMemoryAlertStore()
        case .sqliteMemory: return try Ledger(path: ":memory:", mode: .createIfMissing).alerts
        case .sqliteFile:
            return try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing).alerts
        case .postgres: return try PostgresTestBooks.open().alerts
        }
    }
}

@Suite("AlertStore contract")
struct AlertStoreContractTests {
    static let created = Events.time("2024-06-01T12:00:00Z")

    static func draft(_ asset: String, _ condition: AlertCondition, quote: String = "USD", note: String = "")
        -> AlertDraft
    {
        AlertDraft(asset: sym(asset), assetClass: nil, quote: sym(quote), condition: condition, note: note)
    }

    @Test("every kind of alert comes back exactly as added, armed, numbered from 1", arguments: AlertStoreKind.allCases)
    func roundTrip(kind: AlertStoreKind) throws {
        let store = try kind.make()
        let drafts = [
            Self.draft("BTC", .above(dec("67543.123456789012345")), note: "take profit"),
            Self.draft("ETH", .below(dec("0.000000000000000001")), quote: "EUR"),
            Self.draft("SOL", .change(percent: dec("12.5"), direction: .down, window: 86_400)),
            AlertDraft(
                asset: sym("NVDA"), assetClass: .stock, quote: sym("USD"),
                condition: .change(percent: dec("5"), direction: .either, window: 3_600), note: ""),
        ]
        let added = try drafts.map { try store.addAlert($0, createdAt: Self.created) }
        #expect(added.map(\.id) == [1, 2, 3, 4])
        let read = try store.alerts()
        #expect(read == added)
        #expect(read.map(\.condition) == drafts.map(\.condition))
        #expect(read.allSatisfy { $0.state == .armed && $0.lastSeen == nil && $0.lastFiredAt == nil })
        #expect(read[0].note == "take profit")
        #expect(read[3].assetClass == .stock)
    }

    @Test("remove returns the alert, then nil; ids are never reused", arguments: AlertStoreKind.allCases)
    func removeAndIDs(kind: AlertStoreKind) throws {
        let store = try kind.make()
        _ = try store.addAlert(Self.draft("BTC", .above(dec("1"))), createdAt: Self.created)
        let second = try store.addAlert(Self.draft("ETH", .above(dec("1"))), createdAt: Self.created)
        #expect(try store.removeAlert(id: 2) == second)
        #expect(try store.removeAlert(id: 2) == nil)
        #expect(try store.removeAlert(id: 99) == nil)
        let third = try store.addAlert(Self.draft("SOL", .above(dec("1"))), createdAt: Self.created)
        #expect(third.id == 3)
        #expect(try store.alerts().map(\.id) == [1, 3])
    }

    @Test("updateAlerts stores the new state, last price and fire time", arguments: AlertStoreKind.allCases)
    func updateRoundTrip(kind: AlertStoreKind) throws {
        let store = try kind.make()
        _ = try store.addAlert(Self.draft("BTC", .above(dec("50000"))), createdAt: Self.created)
        _ = try store.addAlert(Self.draft("ETH", .below(dec("2000"))), createdAt: Self.created)
        let seen = AlertSighting(price: dec("50123.4"), observedAt: Self.created, source: "coingecko")
        let count = try store.updateAlerts { alerts in
            var fired = alerts[0]
            fired.state = .fired
            fired.lastSeen = seen
            fired.lastFiredAt = Self.created.adding(seconds: 4)
            var ghost = alerts[1]
            ghost.state = .fired
            let unknown = Alert(
                id: 42, asset: sym("X"), quote: sym("USD"), condition: .above(dec("1")), createdAt: Self.created)
            return ([fired, unknown], alerts.count)
        }
        #expect(count == 2)
        let read = try store.alerts()
        #expect(
            read[0].state == .fired && read[0].lastSeen == seen
                && read[0].lastFiredAt == Self.created.adding(seconds: 4))
        #expect(read[1].state == .armed, "an alert not returned keeps its state")
        #expect(read.count == 2, "an unknown id is not inserted")
    }

    @Test("a throwing check stores nothing", arguments: AlertStoreKind.allCases)
    func throwingCheckStoresNothing(kind: AlertStoreKind) throws {
        struct Stop: Error {}
        let store = try kind.make()
        let alert = try store.addAlert(Self.draft("BTC", .above(dec("5"))), createdAt: Self.created)
        if kind != .inMemory {
            #expect(throws: Stop.self) {
                try store.updateAlerts { _ -> ([Alert], Int) in
                    // A write made inside the transaction is rolled back with it.
                    if let postgres = store as? PostgresAlerts {
                        try postgres.ledger.session.execute(
                            "UPDATE alerts SET state = 'fired' WHERE user_id = \(postgres.ledger.userID)")
                        throw Stop()
                    }
                    try (store as! LedgerAlerts).ledger.executeRaw("UPDATE alerts SET state = 'fired'")
                    throw Stop()
                }
            }
        }
        #expect(try store.alerts() == [alert])
    }

    @Test("an alert on an asset in itself, or with a threshold of 0, is refused", arguments: AlertStoreKind.allCases)
    func refusals(kind: AlertStoreKind) throws {
        let store = try kind.make()
        #expect(throws: StoreError.self) {
            try store.addAlert(Self.draft("USD", .above(dec("1"))), createdAt: Self.created)
        }
        #expect(throws: StoreError.self) {
            try store.addAlert(Self.draft("BTC", .below(.zero)), createdAt: Self.created)
        }
        #expect(try store.alerts().isEmpty)
    }

    @Test(
        "copyAlerts keeps numbers and state, skips a number taken, and new numbers follow the copied counter",
        arguments: AlertStoreKind.allCases)
    func copyKeepsNumbers(kind: AlertStoreKind) throws {
        let store = try kind.make()
        #expect(try store.lastAlertID() == 0)
        let own = try store.addAlert(Self.draft("BTC", .above(dec("1"))), createdAt: Self.created)
        let seen = AlertSighting(price: dec("2.5"), observedAt: Self.created.adding(seconds: 9), source: "kraken")
        let copies = [
            Alert(
                id: 3, asset: sym("ETH"), assetClass: .crypto, quote: sym("EUR"), condition: .below(dec("1500.25")),
                note: "n", createdAt: Self.created, state: .fired, lastSeen: seen,
                lastFiredAt: Self.created.adding(seconds: 10)),
            Alert(
                id: 5, asset: sym("NVDA"), quote: sym("USD"),
                condition: .change(percent: dec("4"), direction: .up, window: 600), createdAt: Self.created),
        ]
        let taken = Alert(
            id: 1, asset: sym("SOL"), quote: sym("USD"), condition: .above(dec("9")), createdAt: Self.created)
        #expect(try store.copyAlerts([taken] + copies, lastID: 7) == copies)
        #expect(try store.alerts() == [own] + copies)
        #expect(try store.lastAlertID() == 7)
        #expect(try store.copyAlerts(copies, lastID: 2).isEmpty, "a second copy adds nothing")
        #expect(try store.lastAlertID() == 7, "the counter never goes back")
        #expect(try store.addAlert(Self.draft("ADA", .above(dec("1"))), createdAt: Self.created).id == 8)
        _ = try store.removeAlert(id: 8)
        #expect(try store.copyAlerts([], lastID: 0).isEmpty && store.lastAlertID() == 8)
        let bad = Alert(
            id: 9, asset: sym("USD"), quote: sym("USD"), condition: .above(dec("1")), createdAt: Self.created)
        #expect(throws: StoreError.self) { try store.copyAlerts([bad], lastID: 9) }
        #expect(try store.alerts().map(\.id) == [1, 3, 5] && store.lastAlertID() == 8)
        let fresh = try kind.make()
        #expect(try fresh.copyAlerts(copies, lastID: 0) == copies)
        #expect(
            try fresh.lastAlertID() == 5
                && fresh.addAlert(Self.draft("BTC", .above(dec("1"))), createdAt: Self.created).id == 6)
    }

    @Test("two connections checking at once never fire the same crossing twice")
    func concurrentChecksFireOnce() throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let setup = try Ledger(path: path, mode: .createIfMissing)
        _ = try setup.alerts.addAlert(Self.draft("BTC", .above(dec("100"))), createdAt: Self.created)
        try setup.prices.record(
            [
                PriceObservation(
                    asset: sym("BTC"), quote: sym("USD"), observedAt: Self.created, price: dec("150"), source: "t")
            ], fetchedAt: Self.created)
        let fired = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let store = try? Ledger(path: path, mode: .mustExist) else { return }
            let count = try? store.alerts.updateAlerts { alerts in
                let prices = try store.prices.priceTable()
                let verdicts = alerts.map { AlertEvaluator.check($0, prices: prices, now: Self.created, maxAge: nil) }
                return (
                    verdicts.map(\.alert), verdicts.filter { if case .fired = $0.outcome { true } else { false } }.count
                )
            }
            fired.add(count ?? -100)
        }
        #expect(fired.value == 1)
    }
}

/// A thread-safe sum for the concurrency test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    func add(_ value: Int) { lock.withLock { total += value } }
    var value: Int { lock.withLock { total } }
}
