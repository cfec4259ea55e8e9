import Foundation
import LedgerRender
import LedgerTestSupport
import Testing

@testable import LedgerServer

@Suite("import by upload: the dry run, then the commit; all or nothing; idempotent")
struct BooksImportTests {
    static func upload(_ server: TestServer, _ name: String, _ bytes: [UInt8], user: String = "alice") async throws
        -> HTTPTestClient.Response
    {
        let form = Books.multipart(file: name, bytes, fields: [("_csrf", "test-csrf"), ("account", "")])
        var headers = Books.user(user)
        headers["Content-Type"] = form.contentType
        return try await server.client.request("POST", "/import", headers: headers, body: form.body)
    }

    /// The hidden digest of the dry run's commit form.
    static func digest(_ page: String) -> String? {
        guard let range = page.range(of: "name=\"digest\" value=\"") else { return nil }
        return String(page[range.upperBound...].prefix(64))
    }

    @Test("a dry run writes nothing; the commit imports the kept upload; a second import adds nothing")
    func dryRunThenCommit() async throws {
        let server = try await TestServer.start()
        let ledger = server.settings.ledgerPath(forUser: "alice")
        let bytes = try Books.fixture("binance/statement.csv")
        let dry = try await Self.upload(server, "statement.csv", bytes)
        #expect(dry.status == 200, "\(dry.body)")
        #expect(dry.body.contains("would import") && dry.body.contains("from statement.csv into &#39;binance&#39;"))
        #expect(!FileManager.default.fileExists(atPath: ledger))
        let digest = try #require(Self.digest(dry.body))
        let kept = server.settings.dataDirectory + "/users/alice/uploads/\(digest).upload"
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let commit = try await server.client.post(
            "/import/commit", form: [("digest", digest), ("name", "statement.csv"), ("_csrf", "test-csrf")],
            headers: Books.user("alice"))
        #expect(commit.status == 200, "\(commit.body)")
        #expect(commit.body.contains("imported") && commit.body.contains("receipt "))
        #expect(!FileManager.default.fileExists(atPath: kept))
        let head = Books.head(ledger)
        #expect(!head.isEmpty)
        let gone = try await server.client.post(
            "/import/commit", form: [("digest", digest), ("name", "statement.csv"), ("_csrf", "test-csrf")],
            headers: Books.user("alice"))
        #expect(gone.status == 422 && gone.body.contains("no longer kept"))
        let again = try await server.client.request(
            "POST", "/api/v1/import?dry-run=false&name=statement.csv", headers: Books.user("alice"), body: bytes)
        #expect(again.status == 201)
        #expect(again.body.contains(#""added": 0"#) && !again.body.contains(#""present": 0"#))
        #expect(Books.head(ledger) == head)
        try await server.stop()
    }

    @Test("an upload never committed is removed a day later, at the next upload")
    func abandonedUploadSwept() async throws {
        let server = try await TestServer.start()
        let first = try await Self.upload(server, "statement.csv", try Books.fixture("binance/statement.csv"))
        let digest = try #require(Self.digest(first.body))
        let kept = server.settings.dataDirectory + "/users/alice/uploads/\(digest).upload"
        let dayAgo = Date().addingTimeInterval(-86_400 - 60)
        try FileManager.default.setAttributes([.modificationDate: dayAgo], ofItemAtPath: kept)
        let second = try await Self.upload(server, "ledgers.csv", try Books.fixture("kraken/ledgers.csv"))
        #expect(second.status == 200)
        #expect(!FileManager.default.fileExists(atPath: kept))
        #expect(try #require(Self.digest(second.body)) != digest)
        try await server.stop()
    }

    @Test("a file with one bad row imports nothing and names the row as FILE:LINE, as the CLI does")
    func atomicFailure() async throws {
        let server = try await TestServer.start()
        let ledger = server.settings.ledgerPath(forUser: "alice")
        var text = String(decoding: try Books.fixture("binance/statement.csv"), as: UTF8.self)
        text = text.replacingOccurrences(
            of: #""Transaction Sold","BTC","-0.0005""#, with: #""Transaction Sold","BTC","abc""#)
        let bytes = Array(text.utf8)
        let page = try await Self.upload(server, "bad.csv", bytes)
        #expect(page.status == 422)
        let file = makeTemporaryDirectory() + "/bad.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let cli = Books.cli(["import", file, "--ledger", makeTemporaryDirectory() + "/x.ledger"])
        #expect(cli.status != 0)
        let located = cli.err.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "bad.csv:") else { return nil }
            return String(line[range.lowerBound...])
        }
        #expect(!located.isEmpty)
        for line in located { #expect(page.body.contains(HTML.escape(line)), "\(line)") }
        let api = try await server.client.request(
            "POST", "/api/v1/import?dry-run=false&name=bad.csv", headers: Books.user("alice"), body: bytes)
        #expect(api.status == 422 && api.body.contains("nothing imported") && api.body.contains("bad.csv:"))
        #expect(!FileManager.default.fileExists(atPath: ledger))
        _ = try await server.client.request(
            "POST", "/api/v1/events", headers: Books.json("alice"),
            body: Array(#"{"kind": "deposit", "words": "USD 1"}"#.utf8))
        let head = Books.head(ledger)
        let onExisting = try await server.client.request(
            "POST", "/api/v1/import?dry-run=false&name=bad.csv", headers: Books.user("alice"), body: bytes)
        #expect(onExisting.status == 422)
        #expect(Books.head(ledger) == head)
        try await server.stop()
    }

    @Test("an upload that is not multipart, or has no file, is refused with 400")
    func malformedUpload() async throws {
        let server = try await TestServer.start()
        let plain = try await server.client.post(
            "/import", form: [("_csrf", "test-csrf")], headers: Books.user("alice"))
        #expect(plain.status == 400 && plain.body.contains("multipart/form-data"))
        try await server.stop()
    }
}

@Suite("the multipart/form-data reader")
struct MultipartFormTests {
    @Test("one file and fields; CRLF inside the file is kept")
    func reads() throws {
        let form = Books.multipart(file: "a.csv", Array("x,y\r\n1,2\r\n".utf8), fields: [("account", "kraken")])
        let parsed = try MultipartForm(body: form.body, contentType: form.contentType)
        #expect(parsed.fileName == "a.csv")
        #expect(parsed.file == Array("x,y\r\n1,2\r\n".utf8))
        #expect(parsed.fields["account"] == "kraken")
    }

    @Test("refused: no boundary, not multipart, two files, no file, no end, too many parts")
    func refuses() throws {
        let form = Books.multipart(file: "a.csv", Array("1".utf8))
        #expect(throws: MultipartError.badBoundary) {
            try MultipartForm(body: form.body, contentType: "multipart/form-data")
        }
        #expect(throws: MultipartError.notMultipart) { try MultipartForm(body: form.body, contentType: "text/csv") }
        let twice = Books.multipart(file: "a.csv", Array("1".utf8))
        let boundary = "----ledgertest7MA4YWxkTrZu0gW"
        var two = Array(twice.body.dropLast("--\(boundary)--\r\n".utf8.count))
        two += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"b\"\r\n\r\n2\r\n--\(boundary)--\r\n"
                .utf8)
        #expect(throws: MultipartError.moreThanOneFile) { try MultipartForm(body: two, contentType: form.contentType) }
        let fieldsOnly = Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(boundary)--\r\n".utf8)
        #expect(throws: MultipartError.noFile) { try MultipartForm(body: fieldsOnly, contentType: form.contentType) }
        let cut = Array(form.body.dropLast(10))
        #expect(throws: MultipartError.self) { try MultipartForm(body: cut, contentType: form.contentType) }
        let many = Books.multipart(file: "a", [], fields: (0..<20).map { ("f\($0)", "v") })
        #expect(throws: MultipartError.tooManyParts) {
            try MultipartForm(body: many.body, contentType: many.contentType)
        }
    }
}
