import Foundation
import LedgerTestSupport
import Testing

/// `ledger live` as a user runs it: the built binary polling a local server until Ctrl-C.
@Suite("live ticker interrupted", .serialized)
struct LiveInterruptTests {
    @Test("SIGINT ends the ticker cleanly with exit 0", arguments: [SIGINT, SIGTERM])
    func interrupt(signal: Int32) throws {
        let fixtures = BuiltProducts.repository.appendingPathComponent("Tests/LedgerMarketDataTests/Fixtures/http").path
        let server = try LocalHTTPServer(directory: fixtures, lifetime: 30)
        defer { server.stop() }
        let directory = makeTemporaryDirectory()
        let process = Process()
        process.executableURL = BuiltProducts.ledger
        process.arguments = ["live", "BTC", "--interval", "3s", "--source", "cryptocompare"]
        process.environment = [
            "HOME": directory, "LGR_FILE": directory + "/books.ledger",
            "LGR_CRYPTOCOMPARE_URL": server.baseURL + "/cryptocompare", "PATH": "/usr/bin:/bin",
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Wait (up to 20 s) for the first update, then interrupt while the ticker waits.
        var received = Data()
        let deadline = Date().addingTimeInterval(20)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            received += out.fileHandleForReading.availableData
        }
        kill(process.processIdentifier, signal)
        let started = Date()
        process.waitUntilExit()
        received += out.fileHandleForReading.readDataToEndOfFile()
        let text = String(decoding: received, as: UTF8.self)
        #expect(process.terminationReason == .exit)
        #expect(
            process.terminationStatus == 0,
            "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        #expect(Date().timeIntervalSince(started) < 2, "the ticker did not notice the signal while waiting")
        #expect(text.hasPrefix("20") && text.contains(" BTC 67540.5 USD "))
        #expect(!text.contains("\u{1B}"))
    }
}
