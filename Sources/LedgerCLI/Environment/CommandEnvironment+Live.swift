import FoundationEssentials
import Glibc
import LedgerApp
import LedgerCore

extension CommandEnvironment {
    /// The environment of the running process.
    public static func live() -> CommandEnvironment {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let failure = WriteFailure()
        var environment = CommandEnvironment(
            variables: ProcessInfo.processInfo.environment,
            clockMilliseconds: {
                var now = timespec()
                clock_gettime(CLOCK_REALTIME, &now)
                return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec / 1_000_000)
            },
            stdout: TextSink(
                writeUTF8: { FileOutput.standardOutput.write(utf8: $0, failure: failure) }, failure: failure,
                write: { FileOutput.standardOutput.write($0, failure: failure) }
            ),
            stderr: TextSink { FileOutput.standardError.write($0) },
            stdoutIsTerminal: isTerminal,
            terminalWidth: isTerminal ? terminalColumns() : 80,
            currentDirectory: FileManager.default.currentDirectoryPath,
            randomBits: {
                var generator = SystemRandomNumberGenerator()
                return (generator.next(), generator.next())
            }
        )
        environment.stderrIsTerminal = isatty(STDERR_FILENO) == 1
        environment.stdin = .standardInput
        environment.liveStreaming = .program
        return environment
    }

    private static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

/// Unbuffered writes to a file descriptor (whole strings, retried on partial writes). A
/// failed write is kept in `failure` (when given), and nothing more is written after it.
enum FileOutput {
    case standardOutput, standardError

    func write(_ text: String, failure: WriteFailure? = nil) {
        // The string's own bytes (copying them to an array first was a second copy of every
        // megabyte `tax -O json` writes).
        var text = text
        text.withUTF8 { write(utf8: $0, failure: failure) }
    }

    func write(utf8 bytes: UnsafeBufferPointer<UInt8>, failure: WriteFailure? = nil) {
        guard failure?.errno == nil else { return }
        let descriptor = self == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        var rest = UnsafeRawBufferPointer(bytes)
        while !rest.isEmpty {
            let written = Glibc.write(descriptor, rest.baseAddress, rest.count)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure?.record(written < 0 ? errno : EIO)
                return
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
