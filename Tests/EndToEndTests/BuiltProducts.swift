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

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` with `arguments` to completion, with `NO_COLOR` and no terminal.
    static func run(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:]) throws
        -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LGR_") }
        environment["NO_COLOR"] = "1"
        // One state directory (anchors, snapshot key) for the test run, not the user's.
        environment["XDG_STATE_HOME"] = stateHome
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
