import Foundation
import LedgerTestSupport
import Testing

/// `ledger live` as a user runs it: the built binary polling a local server, or streaming from
/// a local WebSocket server through `ledger-live`, until Ctrl-C.
@Suite("live ticker interrupted", .serialized)
struct LiveInterruptTests {
    @Test("SIGINT ends the polling ticker cleanly with exit 0", arguments: [SIGINT, SIGTERM])
    func interrupt(signal: Int32) async throws {
        let fixtures = BuiltProducts.repository.appendingPathComponent("Tests/LedgerMarketDataTests/Fixtures/http").path
        let server = try LocalHTTPServer(directory: fixtures, lifetime: 30)
        defer { server.stop() }
        let (text, status, seconds, errors) = try await Self.interrupted(
            ["live", "BTC", "--poll", "--interval", "3s", "--source", "cryptocompare"], signal: signal,
            variables: ["LGR_CRYPTOCOMPARE_URL": server.baseURL + "/cryptocompare"])
        #expect(status == 0, "\(errors)")
        #expect(seconds < 2, "the ticker did not notice the signal while waiting")
        #expect(text.hasPrefix("20") && text.contains(" BTC 67540.5 USD "))
        #expect(!text.contains("\u{1B}"))
    }

    /// `ledger` replaces itself with `ledger-live`, which streams over a real WebSocket.
    @Test("SIGINT ends the streaming ticker (ledger-live) cleanly with exit 0")
    func interruptStream() async throws {
        let server = try LocalWebSocketServer(scripts: [
            [
                .receive, .send(#"{"TYPE":"20","MESSAGE":"STREAMERWELCOME"}"#),
                .send(#"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"PRICE":67540.5}"#),
            ]
        ])
        defer { server.stop() }
        let (text, status, seconds, errors) = try await Self.interrupted(
            ["live", "BTC"], signal: SIGINT, variables: ["LGR_STREAMER_URL": server.url])
        #expect(status == 0, "\(errors)")
        #expect(seconds < 2, "the streaming ticker did not notice the signal")
        #expect(text.hasPrefix("20") && text.contains(" BTC 67540.5 USD 0.00%"))
        #expect(errors.isEmpty)
        #expect(server.messages == [#"{"action":"SubAdd","subs":["5~CCCAGG~BTC~USD"]}"#])
    }

    /// Starts `ledger` with `arguments`, waits (up to 20 s) for its first line, sends `signal`,
    /// and returns stdout, the exit status, the seconds it took to exit, and stderr. The waiting
    /// happens on a thread of its own, never on the cooperative pool.
    private static func interrupted(_ arguments: [String], signal: Int32, variables: [String: String]) async throws
        -> (String, Int32, Double, String)
    {
        let (text, status, seconds, errors, exited) = try await RawConnection.onThread {
            Result { try interruptedBlocking(arguments, signal: signal, variables: variables) }
        }.get()
        #expect(exited, "the ticker was killed: it did not end by itself within 5 s of the signal")
        return (text, status, seconds, errors)
    }

    private static func interruptedBlocking(_ arguments: [String], signal: Int32, variables: [String: String]) throws
        -> (String, Int32, Double, String, exited: Bool)
    {
        let directory = makeTemporaryDirectory()
        let process = try SpawnedProcess(
            BuiltProducts.ledger.path, arguments,
            environment: [
                "HOME": directory, "LGR_FILE": directory + "/books.ledger", "PATH": "/usr/bin:/bin",
            ].merging(variables) { $1 }, stdout: .pipe, stderr: .pipe)
        // A ticker that never prints or never stops is killed, so the run cannot hang.
        let watchdog = DispatchWorkItem { process.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + 25, execute: watchdog)
        defer { watchdog.cancel() }
        var received = Data()
        let deadline = Date().addingTimeInterval(20)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = process.output!.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        process.signal(signal)
        let started = Date()
        let ending = process.wait(upTo: 5)
        if ending == nil { process.signal(SIGKILL) }
        let status = process.waitBlocking().status
        received += process.output!.readDataToEndOfFile()
        return (
            String(decoding: received, as: UTF8.self), status, Date().timeIntervalSince(started),
            String(decoding: process.errors!.readDataToEndOfFile(), as: UTF8.self),
            ending.map { !$0.signalled } ?? false
        )
    }
}
