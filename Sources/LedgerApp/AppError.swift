import LedgerCore
import LedgerMarketData

/// Every failure a service of LedgerApp reports, with the one line the user sees beside each
/// case. ``exitCode`` is what the shell exits with: 64 for input that was malformed, 1 for
/// input that was well formed but that the ledger or the data did not allow.
public enum AppError: Error, Equatable, CustomStringConvertible {
    // The ledger file.
    case emptyLedgerPath
    case danglingLedgerLink(shown: String, target: String)
    case ledgerAppearedDuringImport(path: String)
    case cannotWrite(target: String, reason: String)
    case currencyVariable(String)
    case currencyOption(String)

    // Replays.
    case unvaluedEvents(count: Int)
    case unpricedAtAsOf(asset: AssetSymbol, asOf: String, option: String, day: LocalDate)
    case priceTooOld(
        asset: AssetSymbol, asOf: String, age: String, observed: String, source: String, option: String, more: String)

    // Market data.
    case marketConfiguration(place: String, reason: String)
    case unknownSource(String)
    case notAnAssetSymbol(String)
    case noCachedCandles(pair: String, since: Timestamp)
    case unknownSymbol(AssetSymbol, reasons: String)
    case noSourceOffers(pair: String, tried: String)
    case candlesUnavailable(pair: String, reasons: String, since: Timestamp)
    case noTopList(assetClass: AssetClass, asked: String, from: [String])
    case notCached(String)
    case notCachedNorFetched(String, reasons: String)
    case unpublishedRate(AssetSymbol, other: AssetSymbol)
    case nothingFetchedNorCached([AssetSymbol])
    case pricesTooOld([String])
    case noCachedRate(from: AssetSymbol, to: AssetSymbol, date: LocalDate?)

    // Imports.
    case importLayout(String)
    case importHeader(file: String, problem: String)
    case invalidRows(count: Int, files: [String])
    case ledgerWouldNotAddUp
    case rowsTakeMoreThanHeld(count: Int)
    case invalidEventLines(count: Int, file: String)
    case eventLineTooLong(file: String, line: Int)

    public var description: String {
        switch self {
        case .emptyLedgerPath:
            "--ledger needs a path, e.g. --ledger ~/books.ledger; leave it out to use the default ledger"
        case .danglingLedgerLink(let shown, let target):
            "the ledger '\(shown)' is a symbolic link to '\(target)', which does not exist; point the link at a ledger or give --ledger the real path"
        case .ledgerAppearedDuringImport(let path):
            "a ledger appeared at '\(path)' during the import; import again"
        case .cannotWrite(let target, let reason):
            "cannot write '\(target)': \(reason)"
        case .currencyVariable(let text):
            "\(environmentPrefix)CURRENCY='\(text)' is not a currency code; use a code such as USD"
        case .currencyOption(let text):
            "--currency '\(text)' is not a currency code; use a code such as USD, EUR or GBP"
        case .unvaluedEvents(let count):
            "the report cannot be correct: \(count) event\(count == 1 ? "" : "s") could not be valued (see above)"
        case .unpricedAtAsOf(let asset, let asOf, let option, let day):
            "\(asset) has no price at or before \(asOf) and --max-price-age \(option) needs one for every holding; record one with 'ledger prices set \(asset) PRICE --date \(day)' or 'ledger prices fetch'"
        case .priceTooOld(let asset, let asOf, let age, let observed, let source, let option, let more):
            "the \(asset) price in use at \(asOf) was observed \(age) (\(observed), \(source)), longer than --max-price-age \(option) allows\(more); run 'ledger prices fetch' or pass a longer --max-price-age"
        case .marketConfiguration(let place, let reason):
            "market-data configuration\(place): \(reason)"
        case .unknownSource(let name):
            "--source '\(name)' is not a market-data source; use one of \(MarketDataConfig.knownSources.joined(separator: ", "))"
        case .notAnAssetSymbol(let text):
            "'\(text)' is not an asset symbol; use letters and digits such as BTC, 1INCH or AAPL"
        case .noCachedCandles(let pair, let since):
            "no \(pair) since \(since) are cached; run the command without --offline first"
        case .unknownSymbol(let symbol, let reasons):
            "no source knows '\(symbol)' (\(reasons)); check the symbol with 'ledger market search \(symbol)'"
        case .noSourceOffers(let pair, let tried):
            "no source offers \(pair): \(tried)"
        case .candlesUnavailable(let pair, let reasons, let since):
            "could not fetch \(pair) (\(reasons)) and none since \(since) are cached; try again when the source answers"
        case .noTopList(let assetClass, let asked, let sources):
            "no source has a top list of \(assetClass) assets (\(asked)); top lists come from \(sources.joined(separator: " and ")), for --class crypto"
        case .notCached(let what):
            "\(what); run the command without --offline first"
        case .notCachedNorFetched(let what, let reasons):
            "\(what), and it could not be fetched: \(reasons); try again when the source answers"
        case .unpublishedRate(let currency, let other):
            "no source publishes \(currency) rates (frankfurter has the ECB's \(FrankfurterSource.published.count) currencies, marked in 'ledger currencies'); record one with 'ledger prices set \(currency) RATE --currency \(other)'"
        case .noCachedRate(let from, let to, let date):
            "no rate for \(from) in \(to)\(date.map { " on or before \($0)" } ?? "") in the cache; connect to the network and run 'ledger convert' again, or record one with 'ledger prices set \(from) RATE --currency \(to)'"
        case .nothingFetchedNorCached(let assets):
            "no price could be fetched, and none is cached for \(assets.map(\.text).joined(separator: ", "))"
        case .pricesTooOld(let stale):
            "prices older than --max-age allows, or missing: \(stale.joined(separator: ", ")); nothing recorded; fetch again when the sources answer"
        case .importLayout(let message):
            message
        case .importHeader(let file, let problem):
            "cannot import '\(file)': \(problem)"
        case .invalidRows(let count, let files):
            "nothing imported: "
                + (count == 1 ? "1 line is invalid; correct it" : "\(count) lines are invalid; correct them")
                + " and \(files.count == 1 ? "import '\(files[0])' again" : "import the files again"), or pass --skip-invalid to import the other rows"
        case .ledgerWouldNotAddUp:
            "nothing imported: the ledger would no longer add up"
        case .rowsTakeMoreThanHeld(let count):
            "nothing imported: \(count == 1 ? "1 line takes" : "\(count) lines take") out more than is held; import the rows that bring it in first, or pass --allow-zero-basis to record what is missing at zero cost (--skip-invalid leaves such rows out)"
        case .invalidEventLines(let count, let file):
            "nothing imported: \(count == 1 ? "1 line is invalid; correct it" : "\(count) lines are invalid; correct them") and import '\(file)' again"
        case .eventLineTooLong(let file, let line):
            "\(file):\(line): the line is longer than 1 MiB, the most an event's line may hold; is this an event file?"
        }
    }

    public var exitCode: Int32 {
        switch self {
        case .emptyLedgerPath, .currencyVariable, .currencyOption, .unknownSource, .notAnAssetSymbol, .importLayout: 64
        default: 1
        }
    }
}
