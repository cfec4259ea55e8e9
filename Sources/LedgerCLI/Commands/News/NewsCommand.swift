import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger news [SYMBOL…]`: the latest headlines, overall or about some coins or stocks, with
/// publisher, time, age and link; fetched into the ledger's cache, or read from it alone.
struct NewsCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "The latest headlines, overall or about some coins or stocks, with their links.",
        discussion: """
            Crypto headlines come from cryptocompare, those of stocks and ETFs (by the class the \
            ledger recorded, or --class) from yahoo; a symbol the ledger does not know is asked \
            of cryptocompare. Headlines are cached in the ledger: --offline reads only the \
            cache, and when a source cannot be reached its cached headlines are used with a \
            warning saying how old they are. Guide: docs/MARKET.md.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "Coins or stocks, e.g. BTC ETH AAPL (none: the general crypto feed).")
    var symbols: [String] = []

    @Option(help: "Most headlines to show (default 10, at most 100).")
    var limit: String?

    @Option(help: "Only headlines published since a date (2024-06-01) or a duration ago (12h, 3d, 1w).")
    var since: String?

    @Option(name: .customLong("lang"), help: "Language of the headlines (default EN; cryptocompare only).")
    var language: String?

    @Option(help: "time (newest first) or source (by publisher).")
    var sort: HeadlineOrder = .time

    @Option(name: .customLong("class"), help: "Ask about the symbols as this class (crypto, stock, etf).")
    var assetClass: String?

    @Flag(help: "Use only the ledger's cache; send no request.")
    var offline = false

    @Option(help: "Colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text, json or csv.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        for symbol in symbols where AssetSymbol(symbol) == nil {
            throw ValidationError(MarketServiceError.notAnAssetSymbol(symbol))
        }
        do {
            _ = try request(now: Timestamp(secondsSinceEpoch: 0))
        } catch let error as NewsError {
            throw ValidationError(error)
        }
        if outputFormat == .md {
            throw ValidationError(
                OptionError.notAFormat(command: "news", formats: ["text", "json", "csv"], given: outputFormat.rawValue))
        }
    }

    private func request(now: Timestamp) throws -> NewsRequest {
        try NewsRequest.parse(
            symbols: symbols.compactMap(AssetSymbol.init), limit: limit, since: since, language: language, order: sort,
            assetClass: assetClass, now: now)
    }

    func run(in environment: CommandEnvironment) throws {
        let request = try request(now: environment.now)
        let feed = try NewsFeed(ledgerOptions, environment, offline: offline)
        let headlines = try feed.headlines(request)
        try feed.commit()
        switch outputFormat {
        case .json:
            environment.print(
                NewsJSON.document(
                    headlines, symbols: request.symbols, generatedAt: environment.now, offline: feed.offline))
        case .csv: environment.write(NewsJSON.csv(headlines))
        default:
            guard !headlines.isEmpty else {
                let since = request.since.map { " since \($0)" } ?? ""
                return environment.print("No headlines\(NewsError.aboutText(request.symbols))\(since).")
            }
            let view = NewsView(
                headlines: headlines, now: environment.now, width: environment.terminalWidth,
                theme: color.theme(for: environment))
            environment.write(view.render(about: request.symbols, order: request.order))
        }
    }
}

extension HeadlineOrder: ExpressibleByArgument {}

extension NewsFeed {
    /// The ledger's news feed: online a missing ledger is created once something was fetched
    /// (it holds the cache); offline it must exist.
    convenience init(_ ledgerOptions: LedgerOptions, _ environment: CommandEnvironment, offline: Bool) throws {
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        if let existing = ledger.existing {
            try self.init(store: existing, books: existing, context: environment.market, offline: offline)
        } else if offline {
            throw MarketCommandError.nothingCached(path: try ledgerOptions.path(in: environment))
        } else {
            try self.init(
                store: try LedgerOpener.scratch(), context: environment.market, offline: false,
                recordInto: { try ledger.storeForWriting() })
        }
    }
}
