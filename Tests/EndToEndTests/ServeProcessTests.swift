import Foundation
import LedgerTestSupport
import Testing

/// `ledger serve` as an operator runs it: the built `ledger` checks the options and replaces
/// itself with `ledger-serve`, which listens, logs, and stops gracefully on SIGTERM.
@Suite("ledger serve as a process", .serialized)
struct ServeProcessTests {
    @Test("ledger serve starts ledger-serve, answers, logs the request and stops on SIGTERM with exit 0")
    func startAndStop() async throws {
        let directory = makeTemporaryDirectory("serve-process")
        let process = try SpawnedProcess(
            BuiltProducts.ledger.path, ["serve", "--port", "0", "--data-dir", directory + "/data"],
            environment: ["HOME": directory, "PATH": "/usr/bin:/bin", "NO_COLOR": "1"], stdout: .pipe, stderr: .pipe)
        let (out, err) = (process.output!, process.errors!)
        let first = try await Self.firstLine(out)
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0) }, "no port in '\(first)'")
        #expect(first == "ledger-serve: listening on http://127.0.0.1:\(port)")
        let health = try await HTTPTestClient(port: port).get("/healthz")
        #expect(health.status == 200 && health.body == "ok\n")
        process.signal(SIGTERM)
        let (ending, stopped) = await process.finished(within: 30)
        let (rest, errors) = await RawConnection.onThread {
            (
                String(decoding: out.readDataToEndOfFile(), as: UTF8.self),
                String(decoding: err.readDataToEndOfFile(), as: UTF8.self)
            )
        }
        #expect(ending.succeeded && !stopped, "\(ending) \(errors)")
        let lines = rest.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains(#""method":"GET","path":"/healthz","status":200"#) == true, "\(lines)")
        #expect(lines.last == "ledger-serve: stopped")
    }

    @Test("bad options are refused by ledger itself with one line and exit 64")
    func badOptions() async throws {
        let cases: [([String], String)] = [
            (["--port", "http"], "--port 'http' is not a port; use a number from 0 to 65535, e.g. --port 8080"),
            (["--fetch-every", "10s"], "--fetch-every '10s' is shorter than a minute"),
            (["--batch", "0"], "--batch '0' is not a batch size"),
        ]
        for (arguments, message) in cases {
            let result = try await BuiltProducts.run(BuiltProducts.ledger, ["serve"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("ledger: error: " + message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("without ledger-serve beside it, ledger serve says how to get it")
    func missingServerProgram() async throws {
        let result = try await BuiltProducts.run(
            BuiltProducts.ledger, ["serve"], environment: ["LGR_SERVE_BINARY": "/nonexistent/ledger-serve"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "ledger: error: ledger serve needs the ledger-serve program at /nonexistent/ledger-serve; build it with 'bash ledgers/demo/quickstart.sh' in the source checkout (it builds ledger, ledger-serve and ledger-live in release) and install .build/release/ledger-serve into /nonexistent, or set LGR_SERVE_BINARY\n"
        )
    }

    /// Reads up to the first newline (20 s at most: a server that never listens fails the
    /// test), on a thread of its own.
    static func firstLine(_ handle: FileHandle) async throws -> String {
        try await RawConnection.onThread { Result { try readFirstLine(handle) } }.get()
    }

    private static func readFirstLine(_ handle: FileHandle) throws -> String {
        var received = Data()
        let deadline = Date().addingTimeInterval(20)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        guard let end = received.firstIndex(of: UInt8(ascii: "\n")) else {
            throw ReportFixture.FixtureError(
                message: "no line from the server: \(String(decoding: received, as: UTF8.self))")
        }
        return String(decoding: received[..<end], as: UTF8.self)
    }
}
