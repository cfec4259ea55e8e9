import ArgumentParser
import LedgerApp
import LedgerCore
import LedgerInterchange

/// `ledger convert AMOUNT FROM TO [--date D]` and `ledger convert --history`.
struct ConvertCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an amount between currencies (fiat or crypto), recording each conversion.",
        discussion: """
            ledger convert 100 EUR AUD                 ECB reference rate (frankfurter)
            ledger convert 100 EUR                     into the ledger's currency
            ledger convert 0.5 BTC EUR --date 2024-03-01
            ledger convert --history                   past conversions, newest first

            Rates come from the ledger's price cache, refreshed first when older than an hour \
            (LGR_REFRESH_AFTER). When the sources cannot be reached the cached rate is used and \
            its age printed; --max-age makes an older rate an error (an ECB rate is old only \
            once a newer one was due: it counts from then). ECB rates are published on working \
            days: a weekend or holiday uses the previous working day's rate, and says so. A \
            rate that is not as published (inverted, or through another currency) is labelled \
            derived and shown to 5 significant digits; the result is computed exactly.
            """
    )

    @OptionGroup var ledgerOptions: LedgerOptions

    @Argument(help: "AMOUNT FROM [TO], e.g. 100 EUR AUD; TO defaults to the ledger's currency.")
    var words: [String] = []

    @Option(help: "Convert at this day's rate (YYYY-MM-DD) instead of the latest.")
    var date: String?

    @Flag(help: "List past conversions, newest first.")
    var history = false

    @Flag(help: "Use only the cache; send no request.")
    var offline = false

    @Option(name: .customLong("max-age"), help: "Fail when the rate used is older than this (e.g. 30m, 6h, 1d).")
    var maxAge: String?

    @Option(name: [.customShort("O"), .customLong("output-format")], help: "text or json.")
    var outputFormat: OutputFormat = .text

    func validate() throws {
        if history && !words.isEmpty {
            throw ValidationError(ConvertError.historyWithAmount)
        }
        if !history && !(2...3).contains(words.count) {
            throw ValidationError(ConvertError.wrongWordCount)
        }
        if outputFormat != .text && outputFormat != .json {
            throw ValidationError(
                OptionError.notAFormat(command: "convert", formats: ["text", "json"], given: outputFormat.rawValue))
        }
        if let date, LocalDate.parse(date) == nil {
            throw ValidationError(OptionError.notADateBrief(option: "--date", text: date))
        }
        if let maxAge, Age.parseDuration(maxAge) == nil {
            throw ValidationError(OptionError.notAMaxAge(maxAge))
        }
    }

    func run(in environment: CommandEnvironment) throws {
        if history { return try showHistory(environment) }
        let ledger = try PriceLedger(options: ledgerOptions, environment: environment)
        let request = try ConversionRequest(words, date: date, defaultTarget: ledger.currency())
        let store = try ledger.storeForWriting()
        let now = environment.now
        let conversion = try Converter.run(
            request, in: store, context: environment.market, now: now, offline: offline,
            warn: { environment.writeWarning("\($0); using the cache") },
            check: { try checkMaxAge($0, request: request, now: now) })
        if outputFormat == .json {
            return environment.print(
                ConversionJSON.conversion(
                    conversion.record, derivation: conversion.derivation, legsFetchedAt: conversion.legsFetchedAt))
        }
        environment.write(ConversionOutput.text(conversion, now: now))
    }

    /// `--max-age`: an ECB rate is stale only once a newer one was due after it was fetched
    /// (and by how long since); any other rate by the age of its observation.
    private func checkMaxAge(_ conversion: Converter.Conversion, request: ConversionRequest, now: Timestamp) throws {
        guard let maxAge = maxAge.flatMap(Age.parseDuration), conversion.staleness(now: now) > maxAge else { return }
        let record = conversion.record
        let why: ConvertError.Staleness =
            conversion.isPublishedFiatRate
            ? .newerPublished(
                due: Age.ago(now.adding(seconds: -conversion.staleness(now: now)), now: now),
                fetched: Age.ago(record.rateFetchedAt, now: now))
            : .observed(Age.ago(record.rateObservedAt, now: now))
        throw ConvertError.staleRate(from: request.from, to: request.to, maxAge: self.maxAge!, why)
    }

    private func showHistory(_ environment: CommandEnvironment) throws {
        let records = try Converter.history(in: ledgerOptions.openExisting(in: environment))
        if outputFormat == .json { return environment.print(ConversionJSON.history(records)) }
        environment.write(ConversionOutput.history(records, width: environment.terminalWidth))
    }
}

extension ConversionRequest {
    /// AMOUNT FROM [TO], parsed; TO defaults to the ledger's currency.
    init(_ words: [String], date: String?, defaultTarget: AssetSymbol) throws {
        guard let amount = ExactDecimal(words[0]), !amount.isNegative else {
            throw ConvertError.notAnAmount(words[0])
        }
        let target = words.count > 2 ? words[2] : defaultTarget.text
        guard let from = AssetSymbol(words[1]), let to = AssetSymbol(target) else {
            let bad = AssetSymbol(words[1]) == nil ? words[1] : target
            throw ConvertError.notACode(bad)
        }
        guard from != to else {
            throw ConvertError.sameCurrency(amount: words[0], from: from, to: to, defaulted: words.count <= 2)
        }
        self.init(amount: amount, from: from, to: to, date: date.flatMap(LocalDate.parse))
    }
}
