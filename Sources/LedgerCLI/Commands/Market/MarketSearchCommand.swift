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

extension MarketFeed {
    /// Matches from the first crypto source that can search, else from the cache (every
    /// cached top list in any currency, and CoinGecko's cached coin list).
    func search(_ query: String) throws -> ([AssetSearchResult], String) {
        var problems: [MarketDataError] = []
        if !offline {
            for name in sourceOrder(for: .crypto) {
                do {
                    return (try source(name).search(query), name)
                } catch let error as MarketDataError {
                    if case .unsupported = error { continue }
                    problems.append(error)
                }
            }
        }
        let cached = try cachedSearchResults()
        // An empty cache has nothing to search: "no coin contains BTC" would be a false answer.
        if cached.isEmpty { throw missing("no top list or coin list is cached to search", problems) }
        try fellBack(problems, what: "search results", cached: nil, using: "searching the cache")
        return (cached, "the cache")
    }

    /// The cached top lists' coins, then the cached coin list's coins that no top list holds
    /// (unranked). A coin is the same coin by id (by symbol and name when a list has no ids),
    /// so a coin never takes another's rank because they share a symbol.
    private func cachedSearchResults() throws -> [AssetSearchResult] {
        var entries: [TopListEntry] = []
        for quote in try store.market.cachedTopListQuotes() {
            entries += try store.market.latestTopList(in: quote)?.value.entries ?? []
        }
        var results = entries.map {
            AssetSearchResult(id: $0.id ?? "", symbol: $0.symbol.text, name: $0.name, rank: $0.rank)
        }
        for record in try store.market.symbolIDs(source: "coingecko")?.value ?? [] {
            let coin = AssetSearchResult(
                id: record.id, symbol: record.symbol.uppercased(), name: record.name, rank: nil)
            if !entries.contains(where: { $0.isSameCoin(as: coin) }) { results.append(coin) }
        }
        return results
    }
}
