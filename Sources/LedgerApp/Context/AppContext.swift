import LedgerCore
import LedgerStore

/// What a service may learn about the world, and no more: the environment variables, the
/// clock and the ids it mints, the directory relative paths are resolved against, and where notices go. The shell
/// builds one from its own environment; services never see stdout.
public struct AppContext: Sendable {
    public var variables: [String: String]
    /// The current time in milliseconds since 1970 (UTC). Each reading may advance a test clock:
    /// services read it exactly where the commands they came from did.
    public var clockMilliseconds: @Sendable () -> UInt64
    /// The directory relative paths are resolved against.
    public var currentDirectory: String
    /// Warnings, errors and notes for the user (stderr in the shell).
    public var notices: any NoticeSink
    /// 80 random bits for a new event id (the system's generator unless set; tests seed it).
    public var randomBits: @Sendable () -> (UInt16, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }
    /// Keeps the ids minted through every context that shares it increasing.
    public var eventIDMinter = EventIDMinter.process
    /// Where work that may run beside the calling thread runs (``TwoCores``: a second thread;
    /// ``OneCore`` in tests that want one thread). Only the time differs.
    public var cores: any SecondCore = TwoCores()

    public init(
        variables: [String: String], clockMilliseconds: @escaping @Sendable () -> UInt64, currentDirectory: String,
        notices: any NoticeSink
    ) {
        self.variables = variables
        self.clockMilliseconds = clockMilliseconds
        self.currentDirectory = currentDirectory
        self.notices = notices
    }

    /// Now, to the second.
    public var now: Timestamp { Timestamp(secondsSinceEpoch: Int64(clockMilliseconds() / 1000)) }

    /// A fresh, time-ordered event id, greater than every id minted before through this
    /// context's minter (each call reads the clock once).
    public func newEventID() -> EventID {
        eventIDMinter.next(milliseconds: clockMilliseconds(), random: randomBits)
    }

    /// The variable `LGR_<name>` (the tool's prefix, see ``environmentPrefix``).
    public func tool(_ name: String) -> String? { variables[environmentPrefix + name] }
}

/// The prefix of every environment variable the tool reads. Not `LEDGER_`: ledger-cli and
/// hledger read `LEDGER_FILE` and ledger-cli any `LEDGER_<OPTION>`.
public let environmentPrefix = "LGR_"

/// Where a service's messages to the user go. The shell writes them to stderr, control
/// characters shown escaped (each method's line is what the shell has always printed).
public protocol NoticeSink: Sendable {
    /// `ledger: warning: MESSAGE`.
    func warning(_ message: String)
    /// `ledger: error: MESSAGE` (a problem that does not stop the command).
    func error(_ message: String)
    /// `ledger: MESSAGE`.
    func note(_ message: String)
    /// `text` exactly as given (a progress line, a spawned command's output).
    func write(_ text: String)
}
