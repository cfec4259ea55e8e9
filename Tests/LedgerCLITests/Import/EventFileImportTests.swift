import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

@testable import LedgerApp
@testable import LedgerCLI

/// Importing our own export (JSONL), which now streams through the import's staging: lines
/// across chunks, voids inside the file, duplicates, and the order events are appended in.
@Suite("import: event files")
struct EventFileImportTests: ScratchLedger {
    let directory = makeTemporaryDirectory()

    func write(_ name: String, _ lines: [String]) throws -> String {
        try write(name, lines.joined(separator: "\n"))
    }

    func line(_ id: Int, _ kind: String, _ date: String, _ fields: String) -> String {
        #"{"version":1,"id":"01HF7YAT0000000000000000\#(String(format: "%02d", id))","kind":"\#(kind)","occurred_at":"\#(date)T12:00:00Z","account":"a",\#(fields),"note":"","source":"manual"}"#
    }

    @Test("a refused first import leaves no ledger behind; an accepted one leaves a WAL ledger and nothing else")
    func firstImport() throws {
        let bad = try write("bad.jsonl", [#"{"bad":1}"#])
        let fixed = environment()
        #expect(fixed.run(["import", bad]) == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("ledger") }.isEmpty)
        let good = try write(
            "good.jsonl", [line(1, "deposit", "2024-01-01", #""asset":"BTC","asset_class":"crypto","quantity":"1""#)])
        #expect(fixed.run(["import", good]) == 0, "\(fixed.stderr.text)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("ledger") }
        #expect(files.allSatisfy { ["books.ledger", "books.ledger-wal", "books.ledger-shm"].contains($0) })
        // Bytes 18 and 19 of an SQLite file are 2 in WAL mode.
        let header = try #require(FileManager.default.contents(atPath: ledger))
        #expect(header[18] == 2 && header[19] == 2)
        #expect(try Ledger(path: ledger, mode: .mustExist).events.allEvents().count == 1)
    }

    @Test("lines split across chunks, CRLF line ends, blank lines and a last line without a newline")
    func lineSplitting() throws {
        let text = Array("one\r\ntwo\n\nthree is longer\nfour".utf8)
        for size in [1, 2, 3, 7, text.count] {
            var splitter = LineSplitter()
            var seen: [String] = []
            var start = 0
            while start < text.count {
                try splitter.feed(text[start..<min(start + size, text.count)]) { seen.append("\($0):\($1)") }
                start += size
            }
            try splitter.finish { seen.append("\($0):\($1)") }
            #expect(seen == ["1:one\r", "2:two", "3:", "4:three is longer", "5:four"], "chunks of \(size)")
        }
    }

    @Test("a void in the file takes its target out of the holdings check; duplicates are present; file order is kept")
    func voidsAndOrder() throws {
        let fixed = environment()
        let deposit = line(1, "deposit", "2024-01-03", #""asset":"BTC","asset_class":"crypto","quantity":"1""#)
        let void = line(2, "void", "2024-01-04", #""void_target":"01HF7YAT000000000000000001","reason":"typo""#)
        let earlier = line(3, "deposit", "2024-01-01", #""asset":"BTC","asset_class":"crypto","quantity":"0.25""#)
        let withdraw = line(4, "withdraw", "2024-01-05", #""asset":"BTC","asset_class":"crypto","quantity":"0.5""#)
        let short = try write("short.jsonl", [deposit, void, earlier, withdraw])
        #expect(fixed.run(["import", short]) == 1)
        #expect(
            fixed.stderr.text.contains("short.jsonl:4: takes 0.5 BTC from 'a' where 0.25 BTC is held"),
            "\(fixed.stderr.text)")
        let none =
            try Ledger.exists(at: ledger) ? Ledger(path: ledger, mode: .mustExist).events.allEvents() : []
        #expect(none.isEmpty, "a refused file writes nothing")

        let fine = try write(
            "fine.jsonl",
            [
                deposit, void, earlier, earlier,
                line(4, "withdraw", "2024-01-05", #""asset":"BTC","asset_class":"crypto","quantity":"0.2""#),
            ])
        fixed.stdout.clear()
        #expect(fixed.run(["import", fine]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.stdout.text.contains("imported 4 events from \(fine) (1 already present)"))
        let stored = try Ledger(path: ledger, mode: .mustExist).events.allEvents()
        #expect(
            stored.map { String($0.id.text.suffix(2)) } == ["01", "02", "03", "04"],
            "appended in file order, not time order")
        #expect(fixed.run(["verify"]) == 0)
    }
}
