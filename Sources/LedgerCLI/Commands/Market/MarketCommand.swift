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
        abstract: "The top N coins by market cap (default 100), with price, 24h and 7d change, market cap, supply.",
        discussion: """
            ledger market                       the top 100
            ledger market 20 --sort change      the top 20, biggest 24h gain first
            ledger market --page 2 --per-page 20
            ledger market --favorites           only the watched coins
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

    @Option(help: "Order: rank, change (24h), price, name or volume (24h).")
    var sort: TopListSort = .rank

    @Flag(help: "Reverse the order.")
    var reverse = false

    @Flag(help: "Only the watched coins (the watchlist).")
    var favorites = false

    @Option(
        name: .customLong("class"),
        help: "Asset class: crypto (the sources offer top lists of crypto only), stock or etf.")
    var assetClass: String = "crypto"

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if let count, Int(count).map({ (1...MarketFeed.maxCount).contains($0) }) != true {
            throw ValidationError(MarketCommandError.notACount(count, maximum: MarketFeed.maxCount))
        }
        if let page, page < 1 { throw ValidationError(MarketCommandError.pageBelowOne(page)) }
        if let perPage, perPage < 1 { throw ValidationError(MarketCommandError.perPageBelowOne(perPage)) }
        if AssetClass(rawValue: assetClass.lowercased()).map({ $0 != .fiat }) != true {
            throw ValidationError(MarketCommandError.notAMarketClass(assetClass))
        }
        if outputFormat == .md {
            throw ValidationError(
                OptionError.notAFormat(
                    command: "market", formats: ["text", "json", "csv"], given: outputFormat.rawValue))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let wanted = count.flatMap(Int.init) ?? 100
        let query = TopListQuery(
            sort: sort, reverse: reverse, favoritesOnly: favorites, page: page ?? (perPage == nil ? nil : 1),
            perPage: perPage ?? 20)
        if let page = query.page, !query.favoritesOnly, page > (wanted + query.perPage - 1) / query.perPage {
            throw Self.pastTheEnd(query, matching: wanted)
        }
        let (feed, quote) = try marketOptions.feed(ledgerOptions, environment)
        let fetched = try feed.topList(
            count: wanted, in: quote, assetClass: AssetClass(rawValue: assetClass.lowercased())!)
        let list = TopList(
            quote: fetched.value.quote, source: fetched.value.source,
            entries: Array(fetched.value.entries.prefix(wanted)))
        let watched = Set(try Watchlist.read(feed.store.settings))
        guard let shown = query.apply(list.entries, favorites: watched) else {
            throw Self.pastTheEnd(query, matching: query.matchCount(list.entries, favorites: watched))
        }
        try feed.commit()
        switch outputFormat {
        case .json:
            environment.print(
                MarketJSON.top(list, page: shown, query: query, favorites: watched, fetchedAt: fetched.fetchedAt))
        case .csv: environment.write(MarketJSON.topCSV(list, page: shown, favorites: watched))
        default:
            environment.write(
                MarketListView(
                    list: list, page: shown, query: query, favorites: watched,
                    freshness: feed.freshness(fetched.fetchedAt),
                    width: environment.terminalWidth, theme: marketOptions.theme(environment)
                ).render())
        }
    }
}

extension MarketTopCommand {
    static func pastTheEnd(_ query: TopListQuery, matching: Int) -> MarketCommandError {
        .pastTheEnd(page: query.page ?? 1, matching: matching, perPage: query.perPage, watchedOnly: query.favoritesOnly)
    }
}

extension TopListSort: ExpressibleByArgument {}

extension TopListQuery {
    /// How many entries the query matches, pages aside.
    func matchCount(_ entries: [TopListEntry], favorites: Set<AssetSymbol>) -> Int {
        favoritesOnly ? entries.filter { favorites.contains($0.symbol) }.count : entries.count
    }
}
