import Foundation
import Glibc

/// Child processes run to their end without holding a thread of Swift's cooperative pool. Swift
/// Testing runs the suites side by side on that pool, two threads on two cores: a test blocked
/// there in a wait or a pipe read stalled every suite beside it, in-process servers included.
/// The waiting here happens on threads of its own; the processes start through
/// ``SpawnedProcess``, with no descriptor but their own three.
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
        let child = try SpawnedProcess(
            executable.path, arguments, environment: environment, stdin: input == nil ? .null : .pipe,
            stdout: .pipe, stderr: .pipe)
        if let input, let pipe = child.input {
            Thread {
                try? pipe.write(contentsOf: Data(input.utf8))
                try? pipe.close()
            }.start()
        }
        let (stdout, stderr) = drain(child)
        let ending = child.waitBlocking()
        return Result(
            status: ending.status, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Reads the child's stdout and stderr side by side (neither pipe can fill up and stop it)
    /// until both end, or until ``lingering`` seconds after the child has: a process it left
    /// behind may hold them open, and what the child wrote is in by then.
    private static func drain(_ child: SpawnedProcess) -> (Data, Data) {
        var read = [Data(), Data()]
        var open = [child.output!.fileDescriptor, child.errors!.fileDescriptor]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var childEnded: ContinuousClock.Instant?
        while open.contains(where: { $0 >= 0 }) {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&polled, nfds_t(polled.count), 100)
            for (index, entry) in polled.enumerated() where entry.fd >= 0 && entry.revents != 0 {
                let count = Glibc.read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    read[index].append(contentsOf: buffer[..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    open[index] = -1
                }
            }
            if childEnded == nil, !child.isRunning { childEnded = .now }
            if let childEnded, ContinuousClock.now - childEnded > .seconds(lingering) { break }
        }
        return (read[0], read[1])
    }

    /// How long the pipes are read after the child ended.
    static let lingering = 5
}
