import Foundation
import Glibc
import LedgerTestSupport
import Testing

/// The test run's children start with their three descriptors and nothing else, whatever the
/// test process has open: round 17's CI hang was a long-lived child holding another test's pipe.
@Suite("children of the test run: their own three descriptors, default signals, bounded waits")
struct SpawnedProcessTests {
    @Test("a child holds only its stdin, stdout and stderr, though the test process has a plain pipe open")
    func onlyItsOwnDescriptors() async throws {
        var planted: [Int32] = [-1, -1]
        #expect(pipe(&planted) == 0)
        defer { for end in planted { close(end) } }
        // Long enough to outlive any stall of the run: in round 28 (twice) and round 29 this test
        // waited over 30 s for a cooperative thread while other suites held both, and found the
        // `sleep 30` it had started ended by itself (status 0). The defer ends it.
        let child = try SpawnedProcess("/bin/sleep", ["3600"], stdout: .pipe)
        defer { child.signal(SIGKILL) }
        let pid = child.pid
        let descriptors = try await RawConnection.onThread { Result { try Self.settledDescriptors(of: pid) } }.get()
        #expect(descriptors == ["0", "1", "2"], "\(descriptors)")
        // The pipe's other end stays ours alone: closing it gives the child's reader its end.
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(planted[1])")
        let theirs = try descriptors.map {
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/fd/\($0)")
        }
        #expect(!theirs.contains(ours))
    }

    /// The child's descriptors once its program runs. Its dynamic loader opens and closes the
    /// libraries it loads (CI once listed a "3" that was gone a moment later), while a
    /// descriptor the child inherited stays: polls up to 5 s for exactly 0, 1 and 2, else gives
    /// the last listing. It runs on a thread of its own, not the run's cooperative pool.
    static func settledDescriptors(of pid: pid_t) throws -> [String] {
        var listing: [String] = []
        for _ in 0..<500 {
            listing = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").sorted()
            if listing == ["0", "1", "2"] { return listing }
            usleep(10_000)
        }
        return listing
    }

    @Test("a child starts with no standard signal ignored or blocked, though the test process ignores SIGPIPE")
    func defaultSignals() async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/grep"), ["-E", "^Sig(Ign|Blk)", "/proc/self/status"], environment: [:])
        let masks = result.stdout.split(separator: "\n").compactMap {
            UInt64($0.split(separator: "\t").last ?? "", radix: 16)
        }
        #expect(result.status == 0 && masks.count == 2, "\(result.stdout)")
        // Signals 1 to 31 (bit n-1 for signal n); glibc keeps some real-time ones for itself.
        #expect(masks.allSatisfy { $0 & 0x7fff_ffff == 0 }, "\(result.stdout)")
    }

    @Test("a child that outlives its bound is stopped, and says so; one that ends in time is not")
    func bounded() async throws {
        let stubborn = try SpawnedProcess("/bin/sleep", ["30"])
        let (ending, stopped) = await stubborn.finished(within: 0.2)
        #expect(stopped && ending.signalled && ending.status == SIGTERM, "\(ending)")
        #expect(!stubborn.isRunning)
        let quick = try SpawnedProcess("/bin/sh", ["-c", "exit 3"])
        let (end, late) = await quick.finished(within: 20)
        #expect(!late && !end.signalled && end.status == 3, "\(end)")
    }

    @Test("a child's output is read to its end while a process it left behind still holds the pipe")
    func readsWhatAChildLeftBehind() async throws {
        // The shell starts a sleeper that keeps stdout and stderr open, prints its pid and exits.
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "sleep 900 & echo $!; echo said >&2"], environment: [:])
        let sleeper = try #require(pid_t(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(sleeper, SIGKILL) }
        #expect(result.status == 0 && result.stderr == "said\n")
        #expect(kill(sleeper, 0) == 0, "the sleeper holding the pipes was still running when the read ended")
    }

    @Test("a program that cannot start throws, naming it")
    func cannotStart() {
        #expect(throws: SpawnError.self) { try SpawnedProcess("/nonexistent/program", []) }
    }
}
