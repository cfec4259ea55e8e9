import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger market [top] [N]`, `ledger market search TEXT`, `ledger market show SYMBOL`.
struct MarketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "market",
        abstract: "Browse the market: the top coins by market cap, search, one coin's detail.",
        discussion: """
            Figures come from the market-data sources (coingecko, then cryptocompare) and are \
            cached in the ledger; --offline reads only the cache, and when the sources cannot be \
            reached the cached list is used with a warning saying how old it is. Watched coins \
            ('ledger watch add') are marked '*'. Guide: docs/MARKET.md.
            """,
        subcommands: [MarketTopCommand.self, MarketSearchCommand.self, MarketShowCommand.self],
        defaultSubcommand: MarketTopCommand.self
    )

    // Accepts `--ledger` before the subcommand too (see PricesCommand).
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}

/// `ledger market [top] [N] [--page K --per-page P] [--sort …] [--favorites] [--class …]`.
struct MarketTopCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract:
            "The top N coins by market cap (default 100), or a stock or ETF screen: price, change, market cap, supply.",
        discussion: """
            ledger market                       the top 100
            ledger market 20 --sort change      the top 20, biggest 24h gain first
            ledger market --page 2 --per-page 20
            ledger market --favorites           only the watched coins
            ledger market --change 30d --sort change   the 30-day change, biggest first
            ledger market --class stock --screen day_gainers --page 1
            ledger market --class etf           Yahoo's top US ETFs, 20 a page with --page
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var marketOptions: MarketOptions

    @Argument(help: "How many coins (1 to 250; default 100).")
    var count: String?

    @Option(help: "Show this page (1 is the first) of --per-page coins, and 'page K/M'.")
    var page: Int?

    @Option(name: .customLong("per-page"), help: "Coins per page (default 20; implies paging).")
    var perPage: Int?

    @Option(help: "Order: rank, change (the --change period), price, name or volume (24h).")
    var sort: TopListSort = .rank

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Flag(help: "Only the watched coins (the watchlist).")
    var favorites = false

    @Option(
        name: .customLong("class"),
        help: "Asset class: crypto (the coins by market cap), stock or etf (a screen; see --screen).")
    var assetClass: String = "crypto"

    @Option(
        help: ArgumentHelp(
            "The screen of a stock or etf list (default most_actives, or top_etfs_us).",
            discussion:
                "stock: \(StockScreen.known[.stock]!.joined(separator: ", ")); etf: \(StockScreen.known[.etf]!.joined(separator: ", "))"
        ))
    var screen: String?

    @Option(help: "The change shown, coloured and sorted by: 1h, 24h (default), 7d, 30d or 1y.")
    var change: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        do {
            _ = try top()
        } catch {
            throw ValidationError(error)
        }
        if outputFormat == .md {
            throw ValidationError(
                OptionError.notAFormat(
                    command: "market", formats: ["text", "json", "csv"], given: outputFormat.rawValue))
        }
    }

    /// The request, checked (``MarketTop``).
    private func top() throws(MarketCommandError) -> MarketTop {
        try MarketTop(
            count: count, page: page, perPage: perPage, sort: sort, reverse: reverse, favoritesOnly: favorites,
            assetClass: assetClass, screen: screen, change: change)
    }

    func run(in environment: CommandEnvironment) throws {
        let top = try top()
        try top.checkPage()
        let query = top.query
        let (feed, quote) = try marketOptions.feed(ledgerOptions, environment)
        let watched = try feed.watched()
        let shownTop = try top.run(feed: feed, quote: quote, watched: watched)
        let (list, shown, fetched) = (shownTop.list, shownTop.page, shownTop.fetchedAt)
        try feed.commit()
        switch outputFormat {
        case .json:
            environment.print(
                MarketJSON.top(list, page: shown, query: query, favorites: watched, fetchedAt: fetched))
        case .csv: environment.write(MarketJSON.topCSV(list, page: shown, favorites: watched))
        default:
            environment.write(
                MarketListView(
                    list: list, page: shown, query: query, favorites: watched,
                    freshness: feed.freshness(fetched),
                    width: environment.terminalWidth, theme: marketOptions.theme(environment)
                ).render())
        }
    }
}

extension TopListSort: ExpressibleByArgument {}
