import Foundation
import LedgerStore
import LedgerTestSupport
import Testing

/// Issue #19's attacks as a user meets them: a report refuses a ledger that is not as the tool
/// left it and points to `verify`, which says what happened and how to accept a file put in
/// place on purpose.
@Suite("Tampering seen by the commands")
struct TamperTests {
    /// A ledger holding 0.45 BTC in three events, and its environment (HOME, so the anchor and
    /// the snapshot key live in the test's directory).
    func ledger(btc quantities: [String] = ["0.25", "0.15", "0.05"]) -> (FixedEnvironment, String) {
        let directory = makeTemporaryDirectory()
        let path = directory + "/books.ledger"
        let fixed = FixedEnvironment(variables: ["LGR_FILE": path, "HOME": directory, "LGR_SNAPSHOT_EVERY": "1"])
        for (index, quantity) in quantities.enumerated() {
            fixed.run(["add", "buy", "BTC", quantity, "@", "30000", "--date", "2024-01-0\(index + 2)"])
        }
        return (fixed, path)
    }

    /// A connection like the sqlite3 CLI's.
    func sqlite(_ path: String, _ sql: String) throws {
        let database = try SQLiteDatabase(path: path, create: false)
        try database.execute(sql)
    }

    func portfolio(_ fixed: FixedEnvironment) -> (Int32, String) {
        fixed.stdout.clear()
        fixed.stderr.clear()
        let status = fixed.run(["portfolio"])
        return (status, fixed.stdout.text + fixed.stderr.text)
    }

    @Test("truncated newest events: portfolio refuses, verify says so, --head catches it, --accept re-anchors")
    func truncation() throws {
        let (fixed, path) = ledger()
        fixed.stdout.clear()
        #expect(fixed.run(["verify"]) == 0)
        let head = try #require(fixed.stdout.text.split(separator: " ").last).trimmingCharacters(
            in: .whitespacesAndNewlines)
        try sqlite(path, "DROP TRIGGER events_append_only_delete; DELETE FROM events WHERE seq = 3")
        let (status, text) = portfolio(fixed)
        #expect(status == 1)
        #expect(text.contains("events were removed from its end") && text.contains("run 'ledger verify'"), "\(text)")
        fixed.stderr.clear()
        #expect(fixed.run(["verify"]) == 1)
        #expect(fixed.stderr.text.contains("the chain verifies, but it ends at event #2"), "\(fixed.stderr.text)")
        fixed.stderr.clear()
        #expect(fixed.run(["verify", "--head", head, "--accept"]) == 1)
        #expect(fixed.stderr.text.contains("no event has hash"), "\(fixed.stderr.text)")
        #expect(fixed.run(["verify", "--accept"]) == 0)
        #expect(portfolio(fixed).0 == 0)
    }

    @Test("an event appended behind the tool's back, with a valid hash: portfolio refuses")
    func forgedAppend() throws {
        let (fixed, path) = ledger()
        #expect(portfolio(fixed).0 == 0)
        let forger = try Ledger(path: path, mode: .mustExist)
        var make = Events()
        _ = try forger.events.append([make.deposit("BTC", "5", on: "2024-02-01")]) { _ in }
        let (status, text) = portfolio(fixed)
        #expect(status == 1)
        #expect(text.contains("that ledger did not write"), "\(text)")
        // So does a write: it must not anchor the forged event.
        #expect(fixed.run(["add", "deposit", "BTC", "1"]) == 1)
    }

    @Test("a snapshot's bytes swapped with plain SQL are not used; verify reports them")
    func snapshotSwap() throws {
        let (fixed, path) = ledger()
        let (other, otherPath) = ledger(btc: ["5", "0.3", "0.05"])
        #expect(portfolio(fixed).1.contains("0.45"))
        #expect(portfolio(other).1.contains("5.35"))
        try sqlite(
            path,
            """
            ATTACH DATABASE '\(otherPath)' AS other;
            UPDATE snapshots SET data = (SELECT data FROM other.snapshots o WHERE o.key = snapshots.key)
            """)
        let (status, text) = portfolio(fixed)
        #expect(status == 0)
        #expect(text.contains("0.45") && !text.contains("5.35"), "\(text)")
        fixed.stderr.clear()
        fixed.stdout.clear()
        // The report replayed and saved a good snapshot again: swap it once more for verify.
        try sqlite(
            path,
            """
            ATTACH DATABASE '\(otherPath)' AS other;
            UPDATE snapshots SET data = (SELECT data FROM other.snapshots o WHERE o.key = snapshots.key)
            """)
        #expect(fixed.run(["verify"]) == 0)
        #expect(
            fixed.stderr.text.contains("snapshot") && fixed.stderr.text.contains("its seal does not match"),
            "\(fixed.stderr.text)")
    }

    @Test("a snapshot's lots changed with plain SQL: a sale that needs them replays instead; verify names them")
    func snapshotLotsChanged() throws {
        let (fixed, path) = ledger()
        #expect(portfolio(fixed).1.contains("0.45"))
        // The BLOB's last byte is the last BTC lot's (the only book): its cost-complete flag.
        let change = "UPDATE snapshots SET data = CAST(substr(data, 1, length(data) - 1) || X'07' AS BLOB)"
        try sqlite(path, change)
        // A buy after the snapshot needs no lots: the sealed summary serves it.
        fixed.run(["add", "buy", "BTC", "0.01", "@", "30000", "--date", "2024-01-06"])
        #expect(portfolio(fixed).1.contains("0.46"))
        try sqlite(path, change)
        fixed.run(["add", "sell", "BTC", "0.3", "@", "31000", "--date", "2024-01-07"])
        // A fixed as-of: the first line names it, and the clock moves between runs.
        fixed.stdout.clear()
        let status = fixed.run(["portfolio", "--as-of", "2025-01-01"])
        let fromSnapshot = fixed.stdout.text
        fixed.stdout.clear()
        fixed.run(["portfolio", "--as-of", "2025-01-01", "--full-replay"])
        #expect(status == 0 && fromSnapshot.contains("0.16") && fromSnapshot == fixed.stdout.text, "\(fromSnapshot)")
        try sqlite(path, change)
        fixed.stderr.clear()
        #expect(fixed.run(["verify"]) == 0)
        #expect(fixed.stderr.text.contains("the lots of its book #1 do not match"), "\(fixed.stderr.text)")
    }

    @Test("a ledger removed and made again at its path (init, add, import) is anchored anew, not refused")
    func recreated() throws {
        let directory = makeTemporaryDirectory()
        let events = directory + "/events.jsonl"
        let (fixed, path) = ledger()
        fixed.run(["export", "-o", events])
        for command in [["init"], ["add", "deposit", "BTC", "1"], ["import", events]] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            fixed.stderr.clear()
            #expect(fixed.run(command) == 0, "\(command): \(fixed.stderr.text)")
            #expect(fixed.run(["add", "deposit", "BTC", "1"]) == 0, "after \(command): \(fixed.stderr.text)")
        }
    }

    @Test("--head with an earlier head passes while the ledger still holds it")
    func earlierHead() throws {
        let (fixed, _) = ledger()
        fixed.stdout.clear()
        #expect(fixed.run(["verify"]) == 0)
        let head = try #require(fixed.stdout.text.split(separator: " ").last).trimmingCharacters(
            in: .whitespacesAndNewlines)
        fixed.run(["add", "deposit", "BTC", "1"])
        fixed.stdout.clear()
        #expect(fixed.run(["verify", "--head", head]) == 0)
        #expect(fixed.stdout.text.contains("is event #3"), "\(fixed.stdout.text)")
        #expect(fixed.run(["verify", "--head", "abc"]) == 64)
    }
}
