import Foundation
import Glibc
import Synchronization

/// A child process of the test run that inherits exactly its stdin, stdout and stderr, and no
/// other descriptor. Every process a test starts goes through here, never Foundation's `Process`:
/// on Linux that one closes in the child the descriptors it saw open a moment before, not one
/// another thread opens meanwhile, and it leaves each child a socket it watches to see it end.
/// The CI hangs of rounds 16 and 17 were that: a long-lived child (the Chromium driver, a test server)
/// got another test's pipe while it was being made, and that test waited for the pipe's end until
/// the run's watchdog. Here the pipes are close-on-exec, the child closes every descriptor from 3
/// up before it runs (`posix_spawn` with `closefrom`), signals start at their defaults, and the
/// end is seen by `waitpid` on a thread of its own.
public final class SpawnedProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// A new pipe: its other end is ``input``, ``output`` or ``errors``.
        case pipe
        /// The test process's own stream of that number.
        case inherit
        /// An open file.
        case file(FileHandle)
    }

    /// How the child ended: its exit status, or the number of the signal that ended it.
    public struct Ending: Sendable, Equatable {
        public let status: Int32
        public let signalled: Bool

        /// Exited by itself with status 0.
        public var succeeded: Bool { !signalled && status == 0 }
    }

    public let pid: pid_t
    /// The writing end of the child's stdin, when it is a pipe.
    public let input: FileHandle?
    /// The reading end of the child's stdout, when it is a pipe.
    public let output: FileHandle?
    /// The reading end of the child's stderr, when it is a pipe.
    public let errors: FileHandle?
    private let ended = NSCondition()
    private var ending: Ending?

    /// Starts `executable` (a path) with `arguments` and `environment` (the test process's when
    /// nil).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        Self.ignoreBrokenPipes
        var plan = SpawnPlan()
        var started: Result<pid_t, SpawnError>?
        defer { plan.release(started: (try? started?.get()) != nil) }
        let ends = try [stdin, stdout, stderr].enumerated().map { try plan.route($0.element, onto: Int32($0.offset)) }
        plan.closeTheRest()
        let environment = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        started = plan.spawn(executable, [executable] + arguments, environment)
        pid = try started!.get()
        let handles = ends.map { $0.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) } }
        (input, output, errors) = (handles[0], handles[1], handles[2])
        Self.live.withLock { $0[pid] = (([executable] + arguments).joined(separator: " "), Date()) }
        Thread { [self] in reap() }.start()
    }

    /// True until the child has ended (and been reaped).
    public var isRunning: Bool { ended.withLock { ending == nil } }

    /// Sends `signal` while the child runs (never to a later process that got its number).
    public func signal(_ signal: Int32) {
        ended.withLock { if ending == nil { _ = kill(pid, signal) } }
    }

    /// Waits for the child's end.
    public func waitBlocking() -> Ending {
        ended.withLock {
            while ending == nil { ended.wait() }
            return ending!
        }
    }

    /// Waits at most `seconds` for the child's end; nil when it still runs.
    public func wait(upTo seconds: Double) -> Ending? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return ended.withLock {
            while ending == nil, ended.wait(until: deadline) {}
            return ending
        }
    }

    /// Waits at most `seconds` for the child's end, then stops it (SIGTERM, SIGKILL 5 s later);
    /// `stopped` says the bound was reached.
    public func finish(within seconds: Double) -> (ending: Ending, stopped: Bool) {
        if let ending = wait(upTo: seconds) { return (ending, false) }
        signal(SIGTERM)
        if let ending = wait(upTo: 5) { return (ending, true) }
        signal(SIGKILL)
        return (waitBlocking(), true)
    }

    /// ``finish(within:)`` on a thread of its own.
    public func finished(within seconds: Double) async -> (ending: Ending, stopped: Bool) {
        await RawConnection.onThread { self.finish(within: seconds) }
    }

    /// Waits for the end without reaping it (`WNOWAIT`: the child stays a zombie, so its number
    /// cannot be given to another process), then reaps it and records the ending under the lock
    /// ``signal(_:)`` takes: a signal is sent either to the zombie or not at all. Reaping first
    /// and recording after left a moment in which a test's `defer { child.signal(SIGKILL) }`
    /// could kill a later process that got the number (CI, round 28: another test's `sleep`).
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
        _ = Self.live.withLock { $0.removeValue(forKey: pid) }
        ended.withLock {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
            let low = status & 0x7f
            ending =
                result == -1
                ? Ending(status: -1, signalled: false)
                : low == 0
                    ? Ending(status: (status >> 8) & 0xff, signalled: false) : Ending(status: low, signalled: true)
            ended.broadcast()
        }
    }

    /// The children started and not yet ended: their command and start, for ``RunWatch``.
    static let live = Mutex<[pid_t: (command: String, since: Date)]>([:])

    /// Kills every child still running (at the run's end: none may outlive it holding the run's
    /// output).
    static func killLeftovers() {
        for pid in live.withLock({ Array($0.keys) }) { kill(pid, SIGKILL) }
    }

    /// A write to a pipe whose reader is gone fails with EPIPE instead of ending the test process;
    /// children start with SIGPIPE at its default all the same (``SpawnPlan``).
    private static let ignoreBrokenPipes: Void = {
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        atexit { SpawnedProcess.killLeftovers() }
    }()
}

public struct SpawnError: Error, CustomStringConvertible {
    public let executable: String
    public let code: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}
