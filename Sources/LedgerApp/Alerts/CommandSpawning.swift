import Glibc

/// What a spawned command did: its exit status (128 + N when killed by signal N) and what it
/// wrote to stdout and stderr, together.
public struct SpawnResult: Equatable, Sendable {
    public let status: Int32
    public let output: String

    public init(status: Int32, output: String) {
        self.status = status
        self.output = output
    }
}

/// Runs the shell command of `alert check --exec`. A protocol so tests can observe what would
/// run without spawning; ``ShellCommandRunner`` is the real one.
public protocol CommandSpawning: Sendable {
    /// Runs `command` through `/bin/sh -c` with exactly `environment`, waits for it, and
    /// returns its status and output. Throws only when it could not be started at all.
    func run(_ command: String, environment: [String: String]) throws -> SpawnResult
}

/// Why a command could not be started: the system's words for `errno`.
public struct SpawnError: Error, CustomStringConvertible {
    public let code: Int32
    public var description: String { String(cString: strerror(code)) }
}

/// `/bin/sh -c COMMAND` through posix_spawn, stdin from /dev/null (a command must not eat
/// cron's input), stdout and stderr captured through one pipe.
public struct ShellCommandRunner: CommandSpawning {
    public init() {}

    public func run(_ command: String, environment: [String: String]) throws -> SpawnResult {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SpawnError(code: errno) }
        // Close-on-exec: the child gets only the ends dup2 gives it.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        let arguments: [UnsafeMutablePointer<CChar>?] = [String](["/bin/sh", "-c", command]).map { strdup($0) } + [nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var child = pid_t()
        let started = posix_spawn(&child, "/bin/sh", &actions, nil, arguments, variables)
        close(ends[1])
        defer { close(ends[0]) }
        guard started == 0 else { throw SpawnError(code: started) }
        // Read to the end before waiting: a command that fills the pipe would otherwise block.
        let output = Self.readAll(ends[0])
        return SpawnResult(status: try Self.wait(for: child), output: String(decoding: output, as: UTF8.self))
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return output }
            output += chunk[..<count]
        }
    }

    /// The exit status, or 128 + N when signal N ended it (what a shell reports).
    private static func wait(for child: pid_t) throws -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw SpawnError(code: errno) }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
