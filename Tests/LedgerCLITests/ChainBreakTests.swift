import Foundation
import LedgerStore
import LedgerTestSupport
import Testing

/// Issue 39: an event edited in the middle of the chain (its append-only trigger dropped) was
/// seen only by `verify`. Now a report says so in one warning line, a write and an export
/// refuse, and nothing is appended or exported from the broken chain.
@Suite("A chain broken in the middle, seen by every command")
struct ChainBreakTests {
    let tamper = TamperTests()

    static let reason =
        "fails verification at event #2 (its stored fields do not match its hash: it was changed after it was recorded)"

    /// A ledger of three buys whose second was edited to 5 BTC with the sqlite3 CLI.
    func tamperedLedger() throws -> (FixedEnvironment, String) {
        let (fixed, path) = tamper.ledger()
        try tamper.sqlite(
            path, "DROP TRIGGER events_append_only_update; UPDATE events SET quantity = '5' WHERE seq = 2")
        fixed.stdout.clear()
        fixed.stderr.clear()
        return (fixed, path)
    }

    func eventCount(_ path: String) throws -> Int {
        try Ledger(path: path, mode: .mustExist).events.allEvents().count
    }

    /// The lines of stderr that say the ledger fails verification.
    func verificationLines(_ fixed: FixedEnvironment) -> [String] {
        fixed.stderr.text.split(separator: "\n").map(String.init).filter { $0.contains("fails verification") }
    }

    @Test("portfolio, log and gains still answer, with one warning line naming 'ledger verify'")
    func reportsWarn() throws {
        let (fixed, path) = try tamperedLedger()
        for command in [["portfolio"], ["log"], ["gains"]] {
            fixed.stderr.clear()
            #expect(fixed.run(command) == 0, "\(command): \(fixed.stderr.text)")
            #expect(
                verificationLines(fixed) == [
                    "ledger: warning: '\(path)' \(Self.reason); what it shows may not be what was recorded; run 'ledger verify'"
                ], "\(command)")
        }
    }

    @Test("add, void and import refuse to write onto it; nothing is appended")
    func writesRefuse() throws {
        let (other, otherPath) = tamper.ledger(btc: ["1"])
        let events = otherPath + ".jsonl"
        #expect(other.run(["export", "-o", events]) == 0)
        let (fixed, path) = try tamperedLedger()
        for command in [["add", "deposit", "BTC", "1"], ["void", "1", "--reason", "x"], ["import", events]] {
            fixed.stderr.clear()
            #expect(fixed.run(command) == 1, "\(command)")
            #expect(
                verificationLines(fixed) == [
                    "ledger: error: '\(path)' \(Self.reason); nothing was written; run 'ledger verify' (docs/EVENTS.md, \"Threat model\")"
                ], "\(command): \(fixed.stderr.text)")
        }
        #expect(try eventCount(path) == 3)
    }

    @Test("export refuses, so export then import cannot launder the edit into a ledger that verifies")
    func exportRefuses() throws {
        let (fixed, path) = try tamperedLedger()
        let output = path + ".jsonl"
        #expect(fixed.run(["export", "-o", output]) == 1)
        #expect(fixed.stderr.text.contains(Self.reason), "\(fixed.stderr.text)")
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(fixed.run(["verify"]) == 1)
    }

    @Test("an intact ledger: no warning, and reads and writes go on")
    func intact() throws {
        let (fixed, _) = tamper.ledger()
        fixed.stderr.clear()
        #expect(fixed.run(["portfolio"]) == 0)
        #expect(fixed.run(["add", "deposit", "BTC", "1"]) == 0)
        #expect(fixed.run(["log"]) == 0)
        #expect(fixed.run(["export"]) == 0)
        #expect(verificationLines(fixed).isEmpty, "\(fixed.stderr.text)")
    }
}
