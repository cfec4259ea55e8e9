import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerRender

/// `ledger chart SYMBOL [--range 10m|10h|10d] [--interval 5m]`: a candlestick chart.
struct ChartCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a candlestick chart of an asset's recent prices.",
        discussion: """
            ledger chart BTC                        the last 10 hours
            ledger chart BTC --range 10m            the last 10 minutes, 1-minute candles
            ledger chart ETH --range 10d --interval 4h --currency EUR
            ledger chart BTC -O json                the candles, exact, as JSON

            Without --interval the narrowest candle (1m, 2m, 3m, 5m, 10m, 15m, 30m, 1h, ... 1d, \
            7d) that fits the terminal width is used; wider candles are merged from the source's \
            minute, hour or day candles. Candles are recorded in the ledger's cache; --offline \
            draws from the cache (or, when it holds none, from the daily prices recorded in the \
            ledger, one candle per day), and when the source cannot be reached the cache is used \
            with a warning. Times are UTC. Light-shaded bodies rose, solid ones fell.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "The asset, e.g. BTC or AAPL.")
    var symbol: String

    @Option(help: "How far back: a number and m, h, d or w (e.g. 10m, 10h, 10d, 90m, 2w).")
    var range = "10h"

    @Option(
        help: "Candle width: a number and m, h or d (e.g. 1m, 5m, 15m, 1h, 4h, 1d). Default: the narrowest that fits.")
    var interval: String?

    @Option(help: "Prices in this currency (default: the ledger's currency).")
    var currency: String?

    @Option(help: "Lines of the chart, legend and time labels included (default: 16; at least 3).")
    var height = 16

    @Option(help: "Ask only this source (e.g. cryptocompare, yahoo).")
    var source: String?

    @Flag(help: "Use only the ledger's cache; send no request.")
    var offline = false

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if AssetSymbol(symbol) == nil {
            throw ValidationError(OptionError.notAMarketSymbol(symbol))
        }
        if ChartPlan.parseRange(range) == nil {
            throw ValidationError(ChartError.notARange(range))
        }
        if let interval, ChartInterval.parse(interval) == nil {
            throw ValidationError(ChartError.notACandleWidth(interval))
        }
        if height < 3 || height > 200 {
            throw ValidationError(ChartError.heightOutOfRange(height))
        }
        if let currency, AssetSymbol(currency) == nil {
            throw ValidationError(OptionError.notACurrency(currency))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        try outputFormat.require([.text, .json], for: "chart")
        let request = try ChartRequest(self, environment: environment)
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let quote = try ledger.defaultQuote(currency)
        guard !offline || ledger.existing != nil else {
            throw ChartError.nothingCached(path: try ledgerOptions.path(in: environment), request.asset)
        }
        // A ledger is created only once there are candles to record in it, so a failed
        // first chart leaves no file behind; until then an in-memory store stands in.
        let store = try ledger.existing ?? LedgerOpener.scratch()
        let asset = Asset(
            request.asset, class: try store.recordedClass(of: request.asset) ?? request.asset.inferredClass)
        let fetcher = try CandleFetcher(
            store: store, context: environment.market, now: request.now, offline: offline, forcedSource: source)
        let output: ChartOutput
        if offline,
            try fetcher.cached(asset.symbol, quote, request.plan.interval.base, since: request.plan.start) == nil,
            let recorded = try request.recordedPrices(
                quote: quote, store: store, fitting: outputFormat == .text, environment: environment)
        {
            output = recorded
        } else {
            let fetched = try fetcher.candles(
                asset, in: quote, interval: request.plan.interval.base,
                count: request.sourceCount, since: request.plan.start)
            output = try request.output(
                fetched, plan: request.plan, quote: quote, fitting: outputFormat == .text, environment: environment)
            try fetcher.commit(into: fetcher.hasFetched ? ledger.storeForWriting() : store)
        }
        switch outputFormat {
        case .json: environment.write(output.json())
        default:
            environment.write(
                output.text(width: environment.terminalWidth, height: height, theme: color.theme(for: environment)))
        }
    }
}

/// The checked options of one `chart` run: which candles to ask for and how many fit.
struct ChartRequest {
    let asset: AssetSymbol
    let plan: ChartPlan
    /// Source candles to ask for.
    let sourceCount: Int
    /// Candles that fit the width beside the price labels (at most 12 columns wide).
    let slots: Int
    let now: Timestamp

    init(_ command: ChartCommand, environment: CommandEnvironment) throws {
        asset = AssetSymbol(command.symbol)!
        now = environment.now
        slots = max(1, (environment.terminalWidth - 14) / 2)
        let range = ChartPlan.parseRange(command.range)!
        plan = ChartPlan(range: range, interval: command.interval.flatMap(ChartInterval.parse), slots: slots, now: now)
        sourceCount = plan.sourceCandles(now: now)
        guard sourceCount <= ChartPlan.maximumSourceCandles else {
            throw ChartError.tooManyCandles(range: command.range, interval: plan.interval, count: sourceCount)
        }
    }

    /// The chart's candles from the source's; when `fitting`, cut to the most recent that fit
    /// the width (with a note on stderr saying so).
    func output(
        _ fetched: FetchedCandles, plan: ChartPlan, quote: AssetSymbol, fitting: Bool, environment: CommandEnvironment
    ) throws -> ChartOutput {
        var candles = plan.candles(from: fetched.candles)
        guard !candles.isEmpty else {
            throw ChartError.noCandles(asset, quote: quote, since: plan.start, source: fetched.source)
        }
        var span = ChartInterval(seconds: plan.range) ?? plan.interval
        if fitting, candles.count > slots {
            environment.writeWarning(
                "only the last \(slots) of \(candles.count) \(plan.interval) candles fit \(environment.terminalWidth) columns; use a wider --interval to see the whole range"
            )
            candles = Array(candles.suffix(slots))
            span = ChartInterval(seconds: Int64(slots) * plan.interval.seconds)!
        }
        return ChartOutput(
            asset: asset, quote: candles[0].quote, span: span, interval: plan.interval,
            candles: candles, fetched: fetched, now: now)
    }

    /// With --offline and no candles cached: daily candles from the prices the ledger records
    /// for the pair (``RecordedPriceCandles``), with a warning saying so; nil when there are
    /// none. Over the range asked when it spans two days or more, else over as many days as
    /// fit the width.
    func recordedPrices(quote: AssetSymbol, store: OpenLedger, fitting: Bool, environment: CommandEnvironment)
        throws -> ChartOutput?
    {
        let day = ChartInterval(seconds: 86_400)!
        let days = plan.range >= 2 * day.seconds ? plan.range : Int64(slots) * day.seconds
        let daily = ChartPlan(range: days, interval: day, slots: slots, now: now)
        let candles = try RecordedPriceCandles.candles(asset, in: quote, since: daily.start, recordedIn: store)
        guard let first = candles.first, let last = candles.last else { return nil }
        environment.stderr.write(
            "ledger: warning: no \(asset)/\(quote) \(plan.interval.base) candles are cached; charting the \(asset)/\(quote) prices recorded in the ledger instead, one candle per day (\(candles.count == 1 ? "1 day" : "\(candles.count) days") from \(first.openedAt.date) to \(last.openedAt.date))\n"
        )
        let fetched = FetchedCandles(
            candles: candles, source: RecordedPriceCandles.source, fetchedAt: last.openedAt, cached: true)
        return try output(fetched, plan: daily, quote: quote, fitting: fitting, environment: environment)
    }
}
