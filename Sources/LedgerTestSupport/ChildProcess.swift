import Foundation

/// Child processes awaited without holding a thread of Swift's cooperative pool. Swift Testing
/// runs the suites side by side on that pool, two threads on two cores: a test blocked there in
/// `waitUntilExit` or a pipe read stalled every suite beside it, in-process servers included.
/// The waiting here happens on threads of its own.
public enum ChildProcess {
    /// How a process ended (its exit status, or the signal's number when killed) and what it
    /// wrote.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Runs `executable` with `arguments` and exactly `environment` to its end, `input` on its
    /// stdin (none: stdin is /dev/null), stdout and stderr captured; awaited on a thread of its own.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: String? = nil
    ) async throws -> Result {
        try await RawConnection.onThread {
            Swift.Result { try runBlocking(executable, arguments, environment: environment, input: input) }
        }.get()
    }

    /// ``run(_:_:environment:input:)`` on the calling thread: only for what cannot await (a
    /// suite's static probe of a peer tool, read once).
    public static func runBlocking(
        _ executable: URL, _ arguments: [String], environment: [String: String], input: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let (out, err, stdin) = (Pipe(), Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            Thread {
                try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
                try? stdin.fileHandleForWriting.close()
            }.start()
        }
        // Read side by side, so neither pipe can fill up and stop the child.
        let stderr = Self.readingToEnd(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr(), as: UTF8.self))
    }

    /// Waits for a started process to end; its exit status (or signal number).
    public static func exit(of process: Process) async -> Int32 {
        await RawConnection.onThread {
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    /// Reads `handle` to its end on a thread of its own; the returned function waits for it.
    private static func readingToEnd(_ handle: FileHandle) -> @Sendable () -> Data {
        let read = ReadToEnd()
        Thread { read.finish(handle.readDataToEndOfFile()) }.start()
        return { read.wait() }
    }
}

/// The bytes a reading thread got, handed over once it is done.
private final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func finish(_ bytes: Data) {
        data = bytes
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
