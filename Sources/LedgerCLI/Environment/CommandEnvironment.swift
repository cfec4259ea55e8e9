import FoundationEssentials
import Glibc
import LedgerApp
import LedgerCore
import Synchronization

/// Where a command's text goes.
public struct TextSink: Sendable {
    public let write: @Sendable (String) -> Void
    /// Bytes that are UTF-8 already, written as they are; nil: made a `String` for ``write``.
    public let writeUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?
    /// Where a sink that can fail (a file descriptor) keeps its first failed write, which
    /// ``LedgerCLI/run(_:in:)`` reports once the command has ended; nil: it cannot fail.
    public let failure: WriteFailure?

    public init(
        writeUTF8: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)? = nil, failure: WriteFailure? = nil,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.write = write
        self.writeUTF8 = writeUTF8
        self.failure = failure
    }
}

/// The first write to an output that failed (docs/ERRORS.md, "Any command: writing the
/// output"): after it nothing more is written there, and the command ends with one line and
/// exit 1 instead of a truncated output and exit 0. A closed pipe (EPIPE, when SIGPIPE is
/// ignored; else the signal ends the process) is kept too but is no error: the reader has
/// read all it wanted.
public final class WriteFailure: Sendable {
    private let code = Atomic<Int32>(0)

    public init() {}

    /// The `errno` of the first failed write; nil while every write succeeded.
    public var errno: Int32? {
        let code = code.load(ordering: .acquiring)
        return code == 0 ? nil : code
    }

    /// The error to report for it: nil when nothing failed or the pipe was closed.
    var error: FileAccessError? {
        guard let errno, errno != EPIPE else { return nil }
        return .cannotWriteOutput(errno: errno)
    }

    /// Keeps `errno` unless a failure is kept already.
    public func record(_ errno: Int32) {
        _ = code.compareExchange(expected: 0, desired: errno == 0 ? EIO : errno, ordering: .acquiringAndReleasing)
    }
}

/// Everything a command may learn about the world, passed in explicitly: the clock, the
/// environment variables, the output streams and what they are attached to, and how new event
/// ids are made. `live` reads the real process; tests build a fixed one.
public struct CommandEnvironment: Sendable {
    public var variables: [String: String]
    /// The current time in milliseconds since 1970 (UTC).
    public var clockMilliseconds: @Sendable () -> UInt64
    public var stdout: TextSink
    public var stderr: TextSink
    /// True when stdout is a terminal (colour and progress bars only then).
    public var stdoutIsTerminal: Bool
    /// Columns of the terminal, or 80 when stdout is not one.
    public var terminalWidth: Int
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// 80 random bits for a new event id.
    public var randomBits: @Sendable () -> (UInt16, UInt64)
    /// Keeps the ids minted by this process (and every copy of the environment) increasing.
    public var eventIDMinter = EventIDMinter()
    /// How the market-data sources are reached: the HTTP client (tests point it at 127.0.0.1),
    /// how it waits (tests use a virtual clock), and what the running command has learnt about
    /// reaching them (reset per command).
    public var marketLink = MarketLink()
    /// True when stderr is a terminal (progress lines only then).
    public var stderrIsTerminal = false
    /// True when the process ends right after the command (the `ledger` program's own run,
    /// ``LedgerCLI/main()``): what the command leaves allocated goes back with the process, so a
    /// large report need not be freed piece by piece. False in-process (tests, any host that
    /// runs commands and goes on), where everything must be freed.
    public var processEndsAfterCommand = false
    /// Standard input, read only by the commands that take a password.
    public var stdin: LineInput = .none
    /// How `ledger live` gets a price stream: not at all (it polls), by starting `ledger-live`,
    /// or through a client in this process (`ledger-live` itself, tests).
    public var liveStreaming: LiveStreaming = .polling
    /// Opens the PostgreSQL database a `--database` names, for the commands that work on one
    /// (`user … --database`, `serve migrate`): set by `ledger-serve`, which links the client;
    /// nil in `ledger`, which hands such a command to `ledger-serve` (``DatabaseHandOff``).
    public var openDatabase: (@Sendable (DatabaseURL) throws -> SharedBooks)?
    /// Reads a whole file (the config file), or nil when it does not exist.
    public var readFile: @Sendable (String) -> [UInt8]? = { path in
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    public init(
        variables: [String: String], clockMilliseconds: @escaping @Sendable () -> UInt64,
        stdout: TextSink, stderr: TextSink, stdoutIsTerminal: Bool, terminalWidth: Int,
        currentDirectory: String, randomBits: @escaping @Sendable () -> (UInt16, UInt64)
    ) {
        self.variables = variables
        self.clockMilliseconds = clockMilliseconds
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.terminalWidth = terminalWidth
        self.currentDirectory = currentDirectory
        self.randomBits = randomBits
    }

    /// Now, to the second.
    public var now: Timestamp { Timestamp(secondsSinceEpoch: Int64(clockMilliseconds() / 1000)) }

    /// A fresh, time-ordered event id, greater than every id this process minted before.
    public func newEventID() -> EventID {
        eventIDMinter.next(milliseconds: clockMilliseconds(), random: randomBits)
    }

    /// Writes `text` plus a newline to stdout.
    public func print(_ text: String) { stdout.write(text + "\n") }

    /// Writes `text` as is to stdout.
    public func write(_ text: String) { stdout.write(text) }

    /// Writes UTF-8 as is to stdout (`tax -O json` writes hundreds of MB: no `String` is made
    /// of them, which checked every byte).
    public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let writeUTF8 = stdout.writeUTF8 else { return stdout.write(String(decoding: bytes, as: UTF8.self)) }
        writeUTF8(bytes)
    }
}
