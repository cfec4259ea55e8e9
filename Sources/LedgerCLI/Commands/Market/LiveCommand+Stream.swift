import LedgerApp
import LedgerCore

extension LiveCommand {
    enum StreamResult: Equatable {
        /// The stream ran until done.
        case streamed
        /// Streaming does not apply (`--poll`, not only crypto, another `--source`, no client).
        case notStreamed
        /// The stream could not be opened; the command polls instead.
        case unavailable(String)
    }

    /// Streams the prices when every asset is crypto and neither `--poll` nor another source
    /// was asked for: in `ledger` by replacing the process with `ledger-live`, in `ledger-live`
    /// (and tests) through the client in the environment (LedgerApp's `LiveFeed.stream`).
    func stream(_ feed: LiveFeed, display: LiveDisplay, in environment: CommandEnvironment) throws -> StreamResult {
        guard !poll, source == nil || source == LiveFeed.streamSource, feed.streamable else { return .notStreamed }
        switch environment.liveStreaming {
        case .polling:
            return .notStreamed
        case .program:
            let program = SiblingProgram.path("ledger-live", variable: "LIVE_BINARY", environment.variables)
            guard program.found else { return .unavailable("\(program.path) is not installed") }
            let reason = SiblingProgram.exec(program.path, Array(CommandLine.arguments.dropFirst()))
            return .unavailable("\(program.path) could not be started: \(reason)")
        case .client(let opener):
            let outcome = try feed.stream(
                through: opener, change: change, updates: updates,
                duration: duration.flatMap(Age.parseDuration).map(Double.init),
                clock: (now: { environment.now }, shouldStop: { Interrupt.isRaised }), view: display
            ) { environment.writeWarning($0) }
            guard case .unavailable(let reason) = outcome else { return .streamed }
            return .unavailable(reason)
        }
    }
}

extension LiveDisplay: LiveView {}
