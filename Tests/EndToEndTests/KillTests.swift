import Foundation
import LedgerTestSupport
import Testing

@Suite("Killed writers", .serialized)
struct KillTests {
    /// A writer killed with SIGKILL at a random moment leaves only whole events: the ledger
    /// verifies, numbers are contiguous, and every event the writer reported committed is there.
    @Test("SIGKILL at random moments during appends", arguments: [11, 12, 13] as [UInt64])
    func killDuringAppends(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let path = makeTemporaryDirectory() + "/books.ledger"
        var lastCommitted: Int64 = 0
        for _ in 0..<10 {
            let pause = UInt32.random(in: 0...100_000, using: &generator)
            let committed = try await RawConnection.onThread {
                Result { try Self.runAndKill(after: pause, path: path) }
            }
            .get()
            lastCommitted = max(lastCommitted, committed)
            let verify = try await BuiltProducts.run(BuiltProducts.ledger, ["verify", "--ledger", path])
            #expect(verify.status == 0, "seed \(seed): \(verify.stderr)")
        }
        #expect(lastCommitted > 0, "seed \(seed): the writer never committed; the test proved nothing")
        let log = try await BuiltProducts.run(BuiltProducts.ledger, ["log", "--ledger", path, "-O", "csv"])
        let rows = log.stdout.split(separator: "\n").dropFirst()
        #expect(Int64(rows.count) >= lastCommitted, "seed \(seed): a committed event is missing")
        // Each batch is 5 events in one transaction: only whole batches may exist.
        #expect(rows.count % 5 == 0, "seed \(seed): a partial batch was written")
        #expect(rows.allSatisfy { $0.contains(String(repeating: "x", count: 200)) })
    }

    /// Starts the stress writer (batches of 5), waits for its first committed batch (so a
    /// loaded machine, slow to start the process, cannot turn the test into a no-op), kills it
    /// `microseconds` later, and returns the highest sequence number it reported as committed.
    /// Blocking: run it on a thread of its own.
    private static func runAndKill(after microseconds: UInt32, path: String) throws -> Int64 {
        // The state directory `verify` checks the anchor in (BuiltProducts.run).
        let process = try SpawnedProcess(
            BuiltProducts.stress.path, [path, "100000", "5"],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": BuiltProducts.stateHome]) {
                $1
            }, stdout: .pipe)
        let first = process.output!.availableData
        usleep(microseconds)
        process.signal(SIGKILL)
        _ = process.waitBlocking()
        let rest = process.output!.readDataToEndOfFile()
        let text = String(decoding: first + rest, as: UTF8.self)
        return text.split(separator: "\n").compactMap { Int64($0) }.max() ?? 0
    }
}
