import Foundation
import LedgerTestSupport
import Testing

/// Snapshot plus tail must give exactly what a full replay gives, on seeded random ledgers
/// with backdated events, voids, sales for a total and price changes (each of which must invalidate or be
/// handled), for every booking method (one per step in turn, all four at the end). A report from
/// a snapshot reads its summary and only the lots an event after it needs (a buy none, a sale
/// its book's): the portfolio, and the allocation by account (the per-account snapshot).
@Suite("Snapshots equal full replays", .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct SnapshotEquivalenceTests {
    @Test(arguments: [21, 22, 23] as [UInt64])
    func randomLedger(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixed = FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "LGR_SNAPSHOT_EVERY": "3"])
        let assets = ["BTC", "ETH", "SOL"]
        var recorded = 0
        for step in 0..<120 {
            let asset = assets[Int(random.next() % 3)]
            let day = 1 + Int(random.next() % 28)
            // Mostly in order; one step in eight is backdated into the first month.
            let month = step % 8 == 7 ? 1 : 2 + step / 20
            let date = String(format: "2024-%02d-%02d", month, day)
            let quantity = "\(1 + random.next() % 5).\(random.next() % 100)"
            switch random.next() % 10 {
            case 0...4:
                fixed.run([
                    "add", "buy", asset, quantity, "@", "\(100 + random.next() % 900)", "--date", date, "--fee", "1",
                ])
            // Every other sale gives its total (`@@`), which the event keeps.
            case 5...6:
                fixed.run([
                    "add", "sell", asset, "0.5", step % 2 == 0 ? "@" : "@@", "\(100 + random.next() % 900)", "--date",
                    date,
                ])
            case 7:
                fixed.run([
                    "add", "trade", "0.1", asset, "for", "0.2", assets[(assets.firstIndex(of: asset)! + 1) % 3],
                    "--date", date,
                ])
            case 8: fixed.run(["void", "\(1 + Int(random.next() % UInt64(max(1, recorded))))", "--reason", "test"])
            default: fixed.run(["prices", "set", asset, "\(100 + random.next() % 900)", "--date", "2024-01-01"])
            }
            recorded += 1
            // One method per step in turn, all four after the last: each method meets every
            // kind of step across the seeds, at a third of the runs (every run of the debug CLI
            // pays ~25 ms in swift-argument-parser's debug-only validation of the command tree).
            // Every third step also the allocation by account: the per-account snapshot.
            let methods = ["fifo", "lifo", "hifo", "average"]
            for method in step == 119 ? methods : [methods[(step + Int(seed)) % 4]] {
                var reports = [["portfolio", "-O", "json"]]
                if step % 3 == 0 || step == 119 { reports.append(["allocation", "--by", "account", "-O", "json"]) }
                for report in reports {
                    let common = report + ["--as-of", "2025-01-01", "--method", method]
                    fixed.stdout.clear()
                    fixed.run(common)
                    let incremental = fixed.stdout.text
                    fixed.stdout.clear()
                    fixed.run(common + ["--full-replay"])
                    #expect(incremental == fixed.stdout.text, "seed \(seed), step \(step), \(method): \(report[0])")
                }
            }
            fixed.stderr.clear()
        }
    }
}
