import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

/// `ledger live SYMBOL…`: crypto prices streamed over CryptoCompare's WebSocket (by `ledger-live`),
/// or polled every `--interval`, shown as they change.
struct LiveCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Watch live prices, updated in place, until Ctrl-C.",
        discussion: """
            ledger live BTC ETH                     a table updated as prices change; Ctrl-C stops
            ledger live BTC --change 24h            the change over 24 hours instead of since start
            ledger live BTC --poll --interval 30s --currency EUR
            ledger live BTC --updates 3 | tee log   one line per update
            ledger live BTC -O json --duration 5m   one JSON object per line

            On a terminal the table is redrawn in place with the change since the ticker \
            started (or over 24 hours with --change 24h; green up, red down) and the time of \
            the last update; Ctrl-C ends it with the terminal restored and exit status 0. On a \
            pipe every update prints one line: time, asset, price, currency, change. Crypto \
            prices are streamed from CryptoCompare's WebSocket streamer (reconnecting with \
            backoff when the connection drops); when the stream cannot be opened, with --poll, \
            for other assets or another --source, prices are polled every --interval from the \
            asset's sources in the fallback order (latest prices); --interval cannot be \
            shorter than the source's minimum interval between requests. Nothing is written \
            to the ledger.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The assets, e.g. BTC ETH.")
    var symbols: [String] = []

    @Option(help: "Time between polls: seconds, or a number and s, m or h (default 10s).")
    var interval = "10s"

    @Flag(help: "Poll the sources instead of streaming.")
    var poll = false

    @Option(help: "What the change is measured from: since-start (default) or 24h.")
    var change: LiveChange = .sinceStart

    @Option(help: "Stop after this many updates.")
    var updates: Int?

    @Option(help: "Stop after this long (e.g. 90s, 5m, 1h).")
    var duration: String?

    @Option(help: "Prices in this currency (default: the ledger's currency).")
    var currency: String?

    @Option(help: "Ask only this source (e.g. cryptocompare).")
    var source: String?

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        guard !symbols.isEmpty else {
            throw ValidationError(LiveError.missingAssets)
        }
        if let bad = symbols.first(where: { AssetSymbol($0) == nil }) {
            throw ValidationError(OptionError.notAMarketSymbol(bad))
        }
        guard let seconds = Age.parseDuration(interval), seconds >= 1 else {
            throw ValidationError(LiveError.notAPollingPeriod(interval))
        }
        if let updates, updates < 1 { throw ValidationError(LiveError.updatesBelowOne(updates)) }
        if let duration, Age.parseDuration(duration).map({ $0 >= 1 }) != true {
            throw ValidationError(LiveError.notADuration(duration))
        }
        if let currency, AssetSymbol(currency) == nil {
            throw ValidationError(OptionError.notACurrency(currency))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "live")
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let quote = try ledger.defaultQuote(currency)
        // Nothing is written: the existing ledger only lends its currency and asset classes.
        let store = try ledger.existing ?? LedgerOpener.scratch()
        let feed = try LiveFeed(
            symbols: symbols, quote: quote, store: store, context: environment.market, forcedSource: source)
        let seconds = Double(Age.parseDuration(interval)!)
        try feed.checkInterval(seconds, asked: interval)
        let mode: LiveDisplay.Mode = outputFormat == .json ? .json : environment.stdoutIsTerminal ? .table : .lines
        let display = LiveDisplay(
            mode: mode, theme: color.theme(for: environment), width: environment.terminalWidth,
            quote: quote, write: environment.write)
        Interrupt.install()
        switch try stream(feed, display: display, in: environment) {
        case .streamed: return
        case .notStreamed: break
        case .unavailable(let reason):
            guard !Interrupt.isRaised else { return }
            environment.writeWarning(
                "the live stream could not be opened: \(reason); polling every \(LiveTicker.seconds(seconds)) instead")
        }
        if change == .day {
            environment.writeWarning(
                "the 24-hour change comes only with the stream; showing the change since the start")
        }
        var ticker = LiveTicker(
            feed: feed, interval: seconds, updates: updates,
            duration: duration.flatMap(Age.parseDuration).map(Double.init), pacing: environment.marketLink.pacing,
            now: { environment.now }, shouldStop: { Interrupt.isRaised })
        display.begin(title: "ledger live: \(quote) prices every \(LiveTicker.seconds(seconds)); Ctrl-C to stop")
        defer { display.finish() }
        try ticker.run(show: display.show) { environment.writeWarning($0) }
    }
}

extension LiveChange: ExpressibleByArgument {}
