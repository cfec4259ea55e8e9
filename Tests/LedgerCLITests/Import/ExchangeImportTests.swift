import Foundation
import LedgerCore
import LedgerStore
import LedgerTestSupport
import Testing

/// Exchange imports end to end (in-process): idempotence, overlapping exports, identical rows,
/// atomicity and replay order, on the fixtures of LedgerInterchangeTests.
@Suite("import: exchange files")
struct ExchangeImportTests: ScratchLedger {
    static let fixtures = Golden.directory(for: #filePath, "../../LedgerInterchangeTests/Fixtures")
    let directory = makeTemporaryDirectory()

    static var fixtureNames: [String] {
        let enumerator = FileManager.default.enumerator(atPath: fixtures)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".csv") }.sorted()
    }

    func events() throws -> [LedgerEvent] {
        try Ledger(path: ledger, mode: .mustExist).events.allEvents()
    }

    @Test("re-importing every fixture adds no event", arguments: fixtureNames)
    func reimportAddsNothing(fixture: String) throws {
        let fixed = environment()
        let path = Self.fixtures + "/" + fixture
        #expect(fixed.run(["import", path, "--allow-zero-basis"]) == 0, "\(fixed.stderr.text)")
        let first = try Ledger.exists(at: ledger) ? events() : []
        fixed.stdout.clear()
        #expect(fixed.run(["import", path, "--allow-zero-basis"]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.stdout.text.hasPrefix("imported 0 events from"))
        #expect(try events() == first)
        #expect(fixed.run(["verify"]) == 0, "\(fixed.stderr.text)")
    }

    @Test("overlapping exports add only the rows not seen before (content fingerprints)")
    func overlappingStatements() throws {
        let lines = try String(contentsOfFile: Self.fixtures + "/binance/statement.csv", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let early = try write("early.csv", ([lines[0]] + lines[1...9]).joined(separator: "\n"))
        let late = try write("late.csv", ([lines[0]] + lines[3...]).joined(separator: "\n"))
        let fixed = environment()
        #expect(fixed.run(["import", early]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["import", late]) == 0, "\(fixed.stderr.text)")
        #expect(
            fixed.stdout.text.contains(
                "imported 3 events from \(late) into 'binance' (binance: transaction history statement): 2 already present"
            ))
        let whole = FixedEnvironment(variables: ["LGR_FILE": directory + "/whole.ledger", "HOME": directory])
        #expect(whole.run(["import", Self.fixtures + "/binance/statement.csv"]) == 0)
        let wholeEvents = try Ledger(path: directory + "/whole.ledger", mode: .mustExist).events.allEvents()
        #expect(try events().map(\.action) == wholeEvents.map(\.action))
    }

    @Test("overlapping exports with transaction ids, one of them newest first")
    func overlappingWithIDs() throws {
        let text = try String(contentsOfFile: Self.fixtures + "/coinbase/transactions-2024.csv", encoding: .utf8)
        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        // Lines: BOM+"" is dropped by the filter? Keep the preamble and header (first 3 non-empty).
        let head = Array(lines[0..<3])
        let recent = try write("recent.csv", (head + lines[3..<9]).joined(separator: "\r\n"))
        let all = try write("all.csv", lines.joined(separator: "\r\n"))
        let fixed = environment()
        #expect(fixed.run(["import", recent, "--allow-zero-basis"]) == 0, "\(fixed.stderr.text)")
        #expect(fixed.run(["import", all, "--allow-zero-basis"]) == 0, "\(fixed.stderr.text)")
        let ids = try events().compactMap { event -> String? in
            if case .imported(_, let fingerprint) = event.provenance { fingerprint.text } else { nil }
        }
        #expect(Set(ids.filter { !$0.contains("zero-basis") }).count == 11)
    }

    @Test("two identical rows in one file are both kept, and found again on re-import")
    func identicalRows() throws {
        let header = "\"User_ID\",\"UTC_Time\",\"Account\",\"Operation\",\"Coin\",\"Change\",\"Remark\""
        let row = "\"1\",\"2025-01-01 00:00:00\",\"Spot\",\"Deposit\",\"USDT\",\"10\",\"\""
        let twice = try write("twice.csv", [header, row, row].joined(separator: "\n"))
        let thrice = try write("thrice.csv", [header, row, row, row].joined(separator: "\n"))
        let fixed = environment()
        #expect(fixed.run(["import", twice]) == 0)
        #expect(try events().count == 2)
        #expect(fixed.run(["import", twice]) == 0)
        #expect(try events().count == 2)
        #expect(fixed.run(["import", thrice]) == 0)
        #expect(try events().count == 3, "the third identical row is new")
    }

    @Test("a malformed row is reported with its line and nothing is written")
    func malformedRowWritesNothing() throws {
        let fixed = environment()
        let good = Self.fixtures + "/kraken/ledgers.csv"
        #expect(fixed.run(["import", good]) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: ledger))
        var lines = try String(contentsOfFile: good, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[4] = lines[4].replacingOccurrences(of: "0.0020104289", with: "0.00201O4289")
        let bad = try write("bad.csv", lines.joined(separator: "\n"))
        fixed.stderr.clear()
        #expect(fixed.run(["import", bad]) == 1)
        #expect(fixed.stderr.text.contains("ledger: error: \(bad):4: amount '0.00201O4289' is not a number"))
        #expect(
            fixed.stderr.text.hasSuffix(
                "nothing imported: 1 line is invalid; correct it and import '\(bad)' again, or pass --skip-invalid to import the other rows\n"
            ))
        #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == before)
    }

    @Test("a refused first import leaves no ledger behind")
    func refusedCreatesNothing() throws {
        let bad = try write(
            "bad.csv", "UTC_Time,Account,Operation,Coin,Change\n2025-01-01 00:00:00,Spot,Withdraw,BTC,-1\n")
        let fixed = environment()
        #expect(fixed.run(["import", bad]) == 1)
        #expect(fixed.stderr.text.contains("\(bad):2: takes 1 BTC from 'binance' where 0 BTC is held on 2025-01-01"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("ledger") }.isEmpty)
    }

    @Test("a first import builds the ledger without a WAL, then hands over a WAL ledger and nothing else")
    func firstImportJournal() throws {
        let csv = try write(
            "coinbase.csv",
            """
            ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes
            C1,2024-01-02 09:00:00 UTC,Buy,BTC,0.5,USD,"$40,000.00",$20000,"$20,010.00",$10.00,Bought
            C2,2024-01-03 09:00:00 UTC,Sell,BTC,0.2,USD,"$41,000.00",$8200,"$8,190.00",$10.00,Sold

            """)
        let fixed = environment()
        #expect(fixed.run(["import", csv]) == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("ledger") }
        #expect(files.allSatisfy { $0 == "books.ledger" || $0 == "books.ledger-wal" || $0 == "books.ledger-shm" })
        // Bytes 18 and 19 of an SQLite file are 2 in WAL mode, 1 with a rollback journal.
        let header = try #require(FileManager.default.contents(atPath: ledger))
        #expect(header[18] == 2 && header[19] == 2)
        #expect(try events().count == 2)
        #expect(fixed.run(["verify"]) == 0)
        // The per-row checks set aside while it was built are back: a gap is refused.
        let gap =
            "INSERT INTO events (seq, id, schema, kind, occurred_at, recorded_at, account, note, source, prev_hash, hash) VALUES (9, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ', 1, 'deposit', 0, 0, 'a', '', 'manual', '', '')"
        #expect {
            try Ledger(path: ledger, mode: .mustExist).executeRaw(gap)
        } throws: { error in
            (error as? SQLiteError)?.message.contains("seq must follow the last event") == true
        }
        // It takes a second import (through the WAL, as every later write) like any ledger.
        #expect(fixed.run(["import", csv]) == 0)
        #expect(fixed.stdout.text.contains("0 already present") && fixed.stdout.text.contains("2 already present"))
    }

    @Test("a newest-first file is appended oldest first, same-second rows in their real order")
    func newestFirstOrder() throws {
        let header =
            "ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes"
        let rows = [
            "C3,2024-01-02 09:00:00 UTC,Send,BTC,-0.5,USD,,,,,",
            "C2,2024-01-02 09:00:00 UTC,Receive,BTC,0.5,USD,,,,,",
            "C1,2024-01-01 09:00:00 UTC,Deposit,USD,10,USD,,,,,",
        ]
        let file = try write("newest.csv", ([header] + rows).joined(separator: "\n"))
        let fixed = environment()
        #expect(fixed.run(["import", file]) == 0, "\(fixed.stderr.text)")
        #expect(try events().map(\.kind) == [.deposit, .deposit, .withdraw])
    }
}
