import Foundation
import LedgerApp
import LedgerCore
import LedgerInterchange
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
        var (recorded, added) = (0, 0)
        for step in 0..<120 {
            let asset = assets[Int(random.next() % 3)]
            let day = 1 + Int(random.next() % 28)
            // Mostly in order; one step in eight is backdated into the first month.
            let month = step % 8 == 7 ? 1 : 2 + step / 20
            let date = String(format: "2024-%02d-%02d", month, day)
            let quantity = "\(1 + random.next() % 5).\(random.next() % 100)"
            switch random.next() % 10 {
            case 0...4:
                added += Self.add(
                    fixed, ["buy", asset, quantity, "@", "\(100 + random.next() % 900)"], date, fee: ["1"])
            // Every other sale gives its total (`@@`), which the event keeps.
            case 5...6:
                let price = "\(100 + random.next() % 900)"
                added += Self.add(fixed, ["sell", asset, "0.5", step % 2 == 0 ? "@" : "@@", price], date)
            case 7:
                let other = assets[(assets.firstIndex(of: asset)! + 1) % 3]
                added += Self.add(fixed, ["trade", "0.1", asset, "for", "0.2", other], date)
            case 8: fixed.run(["void", "\(1 + Int(random.next() % UInt64(max(1, recorded))))", "--reason", "test"])
            default: fixed.run(["prices", "set", asset, "\(100 + random.next() % 900)", "--date", "2024-01-01"])
            }
            recorded += 1
            // One method per step in turn, all four after the last: each method meets every
            // kind of step across the seeds. Every third step also the allocation by account:
            // the per-account snapshot. The reports are read through the commands' own use case
            // and JSON (``Report``): a run of the debug CLI pays ~25 ms in swift-argument-parser's
            // debug-only validation of the command tree, 3/4 of this suite's CPU when every add and
            // report was a command; after the last step the commands themselves print the same.
            let methods = ["fifo", "lifo", "hifo", "average"]
            for method in step == 119 ? methods : [methods[(step + Int(seed)) % 4]] {
                var reports: [Report] = [.portfolio]
                if step % 3 == 0 || step == 119 { reports.append(.allocationByAccount) }
                for report in reports {
                    let incremental = report.json(fixed, method: method, snapshots: true)
                    let full = report.json(fixed, method: method, snapshots: false)
                    #expect(incremental == full, "seed \(seed), step \(step), \(method): \(report)")
                    if step == 119 { try report.expectCommandPrints(incremental, fixed, method: method) }
                }
            }
            fixed.stderr.clear()
        }
        // Most steps add an event (a sale of more than is held is refused): the reports compared
        // above were of a ledger that grew.
        #expect(added > 60, "seed \(seed): only \(added) events added")
    }
}

extension SnapshotEquivalenceTests {
    /// `ledger add WORDS --date DATE [--fee FEE]` through the command's use case
    /// (``EventRecorder``, as `add` calls it; the debug CLI's parse is most of a run's cost): a
    /// refused event (a sale of more than is held) is left out, as the command's exit 1 was.
    /// 1 when it was recorded, else 0.
    static func add(_ fixed: FixedEnvironment, _ words: [String], _ date: String, fee: [String] = []) -> Int {
        let environment = fixed.environment
        let opener = LedgerOpener(locator: LedgerLocator(flag: nil, context: environment.app), context: environment.app)
        let recorded = try? EventRecorder(context: environment.app).add(
            AddInput(words: words, fee: fee, date: date), creatingIfMissing: PriceLedger(opener: opener),
            market: environment.market)
        return recorded == nil ? 0 : 1
    }

    /// The two reports compared: what `portfolio -O json` and `allocation --by account -O json`
    /// print, as of 2025-01-01.
    enum Report: CustomStringConvertible {
        case portfolio, allocationByAccount

        var description: String { self == .portfolio ? "portfolio" : "allocation" }

        /// The command's JSON from its use case (`PortfolioQuery`, as the command asks it) and
        /// renderer, from the snapshots or (`--full-replay`) from the whole log; or the error
        /// (no ledger yet when the first steps were refused sales).
        func json(_ fixed: FixedEnvironment, method: String, snapshots: Bool) -> String {
            do { return try answer(fixed, method: method, snapshots: snapshots) } catch { return "error: \(error)" }
        }

        private func answer(_ fixed: FixedEnvironment, method: String, snapshots: Bool) throws -> String {
            let context = fixed.environment.app
            let opener = LedgerOpener(locator: LedgerLocator(flag: nil, context: context), context: context)
            let query = PortfolioQuery(
                valuation: ValuationQuery(asOf: "2025-01-01", method: method), perAccount: self == .allocationByAccount,
                useSnapshots: snapshots)
            let answer = try query.answer(opener)
            guard self == .allocationByAccount else { return ReportJSON.portfolio(answer.report) + "\n" }
            let options = answer.source.options
            return ReportJSON.allocation(
                AllocationReport(holdings: answer.report, by: .account), currency: options.currency, asOf: options.asOf)
                + "\n"
        }

        /// The command prints `json`, with and without `--full-replay`.
        func expectCommandPrints(_ json: String, _ fixed: FixedEnvironment, method: String) throws {
            let words = self == .portfolio ? ["portfolio"] : ["allocation", "--by", "account"]
            for extra in [[], ["--full-replay"]] {
                fixed.stdout.clear()
                fixed.run(words + ["-O", "json", "--as-of", "2025-01-01", "--method", method] + extra)
                #expect(fixed.stdout.text == json, "\(self) \(method) \(extra)")
            }
        }
    }
}
