import ArgumentParser
import LedgerCore
import LedgerMarketData
import LedgerStore

/// `ledger convert AMOUNT FROM TO [--date D]` and `ledger convert --history`.
struct ConvertCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an amount between currencies (fiat or crypto), recording each conversion.",
        discussion: """
            ledger convert 100 EUR AUD                 ECB reference rate (frankfurter)
            ledger convert 0.5 BTC EUR --date 2024-03-01
            ledger convert --history                   past conversions, newest first

            Rates come from the ledger's price cache, refreshed first when older than an hour \
            (LGR_REFRESH_AFTER). When the sources cannot be reached the cached rate is used and \
            its age printed; --max-age makes an older rate an error. ECB rates are published on \
            working days: a weekend or holiday uses the previous working day's rate, and says so.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "AMOUNT FROM TO, e.g. 100 EUR AUD.")
    var words: [String] = []

    @Option(help: "Convert at this day's rate (YYYY-MM-DD) instead of the latest.")
    var date: String?

    @Flag(help: "List past conversions, newest first.")
    var history = false

    @Flag(help: "Use only the cache; send no request.")
    var offline = false

    @Option(name: .customLong("max-age"), help: "Fail when the rate used is older than this (e.g. 30m, 6h, 1d).")
    var maxAge: String?

    func validate() throws {
        if history && !words.isEmpty { throw ValidationError("--history takes no amount; use 'ledger convert --history'") }
        if !history && words.count != 3 { throw ValidationError("convert needs AMOUNT FROM TO, e.g. 'ledger convert 100 EUR AUD'") }
        if let date, LocalDate.parse(date) == nil { throw ValidationError("--date '\(date)' is not a date; use YYYY-MM-DD") }
        if let maxAge, Age.parseDuration(maxAge) == nil { throw ValidationError("--max-age '\(maxAge)' is not a duration; use e.g. 90s, 30m, 6h or 1d") }
    }

    func run(in environment: CommandEnvironment) throws {
        if history { return try showHistory(environment) }
        let request = try ConversionRequest(words, date: date)
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let store = try ledger.storeForWriting()
        let now = environment.now
        let from = Asset(request.from, class: try store.assetClass(of: request.from))
        let to = Asset(request.to, class: try store.assetClass(of: request.to))
        var converter = Converter(store: store, now: now)
        let setup = offline ? nil : try MarketSetup(store: store, environment: environment)
        if let setup {
            converter.fresh = try RateRefresher(setup: setup, store: store, now: now).refresh(from, to, date: request.date)
            for warning in converter.fresh.warnings {
                environment.writeWarning("\(warning); using the cache")
            }
        }
        let conversion = try converter.convert(request)
        if let maxAge = maxAge.flatMap(Age.parseDuration), now.secondsSinceEpoch - conversion.record.rateObservedAt.secondsSinceEpoch > maxAge {
            throw CommandFailure.data("the \(request.from)/\(request.to) rate is from \(Age.ago(conversion.record.rateObservedAt, now: now)), older than --max-age \(self.maxAge!); run again when the sources answer")
        }
        try converter.fresh.record(in: store, fetchedAt: now)
        try setup?.commit()
        try store.recordConversion(conversion.record)
        environment.write(conversion.text(now: now))
    }

    private func showHistory(_ environment: CommandEnvironment) throws {
        let store = try ledgerOptions.openExisting(in: environment)
        let records = try store.conversions()
        environment.write(ConversionOutput.history(records, width: environment.terminalWidth))
    }
}

/// AMOUNT FROM TO, parsed.
struct ConversionRequest {
    let amount: ExactDecimal
    let from: AssetSymbol
    let to: AssetSymbol
    let date: LocalDate?

    init(_ words: [String], date: String?) throws {
        guard let amount = ExactDecimal(words[0]), !amount.isNegative else {
            throw CommandFailure.usage("'\(words[0])' is not an amount; use digits with an optional '.', e.g. 100 or 0.5")
        }
        guard let from = AssetSymbol(words[1]), let to = AssetSymbol(words[2]) else {
            let bad = AssetSymbol(words[1]) == nil ? words[1] : words[2]
            throw CommandFailure.usage("'\(bad)' is not a currency or asset code; 'ledger currencies' lists the fiat ones")
        }
        self.amount = amount
        self.from = from
        self.to = to
        self.date = date.flatMap(LocalDate.parse)
    }
}
