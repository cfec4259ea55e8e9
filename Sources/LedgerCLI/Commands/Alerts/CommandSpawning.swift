import Foundation

/// What a spawned command did: its exit status (128 + N when killed by signal N) and what it
/// wrote to stdout and stderr, together.
struct SpawnResult: Equatable {
    let status: Int32
    let output: String
}

/// Runs the shell command of `alert check --exec`. A protocol so tests can observe what would
/// run without spawning; ``ShellCommandRunner`` is the real one.
protocol CommandSpawning {
    /// Runs `command` through `/bin/sh -c` with exactly `environment`, waits for it, and
    /// returns its status and output. Throws only when it could not be started at all.
    func run(_ command: String, environment: [String: String]) throws -> SpawnResult
}

/// `/bin/sh -c COMMAND`, stdin from /dev/null (a command must not eat cron's input), stdout
/// and stderr captured through one pipe.
struct ShellCommandRunner: CommandSpawning {
    func run(_ command: String, environment: [String: String]) throws -> SpawnResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read to the end before waiting: a command that fills the pipe would otherwise block.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return SpawnResult(status: status, output: String(decoding: data, as: UTF8.self))
    }
}
