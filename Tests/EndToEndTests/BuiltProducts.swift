import Foundation
import LedgerTestSupport

/// Paths of the built executables and a way to run them as real processes.
enum BuiltProducts {
    /// The directory holding the test bundle, which is where SwiftPM puts the executables.
    static var directory: URL {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var url = URL(fileURLWithPath: me).deletingLastPathComponent()
        // Swift Testing may run inside the .xctest bundle directory itself.
        if url.pathExtension == "xctest" { url.deleteLastPathComponent() }
        return url
    }

    static var ledger: URL { directory.appendingPathComponent("ledger") }
    static var stress: URL { directory.appendingPathComponent("ledger-stress") }
    static var serve: URL { directory.appendingPathComponent("ledger-serve") }

    /// The repository root (for `ledgers/` samples).
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The XDG_STATE_HOME every process started here gets (unless a test gives its own).
    /// Inside the test process's temporary root, so it goes when the run ends.
    static let stateHome: String = makeTemporaryDirectory("ledger-state")

    typealias Result = ChildProcess.Result

    /// Runs `executable` with `arguments` to its end, with `NO_COLOR` and no terminal, awaited
    /// off the cooperative pool (``ChildProcess``).
    static func run(
        _ executable: URL, _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil
    ) async throws -> Result {
        try await ChildProcess.run(executable, arguments, environment: environment(extra), input: input)
    }

    /// ``run(_:_:environment:input:)`` on the calling thread, for a suite's static probe of a
    /// peer tool (read once, where nothing can await).
    static func probe(_ executable: URL, _ arguments: [String]) throws -> Result {
        try ChildProcess.runBlocking(executable, arguments, environment: environment([:]))
    }

    /// The test process's variables without `LGR_*`, with `NO_COLOR` and the run's state
    /// directory (anchors, snapshot key), then `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LGR_") }
        environment["NO_COLOR"] = "1"
        environment["XDG_STATE_HOME"] = stateHome
        return environment.merging(extra) { _, new in new }
    }
}
