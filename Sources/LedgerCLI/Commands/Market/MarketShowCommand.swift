import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

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
            (cryptocompare), cached for --offline. The three latest headlines about the coin \
            (cryptocompare news) end it, cached too.
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
        let detail = try CoinDetail(asset, feed: feed, quote: quote, books: feed.books, context: environment.app)
        let (entry, list, share, holding, favorite) = (
            detail.entry, detail.list, detail.share, detail.holding, detail.favorite
        )
        let news = CoinHeadlines(asset, ledgerOptions: ledgerOptions, environment: environment, offline: feed.offline)
        if outputFormat == .json {
            try feed.commit()
            news.commit(environment)
            return environment.print(
                MarketJSON.coin(
                    entry, list: list, fetchedAt: detail.fetchedAt, favorite: favorite, share: share, holding: holding,
                    headlines: news.headlines))
        }
        let candles = try feed.dailyCandles(Asset(asset, class: .crypto), in: quote, count: days)
        try feed.commit()
        news.commit(environment)
        environment.write(
            CoinDetailView(
                entry: entry, source: list.source, freshness: feed.freshness(detail.fetchedAt), favorite: favorite,
                share: share,
                holding: holding, candles: candles, width: environment.terminalWidth,
                theme: marketOptions.theme(environment)
            ).render()
                + news.text(width: environment.terminalWidth, theme: marketOptions.theme(environment), now: feed.now))
    }
}
