import Foundation
import LedgerApp
import LedgerCLI
import LedgerCore
import LedgerMarketData

/// Collects what a command writes.
public final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    public init() {}

    public var text: String { lock.withLock { buffer } }

    public func append(_ text: String) { lock.withLock { buffer += text } }

    public func clear() { lock.withLock { buffer = "" } }

    public var sink: TextSink { TextSink { [self] in append($0) } }
}

/// A fixed environment for running commands in-process: a clock that ticks one second per
/// reading from a fixed start, seeded ids, captured output, 80 columns, no terminal.
public final class FixedEnvironment: @unchecked Sendable {
    public let stdout = CapturedOutput()
    public let stderr = CapturedOutput()
    private let lock = NSLock()
    private var milliseconds: UInt64
    private var generator: SplitMix64
    public var variables: [String: String]
    public var width = 80
    public var isTerminal = false
    /// What the next commands read from standard input, a line at a time (not a terminal).
    public var stdinLines: [String] = []
    /// The market-data HTTP layer waits on this virtual clock: retries never really sleep.
    public let pacing = VirtualPacing()
    /// How `ledger live` streams: polling unless a test hands it a client.
    public var liveStreaming: LiveStreaming = .polling
    /// The directory relative paths are taken from (the test process's own when nil).
    public var currentDirectory: String?

    public init(start: String = "2024-06-01T12:00:00Z", seed: UInt64 = 42, variables: [String: String] = [:]) {
        milliseconds = UInt64(Events.time(start).secondsSinceEpoch) * 1000
        generator = SplitMix64(seed: seed)
        self.variables = variables
    }

    /// Sets the clock to `time` (it ticks on from there): commands after it run at that time.
    public func setClock(_ time: Timestamp) {
        lock.withLock { milliseconds = UInt64(time.secondsSinceEpoch) * 1000 }
    }

    public var environment: CommandEnvironment {
        var environment = CommandEnvironment(
            variables: variables,
            clockMilliseconds: { [self] in
                lock.withLock {
                    milliseconds += 1000
                    return milliseconds
                }
            },
            stdout: stdout.sink, stderr: stderr.sink,
            stdoutIsTerminal: isTerminal, terminalWidth: width,
            currentDirectory: currentDirectory ?? FileManager.default.currentDirectoryPath,
            randomBits: { [self] in lock.withLock { (UInt16(truncatingIfNeeded: generator.next()), generator.next()) } }
        )
        environment.marketLink.pacing = pacing.pacing
        environment.liveStreaming = liveStreaming
        environment.stdin = LineInput(isTerminal: false) { [self] _ in
            lock.withLock { stdinLines.isEmpty ? nil : stdinLines.removeFirst() }
        }
        return environment
    }

    /// Runs one command line (without the leading `ledger`) and returns its exit status.
    @discardableResult
    public func run(_ arguments: [String]) -> Int32 {
        LedgerCLI.run(arguments, in: environment)
    }
}

/// A fresh temporary directory. All of one test process's directories live under one root that
/// is removed when the process exits, so a run leaves nothing behind in /tmp (a crashed run
/// leaves its root: `ledger-tests-PID-…`).
public func makeTemporaryDirectory(_ prefix: String = "ledger-test") -> String {
    let path = temporaryRoot + "/\(prefix)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private let temporaryRoot: String = {
    let root = NSTemporaryDirectory() + "ledger-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    atexit { removeTemporaryRoot() }
    RunWatch.start()
    return root
}()

private func removeTemporaryRoot() {
    try? FileManager.default.removeItem(atPath: temporaryRoot)
}
