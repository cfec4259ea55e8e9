import Foundation
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// Books in the test run's throwaway PostgreSQL cluster: one new user per call, so the suites
/// share one database as the servers would, and never each other's rows.
enum PostgresTestBooks {
    static func session() throws -> PostgresSession {
        let cluster = try PostgresCluster.shared.get()
        return try PostgresSession.connect(
            PostgresLocation(
                endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: cluster.database))
    }

    /// `user`'s books on a connection of their own.
    static func open(user: String = newUser()) throws -> PostgresLedger {
        try PostgresLedger.open(try session(), user: user)
    }

    /// A new, empty database of the cluster, for what belongs to a whole database (the
    /// accounts, the message stream).
    static func newDatabase() throws -> PostgresLocation {
        let cluster = try PostgresCluster.shared.get()
        let name = "db_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try session().execute("CREATE DATABASE \(name)")
        return PostgresLocation(endpoint: .socket(path: cluster.socketPath), user: cluster.user, database: name)
    }

    static func newUser() -> String { "user-\(UUID().uuidString.lowercased())" }

    /// The market data of a new, empty database (it belongs to the whole database).
    static func market() throws -> any MarketStores {
        try PostgresBooksDatabase(newDatabase()).marketData()
    }

    /// `kinds`, plus `postgres` when a PostgreSQL server can be started here.
    static func withPostgres<Kind>(_ kinds: [Kind], _ postgres: Kind) -> [Kind] {
        PostgresCluster.isAvailable ? kinds + [postgres] : kinds
    }
}

@Suite("PostgreSQL store", .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresStoreTests {
    @Test("the chain is the same bytes as a ledger file's: equal events, equal hashes")
    func sameChainAsSQLite() throws {
        let file = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing).events
        let postgres = try PostgresTestBooks.open().events
        var make = Events(seed: 38)
        let batches = [
            [make.deposit("USD", "10000", on: "2024-01-01"), make.buy("BTC", "0.1", at: "30000", on: "2024-01-02")],
            [make.sell("BTC", "0.05", at: "31000.5", on: "2024-02-01", fee: "1.25")],
            [make.deposit("ETH", "0.000000000000000001", on: "2024-03-01")],
        ]
        for batch in batches {
            #expect(try postgres.append(batch) { _ in } == file.append(batch) { _ in })
            #expect(try postgres.chainHead() == file.chainHead())
        }
        #expect(try postgres.allEvents() == file.allEvents())
        #expect(try postgres.verifyChain() == file.verifyChain())
    }

    @Test("the database refuses UPDATE, DELETE and TRUNCATE of events")
    func appendOnlyByTheDatabase() throws {
        let books = try PostgresTestBooks.open()
        var make = Events()
        _ = try books.events.append([make.deposit("USD", "5", on: "2024-01-01")]) { _ in }
        let user = books.userID
        for sql in [
            "UPDATE events SET record = '{}' WHERE user_id = \(user)", "DELETE FROM events WHERE user_id = \(user)",
            "TRUNCATE events",
        ] {
            let error = #expect(throws: StoreError.self, "\(sql)") { try books.session.execute(sql) }
            #expect(error?.description.contains("events are append-only") == true, "\(String(describing: error))")
        }
        #expect(try books.events.allEvents().count == 1)
        #expect(try books.events.verifyChain().firstBreak == nil)
    }

    @Test("the database refuses UPDATE, DELETE and TRUNCATE of import receipts, to the owner too")
    func receiptsAppendOnly() throws {
        let books = try PostgresTestBooks.open()
        let receipt = ImportReceiptStoreContractTests.receipt("b-1", at: "2024-01-01")
        try books.imports.add([receipt])
        let user = books.userID
        for sql in [
            "UPDATE import_receipts SET added = 0 WHERE user_id = \(user)",
            "DELETE FROM import_receipts WHERE user_id = \(user)", "TRUNCATE import_receipts",
        ] {
            let error = #expect(throws: StoreError.self, "\(sql)") { try books.session.execute(sql) }
            #expect(
                error?.description.contains("import receipts are append-only") == true, "\(String(describing: error))")
        }
        #expect(try books.imports.receipts() == [receipt])
    }

    @Test("a duplicate event id refuses the whole append")
    func duplicateID() throws {
        let events = try PostgresTestBooks.open().events
        var make = Events()
        let first = make.deposit("USD", "5", on: "2024-01-01")
        _ = try events.append([first]) { _ in }
        #expect(throws: StoreError.self) {
            try events.append([make.deposit("USD", "6", on: "2024-01-02"), first]) { _ in }
        }
        #expect(try events.chainHead().count == 1)
        #expect(try events.allEvents() == [first.numbered(1)])
    }

    @Test("one user's books never show another's events, prices or settings")
    func usersApart() throws {
        let alice = try PostgresTestBooks.open()
        let bob = try PostgresTestBooks.open()
        var make = Events()
        _ = try alice.events.append([make.deposit("BTC", "1", on: "2024-01-01")]) { _ in }
        try alice.prices.record([price("BTC", "30000", on: "2024-01-01")], fetchedAt: Events.time("2024-01-02"))
        try alice.settings.setSetting("currency", "EUR")
        #expect(try bob.events.allEvents().isEmpty)
        #expect(try bob.events.chainHead() == ChainHead(count: 0, hash: String(repeating: "0", count: 64)))
        #expect(try bob.prices.observations(asset: nil).isEmpty)
        #expect(try bob.settings.setting("currency") == nil)
        #expect(try PostgresLedger.open(alice.session, user: alice.user).events.allEvents().count == 1)
    }

    @Test("two connections appending for one user at once: nothing lost, nothing doubled, one chain")
    func concurrentAppenders() throws {
        let user = PostgresTestBooks.newUser()
        let perWriter = 120
        let appended = Collected()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let events = try PostgresTestBooks.open(user: user).events
                var make = Events(seed: UInt64(100 + writer))
                for index in 0..<perWriter {
                    let stored = try events.append([make.deposit("USD", "\(index + 1)", on: "2024-01-01")]) { log in
                        // The check sees the log as it is under the lock: never a sequence ahead.
                        _ = try log.allEvents()
                    }
                    appended.add(stored)
                }
            } catch {
                appended.fail("\(error)")
            }
        }
        #expect(appended.failures.isEmpty)
        let events = try PostgresTestBooks.open(user: user).events
        let stored = try events.allEvents()
        #expect(stored.count == 2 * perWriter)
        #expect(stored.map(\.sequence) == Array(1...Int64(2 * perWriter)))
        #expect(Set(stored.map(\.id)) == Set(appended.events.map(\.id)))
        #expect(Set(stored.map(\.id)).count == 2 * perWriter)
        let verification = try events.verifyChain()
        #expect(verification.firstBreak == nil)
        #expect(verification.head == (try events.chainHead()))
    }
}

extension LedgerEvent {
    fileprivate func numbered(_ sequence: Int64) -> LedgerEvent {
        var event = self
        event.sequence = sequence
        return event
    }
}

/// What the concurrent writers appended, and how they failed.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [LedgerEvent] = []
    private var errors: [String] = []
    func add(_ events: [LedgerEvent]) { lock.withLock { stored += events } }
    func fail(_ error: String) { lock.withLock { errors.append(error) } }
    var events: [LedgerEvent] { lock.withLock { stored } }
    var failures: [String] { lock.withLock { errors } }
}
