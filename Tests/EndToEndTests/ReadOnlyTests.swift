import Foundation
import LedgerTestSupport
import Testing

/// A ledger on a read-only mount (a read-only bind mount in a private mount namespace, which
/// stops root too; file permissions would not): the read commands work, opened read-only and
/// immutable since not even the -shm file can be made; the write commands say it is read-only.
@Suite("Read-only ledgers", .serialized)
struct ReadOnlyTests {
    static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")
    static let mountScript = "mount --bind \"$1\" \"$2\" && mount -o remount,bind,ro \"$2\" && shift 2 && exec \"$@\""

    /// Runs `ledger ARGS` with `source` mounted read-only at `target`; nil when this machine
    /// cannot make the mount (not root, no mount namespaces).
    func runOnReadOnlyMount(_ source: String, _ target: String, _ arguments: [String]) async throws -> BuiltProducts
        .Result?
    {
        guard FileManager.default.isExecutableFile(atPath: Self.unshare.path) else { return nil }
        let result = try await BuiltProducts.run(
            Self.unshare,
            ["-m", "sh", "-c", Self.mountScript, "sh", source, target, BuiltProducts.ledger.path] + arguments)
        if result.stderr.contains("unshare:") || result.stderr.contains("mount:") { return nil }
        return result
    }

    @Test("log, portfolio, gains, allocation, verify, export and report read it; add and prices set refuse")
    func readOnlyMount() async throws {
        let source = makeTemporaryDirectory()
        let target = makeTemporaryDirectory()
        let writable = source + "/books.ledger"
        for arguments in [
            ["add", "buy", "BTC", "0.5", "@", "30000", "--date", "2024-01-02"], ["prices", "set", "BTC", "40000"],
        ] {
            #expect(try await BuiltProducts.run(BuiltProducts.ledger, arguments + ["--ledger", writable]).status == 0)
        }
        let path = target + "/books.ledger"
        guard let probe = try await runOnReadOnlyMount(source, target, ["log", "--ledger", path]) else {
            print("ReadOnlyTests skipped: this machine cannot make a read-only bind mount (needs root and unshare -m)")
            return
        }
        #expect(probe.status == 0, "\(probe.stderr)")
        #expect(probe.stdout.contains("BTC"))
        let reads = [["portfolio"], ["gains"], ["allocation"], ["verify"], ["export"], ["report", "--period", "all"]]
        for arguments in reads {
            let result = try #require(try await runOnReadOnlyMount(source, target, arguments + ["--ledger", path]))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for arguments in [["add", "buy", "BTC", "1", "@", "1"], ["prices", "set", "BTC", "1"]] {
            let result = try #require(try await runOnReadOnlyMount(source, target, arguments + ["--ledger", path]))
            #expect(result.status == 1, "\(arguments)")
            #expect(
                result.stderr
                    == "ledger: error: '\(path)' is read-only (the file or its directory cannot be written); log, portfolio, gains, allocation, verify, export and report read it, but nothing can be recorded in it\n",
                "\(arguments): \(result.stderr)")
        }
        // Nothing was written beside the ledger: it was read as immutable.
        #expect(try FileManager.default.contentsOfDirectory(atPath: source) == ["books.ledger"])
    }
}
