import LedgerApp
import LedgerRender

extension CommandEnvironment {
    /// What the services of LedgerApp may see of this environment: the variables, the same
    /// clock (each reading still ticks a test clock once), the current directory, stderr for
    /// notices, and the same random bits and minter (so ids are the ones ``newEventID()`` makes).
    public var app: AppContext {
        var context = AppContext(
            variables: variables, clockMilliseconds: clockMilliseconds, currentDirectory: currentDirectory,
            notices: notices)
        context.randomBits = randomBits
        context.eventIDMinter = eventIDMinter
        return context
    }

    /// What the market services may see: ``app`` plus the HTTP client, pacing, whether a
    /// terminal is attached (retry policy, progress lines) and how to read the config file.
    public var market: MarketContext {
        MarketContext(
            app: app, link: marketLink, interactive: stdoutIsTerminal || stderrIsTerminal,
            showsProgress: stderrIsTerminal, readFile: readFile)
    }

    /// Notices to stderr, one line each, control characters escaped.
    public var notices: any NoticeSink { StderrNotices(stderr: stderr) }
}

/// ``NoticeSink`` on stderr: `ledger: warning: …`, `ledger: error: …`, `ledger: …`, control
/// characters in the message shown escaped (``TerminalText``).
struct StderrNotices: NoticeSink {
    let stderr: TextSink

    func warning(_ message: String) { stderr.write("ledger: warning: \(message.terminalEscaped)\n") }
    func error(_ message: String) { stderr.write("ledger: error: \(message.terminalEscaped)\n") }
    func note(_ message: String) { stderr.write("ledger: \(message.terminalEscaped)\n") }
    func write(_ text: String) { stderr.write(text) }
}
