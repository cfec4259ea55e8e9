import Foundation
import LedgerTestSupport
import Testing

/// `ledger report` run as cron runs it: the built binary, no terminal, writing with -o.
@Suite(
    "Report files: atomic, deterministic, nothing written on failure", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct ReportOutputTests {
    /// A reader polling the -o path while large reports are written over it sees nothing, or
    /// one whole report, never a part.
    @Test("a reader polling the output path never sees a partial report")
    func atomicWrite() async throws {
        let fixture = try await ReportFixture(days: 900)
        // An early deposit makes "all" about 3 500 days long: a large page (a table row a day).
        try await fixture.run(["add", "deposit", "USD", "1", "--date", "2015-01-01"])
        let target = fixture.directory + "/report.html"
        // Two different complete reports (different as-of), written alternately.
        var variants: [String] = []
        for asOf in ["2024-06-30", "2024-06-29"] {
            variants.append(try await fixture.run(["report", "--period", "all", "--as-of", asOf, "-O", "html"]).stdout)
        }
        #expect(
            variants.allSatisfy { $0.utf8.count > 200_000 },
            "the reports should be large: \(variants.map(\.utf8.count))")
        let reader = PollingReader(path: target)
        reader.start()
        for round in 0..<8 {
            let result = try await fixture.run([
                "report", "--period", "all", "--as-of", round % 2 == 0 ? "2024-06-30" : "2024-06-29", "-O", "html",
                "-o", target,
            ])
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        }
        let seen = reader.stop()
        #expect(seen.reads > 20, "the reader polled only \(seen.reads) times; the test proved little")
        #expect(seen.complete > 0, "the reader never saw a whole report")
        #expect(seen.other.isEmpty, "partial or unknown contents seen: sizes \(seen.other.prefix(5))")
        #expect(Set(seen.contents).isSubset(of: Set(variants)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter {
            $0.contains(".tmp")
        }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test("a report that cannot be correct exits 1 with one line and leaves the file as it was")
    func failureWritesNothing() async throws {
        let fixture = try await ReportFixture(days: 40)
        let target = fixture.directory + "/report.md"
        try "previous report\n".write(toFile: target, atomically: true, encoding: .utf8)
        // DOGE is never priced: --max-price-age refuses the report.
        let result = try await fixture.run([
            "report", "--as-of", "2024-06-30", "--max-price-age", "2d", "-O", "md", "-o", target,
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("ledger: error: DOGE has no price")
                && result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "previous report\n")
        let fresh = fixture.directory + "/new.md"
        _ = try await fixture.run(["report", "--as-of", "2024-07-09", "--max-price-age", "2d", "-O", "md", "-o", fresh])
        #expect(!FileManager.default.fileExists(atPath: fresh))
    }

    @Test("the same ledger and --as-of give byte-identical reports in every format, with no colour off a terminal")
    func deterministic() async throws {
        let fixture = try await ReportFixture(days: 40)
        for format in ["text", "md", "html", "json"] {
            let arguments = ["report", "--period", "quarter", "--as-of", "2024-06-30", "-O", format]
            let first = try await fixture.run(arguments, environment: ["NO_COLOR": ""])
            sleep(1) // a report that printed "now" would differ
            let second = try await fixture.run(arguments, environment: ["NO_COLOR": ""])
            #expect(first.status == 0 && !first.stdout.isEmpty, "\(format): \(first.stderr)")
            #expect(first.stdout == second.stdout, "\(format) differs between runs")
            #expect(!first.stdout.contains("\u{1B}"), "\(format) has escape codes")
        }
    }
}

/// Reads a file over and over on a background thread, classifying what it finds.
final class PollingReader: @unchecked Sendable {
    struct Seen {
        var reads = 0
        var complete = 0
        var contents: [String] = []
        var other: [Int] = []
    }

    private let path: String
    private let lock = NSLock()
    private var running = true
    private var seen = Seen()
    private let finished = DispatchSemaphore(value: 0)

    init(path: String) {
        self.path = path
    }

    func start() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                lock.withLock {
                    seen.reads += 1
                    // A whole report ends with the closing tag; anything else is a partial file.
                    if text.hasPrefix("<!DOCTYPE html>") && text.hasSuffix("</html>\n") {
                        seen.complete += 1
                        if !seen.contents.contains(text) { seen.contents.append(text) }
                    } else {
                        seen.other.append(data.count)
                    }
                }
            }
            finished.signal()
        }
    }

    func stop() -> Seen {
        lock.withLock { running = false }
        finished.wait()
        return lock.withLock { seen }
    }
}
