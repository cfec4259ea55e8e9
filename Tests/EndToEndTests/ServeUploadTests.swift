import Foundation
import LedgerTestSupport
import Testing

/// `ledger-serve` as a process under parallel uploads: its resident memory stays bounded,
/// because uploads are streamed to disk and read a few at a time.
@Suite(
    "ledger serve under parallel uploads", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct ServeUploadTests {
    static let uploads = 8
    static let uploadBytes = 48 * 1024 * 1024
    /// The bound on the server's peak resident memory (VmHWM). Measured 2026-11-28 (debug
    /// build): 51 MiB (docs/SERVER.md, "Limits"); collected in memory, as before, the uploads
    /// alone would be 8 × 48 MiB.
    static let peakBound = 200 * 1024 * 1024

    @Test("8 parallel 48 MiB uploads: each answered, the server's peak RSS under 200 MiB, the data directory 0700")
    func parallelUploads() async throws {
        let directory = makeTemporaryDirectory("serve-uploads")
        let data = directory + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        chmod(data, 0o755)
        let environment = ["HOME": directory, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "LGR_BCRYPT_COST": "4"]
        try await Self.ledger(["user", "add", "alice", "--data-dir", data], input: "correct horse\n", environment)
        let printed = try await Self.ledger(
            ["user", "token", "alice", "--label", "load", "--data-dir", data], environment)
        let token = try #require(printed.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("lgr_") })
        let server = try SpawnedProcess(
            BuiltProducts.serve.path, ["--port", "0", "--data-dir", data], environment: environment, stdout: .pipe)
        defer { server.signal(SIGTERM) }
        let first = try await ServeProcessTests.firstLine(server.output!)
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0) }, "\(first)")
        Self.drain(server.output!)
        #expect(try FileManager.default.attributesOfItem(atPath: data)[.posixPermissions] as? Int == 0o700)
        // Made on a thread of its own: a loop over 48 MiB would hold a cooperative thread (and the
        // in-process servers of the other suites) for seconds in a debug build.
        let body = await RawConnection.onThread { Self.lines(count: Self.uploadBytes) }
        let head =
            "POST /api/v1/import?name=big.csv HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let statuses = await withTaskGroup(of: String.self) { group in
            for _ in 0..<Self.uploads {
                group.addTask { await RawConnection.onThread { Self.upload(port: port, head: head, body: body) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let peak = try #require(Self.status(server.pid, "VmHWM"))
        print(
            "ledger-serve peak RSS after \(Self.uploads) parallel uploads of \(Self.uploadBytes) bytes: \(peak / 1024) KiB; answers \(statuses)"
        )
        #expect(statuses.allSatisfy { $0 == "422" || $0 == "503" }, "\(statuses)")
        #expect(statuses.contains("422"), "at least one upload was read and refused by the importer")
        #expect(peak < Self.peakBound, "peak RSS \(peak / 1024 / 1024) MiB")
        #expect(try await HTTPTestClient(port: port).get("/healthz").status == 200)
    }

    /// `count` bytes of 63 `a`s and a newline, line after line (no layout the importer knows).
    static func lines(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
        for index in stride(from: 63, to: count, by: 64) { bytes[index] = 10 }
        return bytes
    }

    /// Sends the upload (stopping early if the server closes) and returns the status code of
    /// the answer ("none" when there was none).
    static func upload(port: Int, head: String, body: [UInt8]) -> String {
        guard let connection = try? RawConnection(port: port, receiveTimeoutMilliseconds: 60_000) else { return "none" }
        if connection.send(head) {
            var offset = 0
            while offset < body.count, connection.send(Array(body[offset..<min(offset + (1 << 20), body.count)])) {
                offset += 1 << 20
            }
        }
        let answer = String(decoding: connection.receiveUntilClosed() ?? [], as: UTF8.self)
        return answer.split(separator: " ").dropFirst().first.map(String.init) ?? "none"
    }

    /// A `/proc/PID/status` field in bytes (`VmHWM:   123456 kB`).
    static func status(_ pid: Int32, _ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }

    /// Runs `ledger` to completion with `input` on stdin; its stdout (a failure throws).
    @discardableResult
    static func ledger(_ arguments: [String], input: String = "", _ environment: [String: String]) async throws
        -> String
    {
        let result = try await ChildProcess.run(BuiltProducts.ledger, arguments, environment: environment, input: input)
        guard result.status == 0 else {
            throw ReportFixture.FixtureError(message: "ledger \(arguments) exited \(result.status)")
        }
        return result.stdout
    }

    /// Keeps reading the access log so the server never blocks on a full pipe.
    static func drain(_ handle: FileHandle) {
        Thread { while !handle.availableData.isEmpty {} }.start()
    }
}
