import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger watch add|remove|list`: the favourites, kept in the ledger (`watchlist` setting).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep a watchlist of favourite coins: marked in every market list, fetched by 'prices fetch'.",
        subcommands: [WatchAddCommand.self, WatchRemoveCommand.self, WatchListCommand.self],
        defaultSubcommand: WatchListCommand.self
    )

    // Accepts `--ledger` before the subcommand too (see PricesCommand).
    @OptionGroup(visibility: .hidden) var ledgerOptions: LedgerOptions
}

/// The SYMBOL… arguments of `watch add` and `watch remove`, checked (``Watchlist/parse(_:verb:)``).
enum WatchSymbols {
    static func parse(_ words: [String], verb: String) throws -> [AssetSymbol] {
        do {
            return try Watchlist.parse(words, verb: verb)
        } catch {
            throw ValidationError(error)
        }
    }
}

/// `ledger watch add SYMBOL…`.
struct WatchAddCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Watch coins (adding one already watched says so and changes nothing).")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "Symbols, e.g. BTC ETH.")
    var symbols: [String] = []

    func validate() throws { _ = try WatchSymbols.parse(symbols, verb: "add") }

    func run(in environment: CommandEnvironment) throws {
        let wanted = try WatchSymbols.parse(symbols, verb: "add")
        let store = try PriceLedger(options: ledgerOptions, environment: environment).storeForWriting()
        let added = try Watchlist.add(wanted, to: store)
        for symbol in wanted {
            environment.print(added.contains(symbol) ? "watching \(symbol)" : "\(symbol) is already watched")
        }
    }
}

/// `ledger watch remove SYMBOL…`: all or nothing.
struct WatchRemoveCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop watching coins.")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "Symbols, e.g. BTC.")
    var symbols: [String] = []

    func validate() throws { _ = try WatchSymbols.parse(symbols, verb: "remove") }

    func run(in environment: CommandEnvironment) throws {
        let unwanted = try WatchSymbols.parse(symbols, verb: "remove")
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        try Watchlist.remove(unwanted, from: ledger.existing)
        for symbol in unwanted { environment.print("stopped watching \(symbol)") }
    }
}

/// `ledger watch list`: the watched coins with price and 24h change from the cache.
struct WatchListCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The watched coins, with price and change from the cache (no request).")

    @OptionGroup var ledgerOptions: LedgerOptions

    @Option(help: "Prices in this currency (default: the ledger's currency).")
    var currency: String?

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(command: "watch list", formats: ["text", "json"], given: outputFormat.rawValue))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let quote = try ledger.defaultQuote(currency)
        guard let store = ledger.existing else { return try show([], note: nil, environment) }
        let watched = try Watchlist.listed(store, topLists: store, quote: quote)
        let coins = watched.coins
        let note = watched.topList.map {
            "From the \($0.source) top list fetched \($0.fetchedAt) (\(Age.ago($0.fetchedAt, now: environment.now))).\n'ledger market' refreshes it."
        }
        try show(
            coins, note: coins.isEmpty ? nil : note ?? "No top list is cached; 'ledger market' fetches one.",
            environment)
    }

    private func show(_ coins: [WatchedCoin], note: String?, _ environment: CommandEnvironment) throws {
        if outputFormat == .json { return environment.print(MarketJSON.watchlist(coins)) }
        let theme = color.theme(for: environment)
        environment.write(
            WatchListView(coins: coins, note: note, width: environment.terminalWidth, theme: theme).render())
    }
}
