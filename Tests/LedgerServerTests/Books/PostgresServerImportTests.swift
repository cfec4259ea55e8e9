import Foundation
import LedgerApp
import LedgerCore
import LedgerStore
import LedgerStorePostgres
import LedgerTestSupport
import Testing

/// Import with the users' books in PostgreSQL: the upload's dry run and commit, the API's
/// imports (a dry run, two exchanges, the same file again, a file with a bad row) answer as the
/// server on ledger files answers them (event ids and times aside), the log and portfolio after
/// them too; the books' chain verifies, an export of the file ledger imported on both servers
/// gives the same chain head, the import receipts are the file ledger's, and no ledger file
/// or scratch is left. Opt in with
/// `LGR_POSTGRES_TESTS=1`.
@Suite(
    "import with the books in PostgreSQL", .serialized,
    .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: PostgresCluster.skipReason)))
struct PostgresServerImportTests {
    typealias Send = (TestServer) async throws -> HTTPTestClient.Response

    static func upload(_ name: String, _ bytes: [UInt8], as user: String) -> Send {
        { server in try await BooksImportTests.upload(server, name, bytes, user: user) }
    }

    static func api(_ query: String, _ bytes: [UInt8], as user: String) -> Send {
        { server in
            try await server.client.request("POST", "/api/v1/import?" + query, headers: Books.user(user), body: bytes)
        }
    }

    static func get(_ path: String, as user: String) -> Send {
        { server in try await server.client.get(path, headers: Books.user(user)) }
    }

    @Test("upload, commit and the API's imports answer as on ledger files; one chain, nothing beside")
    func sameAnswers() async throws {
        let files = try await TestServer.start()
        let database = try PostgresServerTests.database()
        let postgres = try await TestServer.start(database: database)
        let (user, other) = ("pg-\(UUID().uuidString.lowercased())", "pg-\(UUID().uuidString.lowercased())")
        let statement = try Books.fixture("binance/statement.csv")
        let kraken = try Books.fixture("kraken/ledgers.csv")
        let bad = Array(
            String(decoding: statement, as: UTF8.self).replacingOccurrences(
                of: #""Transaction Sold","BTC","-0.0005""#, with: #""Transaction Sold","BTC","abc""#
            ).utf8)
        let dry = try await Self.same(Self.upload("statement.csv", statement, as: user), files, postgres, "upload")
        let digest = try #require(BooksImportTests.digest(dry), "\(dry)")
        let steps: [(String, Send)] = [
            (
                "commit",
                { server in
                    try await server.client.post(
                        "/import/commit",
                        form: [("digest", digest), ("name", "statement.csv"), ("_csrf", "test-csrf")],
                        headers: Books.user(user))
                }
            ),
            ("kraken dry run", Self.api("name=ledgers.csv", kraken, as: user)),
            ("kraken", Self.api("dry-run=false&name=ledgers.csv", kraken, as: user)),
            ("statement again", Self.api("dry-run=false&name=statement.csv", statement, as: user)),
            ("bad row", Self.api("dry-run=false&name=bad.csv", bad, as: user)),
            ("log", Self.get("/api/v1/log?limit=500", as: user)),
            ("portfolio", Self.get("/api/v1/portfolio?as-of=2026-01-01", as: user)),
            ("other's log", Self.get("/api/v1/log", as: other)),
        ]
        for (label, send) in steps { _ = try await Self.same(send, files, postgres, label) }
        let fileLedger = files.settings.ledgerPath(forUser: user)
        let (count, verified) = try database.withUserBooks(user) { books in
            (try books.events.chainHead().count, try books.events.verifyChain().firstBreak == nil)
        }
        let fileCount = try Ledger(path: fileLedger, mode: .mustExist).events.chainHead().count
        #expect(
            verified && count == fileCount && count > 0, "\(count) events in the database, \(fileCount) in the file")
        // The receipts: one a committed file (the same file again and the bad row's too), as
        // in the ledger file; batches and times are each server's own.
        let kept = { (receipts: [ImportReceipt]) in
            receipts.map {
                "\($0.file) \($0.sha256) \($0.format) \($0.added) \($0.present) \($0.rejected) \($0.ignored)"
            }
        }
        let receipts = kept(try database.withUserBooks(user) { try $0.imports.receipts() })
        let fileReceipts = kept(try Ledger(path: fileLedger, mode: .mustExist).imports.receipts())
        #expect(receipts == fileReceipts && receipts.count >= 3, "\(receipts) \(fileReceipts)")

        // The same events (our own export, ids kept) give the same chain on both.
        let export = Books.cli(["export", "--ledger", fileLedger])
        try #require(export.status == 0, "\(export.err)")
        _ = try await Self.same(
            Self.api("dry-run=false&name=events.jsonl", Array(export.out.utf8), as: other), files, postgres, "export")
        let head = try database.withUserBooks(other) { try $0.events.chainHead() }
        let fileHead = try Ledger(path: files.settings.ledgerPath(forUser: other), mode: .mustExist).events.chainHead()
        #expect(head == fileHead && head.count == fileCount, "\(head) \(fileHead)")
        for name in [user, other] {
            #expect(!FileManager.default.fileExists(atPath: postgres.settings.ledgerPath(forUser: name)))
            let uploads = postgres.settings.dataDirectory + "/users/\(name)/uploads"
            let left = (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []
            #expect(left.allSatisfy { !$0.contains("import.ledger") }, "a scratch left behind: \(left)")
        }
        try await files.stop()
        try await postgres.stop()
    }

    /// Sends `send` to both servers; the same status and body (ids, times, hashes blanked).
    @discardableResult
    static func same(_ send: Send, _ files: TestServer, _ postgres: TestServer, _ label: String) async throws -> String
    {
        let expected = try await send(files)
        let answer = try await send(postgres)
        #expect(answer.status == expected.status, "\(label): \(answer.status) \(answer.body.prefix(400))")
        #expect(comparable(answer.body) == comparable(expected.body), "\(label)")
        return answer.body
    }

    /// ``PostgresServerMarketTests/comparable(_:)`` with every event or receipt id (each server
    /// mints its own) and chain hash blanked.
    static func comparable(_ body: String) -> String {
        PostgresServerMarketTests.comparable(body)
            .replacingOccurrences(of: #"\b[0-9A-Z]{26}\b"#, with: "…", options: .regularExpression)
            .replacingOccurrences(of: #"\b[0-9a-f]{12,64}\b"#, with: "…", options: .regularExpression)
    }
}
