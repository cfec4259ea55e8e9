import Foundation
import LedgerTestSupport
import Testing

/// `ledger share` on the demo ledger: no card, in any format, with or without amounts, names
/// the ledger's path, an account, an event id or a note; and the SVG card renders in Chromium.
@Suite("Share cards end to end", .serialized)
struct ShareTests {
    static var browser: Bool { BrowserCheck.available(for: "ShareTests") }

    /// Every account, id and non-empty note of the demo ledger: what a card must never show.
    static func secrets() throws -> [String] {
        let demo = BuiltProducts.repository.appendingPathComponent("ledgers/demo/events.jsonl").path
        var found: Set<String> = []
        for line in try String(contentsOfFile: demo, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["account", "id", "note", "to_account"] {
                if let text = object[key] as? String, !text.isEmpty { found.insert(text) }
            }
        }
        return found.sorted()
    }

    @Test("no card leaks the path, an account name, an event id or a note")
    func nothingLeaks() async throws {
        let fixture = try await ReportFixture(days: 10)
        let secrets = try Self.secrets()
        #expect(secrets.contains("coinbase") && secrets.count > 10, "the check reads the demo ledger: \(secrets)")
        let cards = [["share"], ["share", "holding", "BTC"], ["share", "trade", "2"]]
        for card in cards {
            for format in ["text", "md", "svg", "json"] {
                for amounts in [[], ["--amounts"]] {
                    let arguments = card + ["-O", format, "--as-of", "2024-06-30"] + amounts
                    let result = try await fixture.run(arguments)
                    #expect(result.status == 0, "\(arguments): \(result.stderr)")
                    let output = result.stdout + result.stderr
                    for secret in secrets + [fixture.directory] where output.contains(secret) {
                        Issue.record("ledger \(arguments.joined(separator: " ")) shows '\(secret)'")
                    }
                }
            }
        }
    }

    @Test(
        "the SVG card renders in Chromium, is not blank and logs nothing", .enabled(if: browser),
        arguments: ["portfolio", "trade"])
    func rendersInBrowser(card: String) async throws {
        let fixture = try await ReportFixture(days: 10)
        let image = fixture.directory + "/card.svg"
        let arguments = card == "portfolio" ? ["share"] : ["share", "trade", "2"]
        let result = try await fixture.run(arguments + ["-O", "svg", "-o", image, "--as-of", "2024-06-30"])
        #expect(result.status == 0, "\(result.stderr)")
        var info = stat()
        #expect(stat(image, &info) == 0 && info.st_mode & 0o777 == 0o600, "a new card file is private")
        let shot = try await BrowserCheck.screenshot(image, width: 600, height: 420, in: fixture.directory)
        #expect(shot.console.isEmpty, "console messages: \(shot.console)")
        let pixels = shot.pixels
        #expect(pixels.colours >= 16, "only \(pixels.colours) colours: blank or nearly so")
        #expect(pixels.inked > 0.02, "only \(pixels.inked) of the pixels are not background")
    }
}
