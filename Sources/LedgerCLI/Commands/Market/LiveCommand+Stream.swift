import LedgerApp
import LedgerCore
import LedgerMarketData

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
    /// (and tests) through the client in the environment.
    func stream(_ feed: LiveFeed, display: LiveDisplay, in environment: CommandEnvironment) throws -> StreamResult {
        guard !poll, source == nil || source == StreamTicker.source,
            feed.targets.byClass.allSatisfy({ $0.0 == .crypto })
        else { return .notStreamed }
        switch environment.liveStreaming {
        case .polling:
            return .notStreamed
        case .program:
            let program = SiblingProgram.path("ledger-live", variable: "LIVE_BINARY", environment.variables)
            guard program.found else { return .unavailable("\(program.path) is not installed") }
            let reason = SiblingProgram.exec(program.path, Array(CommandLine.arguments.dropFirst()))
            return .unavailable("\(program.path) could not be started: \(reason)")
        case .client(let opener):
            let settings = try streamerSettings(feed.setup)
            return try run(opener, settings: settings, feed: feed, display: display, in: environment)
        }
    }

    private func run(
        _ opener: any PriceStreamOpening, settings: StreamerSettings, feed: LiveFeed, display: LiveDisplay,
        in environment: CommandEnvironment
    ) throws -> StreamResult {
        var ticker = StreamTicker(
            rows: feed.symbols.map { LiveRow(symbol: $0, quote: feed.quote, changeFrom: change) }, updates: updates,
            duration: duration.flatMap(Age.parseDuration).map(Double.init), maxRetry: settings.maxRetry,
            now: { environment.now }, shouldStop: { Interrupt.isRaised })
        let inbox = StreamInbox()
        let connection = opener.open(settings.request(subscriptions: ticker.subscriptions)) { inbox.push($0) }
        defer { connection.close() }
        display.begin(title: "ledger live: \(feed.quote) prices streamed from \(StreamTicker.source); Ctrl-C to stop")
        defer { display.finish() }
        display.show(ticker.rows)
        let outcome = try ticker.run(inbox, show: display.show(_:changed:)) { environment.writeWarning($0) }
        guard case .unavailable(let reason) = outcome else { return .streamed }
        return .unavailable(reason)
    }

    private func streamerSettings(_ setup: MarketSetup) throws -> StreamerSettings {
        let file = try ConfigFile.read(setup.context)
        do {
            return try StreamerSettings.load(
                file: file.text, environment: setup.context.variables,
                cryptocompareKey: setup.config.sources[StreamTicker.source]?.key)
        } catch {
            let place = file.text == nil ? "" : " (config file \(file.path) or LGR_* variables)"
            throw MarketServiceError.marketConfiguration(place: place, reason: error.description)
        }
    }
}
