import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerStorePostgres

/// The server's own role (docs/SERVER.md, "Roles and grants"): the tables migrated by their
/// owner, `docs/postgres-server-role.sql` run with psql as documented, then a server's
/// `PostgresBooksDatabase` connected as the role does what a request does for two users, while
/// the role cannot change or delete an event and row-level security shows it only the rows of
/// the user its session names. Opt in with `LGR_POSTGRES_TESTS=1`.
@Suite(
    "PostgreSQL: the server's role and row-level security",
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresStoreRoleTests {
    @Test("the role reads and adds events but never changes one, and sees only the user it names")
    func serverRole() async throws {
        let owner = try PostgresTestBooks.newDatabase()
        _ = try PostgresBooksDatabase(owner)
        let role = "server_" + UUID().uuidString.lowercased().prefix(8)
        try PostgresTestBooks.session().execute("CREATE ROLE \(role) LOGIN")
        try await Self.grant(role, database: owner.database)
        var asRole = owner
        asRole.user = role
        let server = try PostgresBooksDatabase(asRole)
        var make = Events(seed: 4)
        let alice = [
            make.deposit("USD", "1000", on: "2024-01-01"), make.buy("BTC", "0.01", at: "30000", on: "2024-01-02"),
        ]
        try server.withBooks(of: "alice") { books in
            _ = try books.events.append(alice) { _ in }
            try books.settings.setSetting("currency", "EUR")
            try books.prices.record(
                [price("BTC", "31000", in: "EUR", on: "2024-01-03")], fetchedAt: Events.time("2024-01-03"))
            let alerts = try #require((books as? PostgresLedger)?.alerts)
            let draft = AlertDraft(
                asset: sym("BTC"), assetClass: nil, quote: sym("EUR"), condition: .above(dec("50000")), note: "")
            #expect(try alerts.addAlert(draft, createdAt: Events.time("2024-01-03")).id == 1)
            try books.imports.add([ImportReceiptStoreContractTests.receipt("b-1", at: "2024-01-03")])
        }
        try server.withNotifications(of: "alice") { try $0.append(["{}"]) }
        try server.withBooks(of: "bob") {
            _ = try $0.events.append([make.deposit("USD", "5", on: "2024-01-01")]) { _ in }
        }
        let read = try server.withBooks(of: "alice") { books in
            (
                ids: try books.events.allEvents().map(\.id), broken: try books.events.verifyChain().firstBreak,
                currency: try books.settings.setting("currency"), prices: try books.prices.observations(asset: nil)
            )
        }
        #expect(read.ids == alice.map(\.id) && read.broken == nil)
        #expect(read.currency == "EUR" && read.prices.count == 1)

        let session = try PostgresSession.connect(asRole)
        let count = { (table: String) throws -> Int64 in
            try session.rows("SELECT count(*) FROM \(table)")[0].decode(Int64.self)
        }
        // No user named: not a row of any user's books.
        for table in PostgresSchema.perUserTables + PostgresSchema.notificationAndReceiptTables {
            #expect(try count(table) == 0, "\(table)")
        }
        let ownerSession = try PostgresSession.connect(owner)
        let ids = try ["alice", "bob"].map { name in
            try ownerSession.rows("SELECT id FROM ledger_users WHERE name = '\(name)'")[0].decode(Int64.self)
        }
        try PostgresLedger.claim(session, userID: ids[0])
        #expect(try count("events") == 2 && count("settings") == 1 && count("prices") == 1 && count("alerts") == 1)
        #expect(try count("import_receipts") == 1 && count("notifications") == 1)
        #expect(try ownerSession.rows("SELECT count(*) FROM events")[0].decode(Int64.self) == 3, "the owner sees all")
        for table in ["events", "import_receipts"] {
            for sql in ["UPDATE \(table) SET user_id = 0", "DELETE FROM \(table)", "TRUNCATE \(table)"] {
                let error = #expect(throws: StoreError.self, "\(sql)") { try session.execute(sql) }
                #expect(
                    error?.description.contains("permission denied for table \(table)") == true,
                    "\(String(describing: error))")
            }
        }
        let intoBob = "INSERT INTO settings (user_id, key, value) VALUES (\(ids[1]), 'watchlist', 'BTC')"
        let refused = #expect(throws: StoreError.self) { try session.execute(intoBob) }
        #expect(refused?.description.contains("row-level security") == true, "\(String(describing: refused))")
        #expect(
            try ownerSession.rows("SELECT count(*) FROM settings WHERE user_id = \(ids[1])")[0].decode(Int64.self) == 0)
        #expect(try count("events") == 2)
    }

    /// `psql -d DB -v role=ROLE -f docs/postgres-server-role.sql`, as the owner, as documented.
    static func grant(_ role: String, database: String) async throws {
        let cluster = try PostgresCluster.shared.get()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: (PostgresCluster.binaries ?? "") + "/psql"),
            [
                "-h", String(cluster.socketPath.dropLast("/.s.PGSQL.5432".count)), "-U", cluster.user, "-d", database,
                "-v", "ON_ERROR_STOP=1", "-v", "role=\(role)", "-f", root.path + "/docs/postgres-server-role.sql",
            ],
            environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        try #require(result.status == 0, "psql: \(result.stderr)")
    }
}
