import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender
import LedgerStore

/// `ledger market show SYMBOL`: one coin's figures, market share, the user's holding and a
/// chart of recent days.
struct MarketShowCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "One coin in detail: price, changes, high/low, market cap and share, supply, your holding, a chart.",
        discussion: """
            The coin must be in the top 100 by market cap ('ledger market search' finds others). \
            Its share is of the whole market (coingecko /global) when that can be fetched, else \
            of the cached top list, and the output says which. The chart shows daily candles \
            (cryptocompare), cached for --offline.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var marketOptions: MarketOptions

    @Argument(help: "The coin's symbol, e.g. BTC.")
    var symbol: String

    @Option(help: "Days of candles in the chart (default 30).")
    var days: Int = 30

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if AssetSymbol(symbol) == nil {
            throw ValidationError(MarketCommandError.notACoinSymbol(symbol))
        }
        if !(1...365).contains(days) { throw ValidationError(MarketCommandError.daysOutOfRange(days)) }
        if outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(command: "market show", formats: ["text", "json"], given: outputFormat.rawValue))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let asset = AssetSymbol(symbol)!
        let (feed, quote) = try marketOptions.feed(ledgerOptions, environment)
        let fetched = try feed.topList(count: 100, in: quote, assetClass: .crypto)
        let list = fetched.value
        guard let entry = list.entries.first(where: { $0.symbol == asset }) else {
            throw MarketCommandError.notInTopList(asset, count: list.entries.count, quote: quote, source: list.source)
        }
        let share =
            feed.totalMarketCap(in: quote).flatMap {
                MarketShare(marketCap: entry.marketCap, total: $0.total, basis: .wholeMarket(source: $0.source))
            }
            ?? MarketShare.ofTopList(entry, in: list)
        let holding = try Self.holding(
            asset, price: entry.price, quote: quote, store: feed.store, environment: environment)
        let favorite = try Watchlist.read(feed.store.settings).contains(asset)
        if outputFormat == .json {
            try feed.commit()
            return environment.print(
                MarketJSON.coin(
                    entry, list: list, fetchedAt: fetched.fetchedAt, favorite: favorite, share: share, holding: holding)
            )
        }
        let candles = try feed.dailyCandles(Asset(asset, class: .crypto), in: quote, count: days)
        try feed.commit()
        environment.write(
            CoinDetailView(
                entry: entry, source: list.source, freshness: feed.freshness(fetched.fetchedAt), favorite: favorite,
                share: share,
                holding: holding, candles: candles, width: environment.terminalWidth,
                theme: marketOptions.theme(environment)
            ).render())
    }

    /// The ledger's position in `asset` (replayed with FIFO lots, cost in `quote`), valued at `price`.
    static func holding(
        _ asset: AssetSymbol, price: ExactDecimal?, quote: AssetSymbol, store: Ledger,
        environment: CommandEnvironment
    ) throws -> CoinHolding? {
        let runner = try ReplayRunner(store: store, environment: environment)
        let options = ValuationOptions(currency: quote, asOf: environment.now)
        let report = HoldingsReport(state: try runner.replay(options), prices: runner.prices)
        var holding = CoinHolding(rows: report.rows, asset: asset, price: price, currency: quote)
        if holding?.costComplete == false { holding?.unvaluedEvents = MissingPrice.eventCount(report.missingPrices) }
        return holding
    }
}
