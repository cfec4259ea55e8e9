import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerMarketData
import LedgerRender

/// `ledger market search TEXT`: coins by name or symbol, exact symbol and prefixes first.
struct MarketSearchCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find coins by name or symbol (case-insensitive), exact symbol and prefix matches first.",
        discussion: """
            Asks coingecko's search; offline (or when it cannot be reached) searches the cached \
            top list and coin list instead.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions
    @OptionGroup var marketOptions: MarketOptions

    @Argument(help: "Part of a name or symbol, e.g. 'bit' or 'eth'.")
    var text: [String] = []

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    var query: String { ImportText.trimmed(text.joined(separator: " ")) }

    func validate() throws {
        if query.isEmpty { throw ValidationError(MarketCommandError.missingSearchText) }
        if outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(
                    command: "market search", formats: ["text", "json"], given: outputFormat.rawValue))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let (feed, quote) = try marketOptions.feed(ledgerOptions, environment)
        let (found, origin) = try feed.search(query)
        let results = SearchRanking.rank(found, query: query)
        let watched = Set(try Watchlist.read(feed.store.settings))
        try feed.commit()
        if outputFormat == .json {
            return environment.print(MarketJSON.search(query, results: results, origin: origin, favorites: watched))
        }
        let known = try feed.store.market.latestTopList(in: quote)?.value.entries ?? []
        environment.write(
            SearchResultsView(
                query: query, results: results, origin: origin, known: known, favorites: watched,
                width: environment.terminalWidth, theme: marketOptions.theme(environment)
            ).render())
    }
}
