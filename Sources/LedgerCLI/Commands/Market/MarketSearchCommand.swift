import ArgumentParser
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
        if query.isEmpty { throw ValidationError("search needs some text, e.g. 'ledger market search bitcoin'") }
        if outputFormat != .text && outputFormat != .json { throw ValidationError("market search prints text or json; '-O \(outputFormat.rawValue)' is not one of them") }
    }

    func run(in environment: CommandEnvironment) throws {
        let (feed, quote) = try marketOptions.feed(ledgerOptions, environment)
        let (found, origin) = try feed.search(query)
        let results = SearchRanking.rank(found, query: query)
        let watched = Set(try Watchlist.read(feed.store))
        try feed.commit()
        if outputFormat == .json {
            return environment.print(MarketJSON.search(query, results: results, origin: origin, favorites: watched))
        }
        let entries = try feed.store.latestTopList(in: quote)?.value.entries ?? []
        let known = Dictionary(entries.map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
        environment.write(SearchResultsView(query: query, results: results, origin: origin, known: known, favorites: watched,
                                            width: environment.terminalWidth, theme: marketOptions.theme(environment)).render())
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
        try fellBack(problems, what: "search results", cached: nil, using: "searching the cache")
        return (cached, "the cache")
    }

    private func cachedSearchResults() throws -> [AssetSearchResult] {
        var results: [AssetSearchResult] = []
        for quote in try store.cachedTopListQuotes() {
            for entry in try store.latestTopList(in: quote)?.value.entries ?? [] {
                results.append(AssetSearchResult(id: "", symbol: entry.symbol.text, name: entry.name, rank: entry.rank))
            }
        }
        let ranks = Dictionary(results.map { ($0.symbol, $0.rank) }, uniquingKeysWith: { first, _ in first })
        let listed = Set(results.map { $0.symbol + "|" + $0.name.lowercased() })
        for record in try store.symbolIDs(source: "coingecko")?.value ?? [] where !listed.contains(record.symbol.uppercased() + "|" + record.name.lowercased()) {
            results.append(AssetSearchResult(id: record.id, symbol: record.symbol.uppercased(), name: record.name, rank: ranks[record.symbol.uppercased()] ?? nil))
        }
        return results
    }
}
