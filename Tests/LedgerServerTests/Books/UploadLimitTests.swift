import Foundation
import Hummingbird
import LedgerApp
import LedgerTestSupport
import Testing

@testable import LedgerServer

/// Uploads are streamed to disk, refused before their body when the sender may not upload,
/// refused past their size, and read a few at a time.
@Suite("import by upload: streamed, refused early, limited")
struct UploadLimitTests {
    /// The first answer on a connection that sent only `head` (and `start` of a body).
    static func answerBeforeBody(_ port: Int, _ head: String, start: [UInt8] = []) async throws -> String {
        let connection = try RawConnection(port: port)
        connection.send(Array(head.utf8) + start)
        let answer = await RawConnection.onThread { connection.receiveOnce() }
        return String(decoding: answer ?? [], as: UTF8.self)
    }

    @Test("without credentials, or with a wrong CSRF token, an upload is refused before its body is read")
    func refusedBeforeBody() async throws {
        let server = try await TestServer.start()
        let port = server.running.port
        let api = "POST /api/v1/import HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n"
        #expect(try await Self.answerBeforeBody(port, api).hasPrefix("HTTP/1.1 401"))
        let form = Books.multipart(file: "big.csv", Array(repeating: 65, count: 1000), fields: [("_csrf", "wrong")])
        let page =
            "POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: \(form.contentType)\r\nContent-Length: 50000000\r\n"
        #expect(try await Self.answerBeforeBody(port, page + "\r\n").hasPrefix("HTTP/1.1 303"), "to the sign-in")
        let refused = try await Self.answerBeforeBody(
            port, page + "X-Test-User: alice\r\n\r\n", start: Array(form.body.prefix(600)))
        #expect(refused.hasPrefix("HTTP/1.1 403"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: server.settings.dataDirectory + "/users/alice/uploads"))
        try await server.stop()
    }

    @Test("an upload past the size limit is refused (413) and leaves no file behind")
    func tooLarge() async throws {
        var limits = ServerLimits()
        limits.maxUploadBytes = 1000
        let server = try await TestServer.start(limits: limits)
        let big = Array(repeating: UInt8(ascii: "a"), count: 2000)
        let api = try await server.client.request(
            "POST", "/api/v1/import?name=big.csv", headers: Books.user("alice"), body: big)
        #expect(api.status == 413)
        #expect(api.body.contains("the upload is larger than 1000 bytes"))
        let page = try await BooksImportTests.upload(server, "big.csv", big)
        #expect(page.status == 413)
        let uploads = server.settings.dataDirectory + "/users/alice/uploads"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).isEmpty)
        try await server.stop()
    }

    @Test("past the parallel limit an upload gets 503; once the first is done, uploads are read again")
    func parallelLimit() async throws {
        var limits = ServerLimits()
        limits.maxParallelUploads = 1
        let server = try await TestServer.start(limits: limits)
        let first = try RawConnection(port: server.running.port)
        first.send("POST /api/v1/import?name=a.csv HTTP/1.1\r\nHost: x\r\nX-Test-User: alice\r\n")
        first.send("X-CSRF-Token: test-csrf\r\nContent-Length: 12\r\n\r\na,b,c\n")
        // The first holds the slot once its body is being received into a `.partial` file.
        let uploads = server.settings.dataDirectory + "/users/alice/uploads"
        for _ in 0..<600 where !Self.receiving(uploads) { try await Task.sleep(for: .milliseconds(50)) }
        #expect(Self.receiving(uploads))
        let second = try await server.client.request("POST", "/api/v1/import", headers: Books.user("alice"), body: [1])
        #expect(second.status == 503)
        #expect(second.body.contains("The server is reading as many uploads as it can; try again in a minute."))
        first.send("d,e,f\n")
        let answer = await RawConnection.onThread { first.receiveOnce() }
        #expect(String(decoding: answer ?? [], as: UTF8.self).hasPrefix("HTTP/1.1 422"))
        let third = try await server.client.request(
            "POST", "/api/v1/import?name=c.csv", headers: Books.user("alice"), body: Array("a,b,c\n".utf8))
        #expect(third.status == 422)
        try await server.stop()
    }

    static func receiving(_ uploads: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).contains { $0.hasSuffix(".partial") }
    }

    @Test("a multipart upload read in pieces of any size gives the same file and fields", arguments: [1, 7, 64, 4096])
    func pieces(size: Int) async throws {
        var random = SplitMix64(seed: UInt64(size))
        let bytes = (0..<20_000).map { _ in UInt8(truncatingIfNeeded: random.next()) } + Array("\r\n--".utf8)
        let form = Books.multipart(file: "x.csv", bytes, fields: [("_csrf", "t"), ("account", "main")])
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream()
        for start in stride(from: 0, to: form.body.count, by: size) {
            continuation.yield(ByteBuffer(bytes: form.body[start..<min(start + size, form.body.count)]))
        }
        continuation.finish()
        let file = try UploadFile(directory: makeTemporaryDirectory("upload") + "/uploads", limit: 1 << 20)
        var receiver = try MultipartReceiver(contentType: form.contentType, file: file)
        #expect(try await receiver.receive(RequestBody(asyncSequence: stream)) == "x.csv")
        #expect(receiver.fields == ["_csrf": "t", "account": "main"])
        let kept = try file.keep()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: kept.path))) == bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: kept.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
