import Foundation
import LedgerTestSupport
import Testing

@Suite(
    "Several processes on one ledger", .serialized,
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
struct ConcurrencyTests {
    /// 125 each: every `add` is a process of the debug build (~60 ms of CPU), and 500 appends
    /// racing for the write lock show a lost or doubled event as well as 1,000 did (round 16:
    /// 1,000 cost 66 s of CPU, the most of any suite).
    @Test("four processes appending 125 events each: 500 events, each once, and verify passes")
    func fourWriters() async throws {
        let path = makeTemporaryDirectory() + "/books.ledger"
        let ledger = BuiltProducts.ledger
        _ = try await BuiltProducts.run(ledger, ["init", "--ledger", path])
        try await withThrowingTaskGroup(of: [Int32].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var statuses: [Int32] = []
                    for index in 0..<125 {
                        let added = try await BuiltProducts.run(
                            ledger,
                            [
                                "add", "deposit", "BTC", "1", "--ledger", path, "--note", "w\(writer)-\(index)",
                                "--date", "2024-01-01",
                            ])
                        statuses.append(added.status)
                    }
                    return statuses
                }
            }
            for try await statuses in group { #expect(statuses.allSatisfy { $0 == 0 }) }
        }
        let log = try await BuiltProducts.run(ledger, ["log", "--ledger", path, "-O", "csv"])
        let notes = log.stdout.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: ",").first { $0.hasPrefix("w") && $0.contains("-") }
        }
        #expect(notes.count == 500)
        #expect(Set(notes).count == 500)
        let verify = try await BuiltProducts.run(ledger, ["verify", "--ledger", path])
        #expect(verify.status == 0)
        #expect(verify.stdout.hasPrefix("ok: 500 events verified"))
    }
}
