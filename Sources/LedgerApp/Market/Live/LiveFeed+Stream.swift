import LedgerCore
import LedgerMarketData

/// Where `ledger live` gets a WebSocket price stream from.
public enum LiveStreaming: Sendable {
    /// No stream: `live` polls (the default of in-process tests).
    case polling
    /// `live` replaces itself with the `ledger-live` program beside `ledger`, which links the client.
    case program
    /// A client in this process.
    case client(any PriceStreamOpening)
}

/// What shows the rows of `ledger live` as they change (LedgerCLI's `LiveDisplay`).
public protocol LiveView {
    func begin(title: String)
    func show(_ rows: [LiveRow])
    func show(_ rows: [LiveRow], changed index: Int)
    func finish()
}

extension LiveFeed {
    /// The source the stream's prices come from (CryptoCompare's streamer).
    public static var streamSource: String { StreamTicker.source }

    /// True when the stream can serve every asset of the feed (they are all crypto).
    public var streamable: Bool { targets.byClass.allSatisfy { $0.0 == .crypto } }

    /// Streams the feed's prices through `opener` and shows them on `view` until `updates`
    /// updates, `duration` seconds or `shouldStop`; ``StreamTicker/Outcome/unavailable(_:)``
    /// when the stream could not be opened (the shell polls instead).
    public func stream(
        through opener: any PriceStreamOpening, change: LiveChange, updates: Int?, duration: Double?,
        clock: (now: () -> Timestamp, shouldStop: () -> Bool), view: some LiveView, warn: (String) -> Void
    ) throws -> StreamTicker.Outcome {
        let settings = try setup.streamerSettings()
        var ticker = StreamTicker(
            rows: symbols.map { LiveRow(symbol: $0, quote: quote, changeFrom: change) }, updates: updates,
            duration: duration, maxRetry: settings.maxRetry, now: clock.now, shouldStop: clock.shouldStop)
        let inbox = StreamInbox()
        let connection = opener.open(settings.request(subscriptions: ticker.subscriptions)) { inbox.push($0) }
        defer { connection.close() }
        view.begin(title: "ledger live: \(quote) prices streamed from \(StreamTicker.source); Ctrl-C to stop")
        defer { view.finish() }
        view.show(ticker.rows)
        return try ticker.run(inbox, show: view.show(_:changed:), warn: warn)
    }
}

extension MarketSetup {
    /// The streamer's settings: the config file, then the `LGR_*` variables.
    func streamerSettings() throws -> StreamerSettings {
        let file = try ConfigFile.read(context)
        do {
            return try StreamerSettings.load(
                file: file.text, environment: context.variables,
                cryptocompareKey: config.sources[StreamTicker.source]?.key)
        } catch {
            let place = file.text == nil ? "" : " (config file \(file.path) or LGR_* variables)"
            throw MarketServiceError.marketConfiguration(place: place, reason: error.description)
        }
    }
}
