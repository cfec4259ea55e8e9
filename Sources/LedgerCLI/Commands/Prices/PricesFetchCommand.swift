import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `ledger prices fetch [ASSET…] [--history --since DATE] [--source S] [--max-age D]`, or
/// `ledger prices fetch --missing [--source S]`.
struct PricesFetchCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch current (or daily historical) prices into the ledger's price cache.",
        discussion: """
            Without ASSET: every asset held, plus the watchlist. Each asset class is asked of its \
            sources in the configured fallback order (crypto: coingecko, then cryptocompare; \
            stock and etf: yahoo; fiat: frankfurter), many assets per request. When a source \
            fails the cached price is used and its age is printed; --max-age turns a price older \
            than the limit (or none) into an error, for cron. --missing fetches the daily prices \
            the ledger's valuations lack, in as few requests as the sources allow, and says what \
            is still missing and why; run it again to resume. --history of a stock, etf, fund, \
            adr or warrant also reports the splits and dividends Yahoo knows in the range, and \
            prints the 'ledger add' command of each one the ledger lacks (nothing is recorded by \
            itself). Sources, keys and limits: docs/MARKET-DATA.md.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "Assets to fetch (default: every asset held or watched).")
    var assets: [String] = []

    @Flag(help: "Fetch one price per day since --since instead of the latest.")
    var history = false

    @Flag(help: "Fetch the daily prices that the ledger's valuations lack (resumable).")
    var missing = false

    @Option(help: "The first day of --history (YYYY-MM-DD).")
    var since: String?

    @Option(help: "Ask only this source: coingecko, cryptocompare, frankfurter or yahoo.")
    var source: String?

    @Option(help: "The currency to price in (default: the ledger's currency).")
    var currency: String?

    @Option(
        name: .customLong("max-age"),
        help: "Fail when a price that could not be fetched is older than this in the cache (e.g. 30m, 6h, 1d).")
    var maxAge: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if missing && !assets.isEmpty {
            throw ValidationError(PricesError.missingWithAssets(assets))
        }
        if missing && history {
            throw ValidationError(PricesError.missingWithHistory)
        }
        if missing && maxAge != nil {
            throw ValidationError(PricesError.missingWithMaxAge)
        }
        if history && since == nil { throw ValidationError(PricesError.historyWithoutSince) }
        if since != nil && !history { throw ValidationError(PricesError.sinceWithoutHistory) }
        if let since, LocalDate.parse(since) == nil {
            throw ValidationError(OptionError.notADateBrief(option: "--since", text: since))
        }
        if let maxAge, Age.parseDuration(maxAge) == nil {
            throw ValidationError(OptionError.notAMaxAge(maxAge))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        let now = environment.now
        if history, let first = since.flatMap(LocalDate.parse), first > now.date {
            throw PricesError.sinceInFuture(first, today: now.date)
        }
        try outputFormat.require(
            missing ? [.text] : [.text, .json], for: missing ? "prices fetch --missing" : "prices fetch")
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let store = try ledger.storeForWriting()
        let quote = try ledger.defaultQuote(currency)
        if missing {
            return try Self.fetchMissing(
                store: store, currency: quote, source: source, environment: environment, now: now)
        }
        let targets = try FetchTargets(named: assets, in: store, quote: quote)
        guard !targets.assets.isEmpty else {
            environment.print(
                "Nothing to fetch: the ledger holds nothing but \(quote); name assets, e.g. 'ledger prices fetch BTC ETH'."
            )
            return
        }
        let setup = try MarketSetup(store: store, environment: environment)
        if let source { _ = try setup.source(source) }
        let fetcher = PriceFetcher(setup: setup, forcedSource: source, progress: Progress(environment: environment))
        let result =
            try history
            ? fetcher.history(targets, in: quote, from: LocalDate.parse(since!)!, through: now.date)
            : fetcher.latest(targets, in: quote)
        let report = FetchReport(targets: targets, result: result, quote: quote, now: now, history: history)
        // Judged before anything is recorded: a failing fetch writes nothing.
        try FetchFallback(targets: targets, result: result, quote: quote, now: now).check(
            store: store, maxAge: maxAge.flatMap(Age.parseDuration), notices: environment.notices)
        try result.record(in: store, fetchedAt: now)
        try setup.commit()
        let actions = try history ? corporateActions(targets, setup, store, now, environment) : nil
        show(report, actions, targets: targets, result: result, quote: quote, now: now, environment)
    }

    /// The fetch's summary (and the corporate actions of `--history`), or its JSON.
    private func show(
        _ report: FetchReport, _ actions: [CorporateActionFinding]?, targets: FetchTargets, result: FetchResult,
        quote: AssetSymbol, now: Timestamp, _ environment: CommandEnvironment
    ) {
        guard outputFormat == .json else {
            environment.write(report.summary())
            if let actions {
                environment.write(CorporateActionView.text(actions, from: LocalDate.parse(since!)!, through: now.date))
            }
            return
        }
        environment.print(
            FetchJSON.document(
                at: now, quote: quote, history: history,
                pricedBy: targets.assets.map { ($0.symbol, result.pricedBy[$0.symbol]) },
                prices: result.observations.count, corporateActions: actions ?? []))
    }

    /// `--history` of listed assets: the splits and dividends Yahoo reports in the range, held
    /// against the ledger (nil when no listed asset was fetched from Yahoo). Never recorded.
    private func corporateActions(
        _ targets: FetchTargets, _ setup: MarketSetup, _ books: OpenBooks, _ now: Timestamp,
        _ environment: CommandEnvironment
    ) throws -> [CorporateActionFinding]? {
        let outcome = try CorporateActionFetch(setup: setup, books: books, forcedSource: source).run(
            targets, from: LocalDate.parse(since!)!, through: now.date)
        for (asset, error) in outcome.failures.sorted(by: { $0.key < $1.key }) {
            environment.notices.warning("\(asset): no splits or dividends: \(error)")
        }
        return outcome.requests == 0 ? nil : outcome.findings
    }

    /// `--missing`: the needs of a replay of the whole ledger valued now (in `--currency`,
    /// else the ledger's): every valuation it could not make, and today's price of every
    /// holding that has none.
    static func fetchMissing(
        store: OpenLedger, currency: AssetSymbol, source: String?, environment: CommandEnvironment,
        now: Timestamp? = nil
    ) throws {
        let setup = try MarketSetup(store: store, environment: environment)
        if let source { _ = try setup.source(source) }
        let fetch = MissingPriceFetch(
            setup: setup, store: store, currency: currency, forcedSource: source,
            progress: Progress(environment: environment), now: now ?? environment.now)
        let outcome = try fetch.run {
            let runner = try ReplayRunner(store: store, environment: environment)
            return try runner.pricesNeeded(currency: currency)
        }
        environment.write(outcome.summary(now: fetch.now))
        try outcome.check()
    }
}
