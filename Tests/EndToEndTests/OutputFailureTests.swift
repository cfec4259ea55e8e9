import Foundation
import LedgerTestSupport
import Testing

/// Standard output that cannot be written (docs/ERRORS.md, "Any command: writing the output"):
/// a full disk makes a command that prints fail with one line and exit 1 instead of leaving a
/// truncated output behind with exit 0; a closed pipe (`| head`) stays the quiet end it was.
/// Real processes, their stdout redirected by bash.
@Suite("Writing the output")
struct OutputFailureTests {
    static let diskFull =
        "ledger: error: could not write the output: No space left on device; what was printed is incomplete: make room where it goes, or send it elsewhere, and run the command again\n"

    @Test("a full disk: tax (text, JSON, Form 8949), portfolio, gains, export and help fail with one line, exit 1")
    func fullDisk() async throws {
        let ledger = try await Self.trades()
        for arguments in [
            ["tax", "--rules", "us"], ["tax", "--rules", "us", "-O", "json"],
            ["tax", "--rules", "us", "-O", "csv", "--form", "8949"], ["portfolio"], ["portfolio", "-O", "json"],
            ["gains"], ["export", "-O", "jsonl"], ["--help"],
        ] {
            let result = try await Self.bash(#""$0" "$@" >/dev/full"#, arguments, ledger: ledger)
            #expect(result.status == 1, "\(arguments)")
            // The one error line last (a report's warnings, if any, come before it).
            #expect(result.stderr.hasSuffix(Self.diskFull), "\(arguments): \(result.stderr)")
            #expect(result.stderr.components(separatedBy: "ledger: error:").count == 2, "\(arguments)")
        }
    }

    @Test("the same commands to a file: exit 0, no line (the check reads real outputs)")
    func fullOutput() async throws {
        let ledger = try await Self.trades()
        let result = try await Self.bash(#""$0" "$@" | wc -c"#, ["tax", "--rules", "us", "-O", "json"], ledger: ledger)
        #expect(result.status == 0 && result.stderr.isEmpty)
        // More than a pipe holds, so that the closed pipes below close before the end.
        #expect((Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 200_000)
    }

    @Test(
        "a closed pipe: SIGPIPE ends the process as before, or with SIGPIPE ignored exit 0; no line either way",
        arguments: [["tax", "--rules", "us", "-O", "json"], ["tax", "--rules", "us"], ["export", "-O", "jsonl"]])
    func closedPipe(arguments: [String]) async throws {
        let ledger = try await Self.trades()
        let pipe = #""$0" "$@" | head -c 100 >/dev/null; exit "${PIPESTATUS[0]}""#
        let killed = try await Self.bash(pipe, arguments, ledger: ledger)
        #expect(killed.status == 128 + SIGPIPE && killed.stderr.isEmpty, "\(arguments): \(killed.stderr)")
        let ignored = try await Self.bash("trap '' PIPE; " + pipe, arguments, ledger: ledger)
        #expect(ignored.status == 0 && ignored.stderr.isEmpty, "\(arguments): \(ignored.stderr)")
    }

    /// `script` run by bash with the built `ledger` as `$0` and `arguments` after it.
    static func bash(_ script: String, _ arguments: [String], ledger: String) async throws -> BuiltProducts.Result {
        try await BuiltProducts.run(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script, BuiltProducts.ledger.path] + arguments,
            environment: ["LGR_FILE": ledger])
    }

    /// A copy, in a directory of its own, of a ledger of 2,400 buys and 2,400 sales of one coin
    /// over 13 years: its reports are hundreds of KB. A report may leave a snapshot in it, so each
    /// test has its own file; a new path has no anchor yet, which a read accepts.
    static func trades() async throws -> String {
        let made = try await template.value
        let directory = makeTemporaryDirectory("ledger-output")
        // The ledger file and its write-ahead log if one is left (not the shared-memory index,
        // which SQLite makes again).
        let files = try FileManager.default.contentsOfDirectory(atPath: made.directory)
        for file in files where file.hasPrefix(made.name) && !file.hasSuffix("-shm") {
            try FileManager.default.copyItem(atPath: made.directory + "/" + file, toPath: directory + "/" + file)
        }
        return directory + "/" + made.name
    }

    /// The ledger, imported once a run through the built binary: the debug build's import of
    /// its 4,801 events is ~7 s of CPU, which each of the five tests paid until round 27.
    private static let template = Task { () async throws -> (directory: String, name: String) in
        let directory = makeTemporaryDirectory("ledger-output")
        return (directory, try await importTrades(into: directory))
    }

    private static func importTrades(into directory: String) async throws -> String {
        var lines = [
            #"{"id":"\#(id(0))","kind":"deposit","occurred_at":"2012-01-01T00:00:00Z","account":"x","asset":"USD","asset_class":"fiat","quantity":"100000000"}"#
        ]
        for day in 0..<2400 {
            let date = Date(timeIntervalSince1970: 1_325_462_400 + Double(day) * 172_800)
            let time = date.formatted(.iso8601)
            for (offset, kind) in ["buy", "sell"].enumerated() {
                let price = 100 + (day * 37 + offset * 11) % 90
                lines.append(
                    #"{"id":"\#(id(2 * day + offset + 1))","kind":"\#(kind)","occurred_at":"\#(time)","account":"x","asset":"BTC","asset_class":"crypto","quantity":"\#(offset == 0 ? "2" : "1.5")","price":"\#(price)","quote":"USD","fee":"1","fee_asset":"USD"}"#
                )
            }
        }
        let file = directory + "/events.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try await BuiltProducts.run(
            BuiltProducts.ledger, ["import", file, "--ledger", directory + "/books.ledger"])
        try #require(imported.status == 0, "import: \(imported.stderr)")
        return "books.ledger"
    }

    /// A ULID of fixed time whose last 8 characters count up.
    static func id(_ number: Int) -> String {
        let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        var rest = number
        var tail = ""
        for _ in 0..<8 {
            tail = String(digits[rest % 32]) + tail
            rest /= 32
        }
        return "01M80AJ82DHF0N4DGF" + tail
    }
}
