import Glibc
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerCLI
@testable import LedgerStore

/// Every case of every error enum of the shell (issue #23): its sentence is one line the
/// parser's error path would print unchanged (not empty, no line break, no capital first
/// letter unless a code such as BTC leads, no final period), and it exits with the status the case is meant to have (64 for
/// what the user typed, 1 for what the ledger or the data did not allow). The expected
/// statuses are exhaustive switches, so a new case does not compile until it is listed here.
@Suite("Error enums: one line each, the right exit status")
struct ErrorMessageTests {
    @Test("every case reads as one line and exits as it should", arguments: ErrorSamples.all)
    func oneLine(_ sample: ErrorSamples.Sample) {
        let text = sample.error.description
        #expect(!text.isEmpty)
        #expect(!text.contains("\n"), "\(text)")
        #expect(!text.hasSuffix("."), "\(text)")
        // The parser's path lowercases a capital first letter; a code (BTC, LGR_CURRENCY) may lead.
        let firstWord = text.prefix { $0 != " " && $0 != "=" }
        #expect(text.first.map { !$0.isUppercase } == true || firstWord == firstWord.uppercased(), "\(text)")
        #expect(!text.contains(". Did you mean "), "\(text)")
        #expect(sample.error.category.exitCode == sample.expectedExit, "\(sample.name): \(text)")
    }

    @Test("ErrorReporter prints the sentence as one error line with the category's status", arguments: ErrorSamples.all)
    func reported(_ sample: ErrorSamples.Sample) {
        let fixed = FixedEnvironment()
        let status = ErrorReporter(environment: fixed.environment, arguments: []).report(sample.error)
        #expect(status == sample.expectedExit)
        #expect(fixed.stderr.text == "ledger: error: \(sample.error.description.terminalEscaped)\n")
        #expect(fixed.stdout.text.isEmpty)
    }

    @Test("thrown from validate() as a ValidationError, a sentence gets the parser's help hint and exit 64")
    func validation() {
        let fixed = FixedEnvironment()
        let status = fixed.run(["market", "--page", "0"])
        #expect(status == 64)
        #expect(
            fixed.stderr.text
                == "ledger: error: \(MarketCommandError.pageBelowOne(0)); see 'ledger market --help'\n")
    }
}

/// One value of every case of every enum, with the exit status it must have.
enum ErrorSamples {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let error: any UserFacingError
        let expectedExit: Int32
        var testDescription: String { name }
    }

    static var all: [Sample] {
        option + optionValues + addWords + add + holdings + void + verify + reports + log + convert + initialise
            + export + alert
            + prices + market + chart + live + watch + importOptions + files + report + app + marketServices + imports
            + serve + user + accounts + share + news + transfers + messages
    }

    static func samples<E: UserFacingError>(_ errors: [E], exit: (E) -> Int32) -> [Sample] {
        errors.map { Sample(name: "\(E.self).\($0)", error: $0, expectedExit: exit($0)) }
    }

    static let usage: Int32 = 64
    static let data: Int32 = 1

    static var option: [Sample] {
        let errors: [OptionError] = [
            .notADateBrief(option: "--date", text: "x"), .notACurrency("1"),
            .notAnAssetSymbol("x"), .notAMarketSymbol("x"), .notAMaxAge("x"),
            .unsupportedFormat(command: "verify", supported: [.text, .json], given: .csv),
            .notAFormat(command: "convert", formats: ["text", "json"], given: "csv"),
        ]
        return samples(errors) { error in
            switch error {
            case .notADateBrief, .notACurrency, .notAnAssetSymbol, .notAMarketSymbol, .notAMaxAge,
                .unsupportedFormat, .notAFormat:
                usage
            }
        }
    }

    static var verify: [Sample] {
        let head = ChainHead(count: 2, hash: String(repeating: "a", count: 64))
        let errors: [VerifyError] = [
            .brokenChain(ChainBreak(sequence: 2, id: "01HF7YAT000000000000000001", reason: "hash mismatch")),
            .invariant("event #2 voids #1 a second time"), .noStateDirectory,
            .anchorMismatch(AnchorMismatch(anchored: head, found: ChainHead(count: 1, hash: "b"), anchorFile: "f")),
            .notAChainHead("x"), .unknownHead(hash: head.hash),
        ]
        return samples(errors) { error in
            switch error {
            case .notAChainHead: usage
            case .brokenChain, .invariant, .noStateDirectory, .anchorMismatch, .unknownHead: data
            }
        }
    }

    static var reports: [Sample] {
        let errors: [ReportOptionError] = [
            .yearWithRange, .notAYear(0),
            .sinceAfterUntil(LocalDate.parse("2024-02-01")!, LocalDate.parse("2024-01-01")!),
            .compareWithoutMethods, .compareNotAMethod("x"), .notAGrouping("x"), .notAPriceAge("x"),
        ]
        return samples(errors) { error in
            switch error {
            case .yearWithRange, .notAYear, .sinceAfterUntil, .compareWithoutMethods, .compareNotAMethod,
                .notAGrouping, .notAPriceAge:
                usage
            }
        }
    }

    static var user: [Sample] {
        let errors: [UserError] = [
            .noPassword, .passwordsDiffer, .noAccounts(path: "/home/me/.local/share/ledger/server/accounts.sqlite"),
        ]
        return samples(errors) { error in
            switch error {
            case .noPassword, .passwordsDiffer: usage
            case .noAccounts: data
            }
        }
    }

    static var report: [Sample] {
        let errors: [ReportError] = [.incomplete(what: "1 event lacks a price", fetch: "ledger prices fetch --missing")]
        return samples(errors) { error in
            switch error {
            case .incomplete: data
            }
        }
    }

    static var log: [Sample] {
        let errors: [LogError] = [.notAnAsset("x"), .limitBelowOne(0), .emptyKind, .notAKind("x")]
        return samples(errors) { error in
            switch error {
            case .notAnAsset, .limitBelowOne, .emptyKind, .notAKind: usage
            }
        }
    }

    static var convert: [Sample] {
        let eur = AssetSymbol("EUR")!
        let usd = AssetSymbol("USD")!
        let errors: [ConvertError] = [
            .historyWithAmount, .wrongWordCount, .notAnAmount("x"), .notACode("1"),
            .sameCurrency(amount: "100", from: eur, to: eur, defaulted: true),
            .sameCurrency(amount: "100", from: usd, to: usd, defaulted: false),
            .staleRate(from: eur, to: usd, maxAge: "1d", .newerPublished(due: "2 days ago", fetched: "3 days ago")),
            .staleRate(from: eur, to: usd, maxAge: "1d", .observed("2 days ago")), .noCurrencyMatch("zz"),
        ]
        return samples(errors) { error in
            switch error {
            case .historyWithAmount, .wrongWordCount, .notAnAmount, .notACode, .sameCurrency: usage
            case .staleRate, .noCurrencyMatch: data
            }
        }
    }

    static var initialise: [Sample] {
        let errors: [InitError] = [.notACurrency("1"), .currencyChange(events: 1, current: "USD", wanted: "EUR")]
        return samples(errors) { error in
            switch error {
            case .notACurrency: usage
            case .currencyChange: data
            }
        }
    }

    static var export: [Sample] {
        let errors: [ExportError] = [
            .notAFormat("x"), .methodWithoutJournal(format: "csv"), .notACurrencySetting,
            .journal(.accountCollision("a.b", "a-b", "A-b")),
        ]
        return samples(errors) { error in
            switch error {
            case .notAFormat, .methodWithoutJournal: usage
            case .notACurrencySetting, .journal: data
            }
        }
    }

    static var alert: [Sample] {
        let errors: [AlertCommandError] = [
            .sameAsQuote(AssetSymbol("USD")!), .missingCondition(asset: "BTC"), .unexpected("x"),
            .withinWithLevel("above"), .notACondition("x"), .notAPercentage(nil), .notAPercentage("10"),
            .changeWithoutWithin("10%"), .notAWindow("x"), .missingNumber(what: "the level", example: "above 50000"),
            .notANumber(InputError("the level 'x' is not a number")),
            .notPositive(what: "the level", text: "0", example: "above 50000"), .emptyCommand,
            .notAnAlertNumber("x"), .noAlert(3), .execFailed(failures: 1, fired: 1),
            .execFailed(failures: 1, fired: 2), .uncheckable(failed: 1, total: 1), .uncheckable(failed: 1, total: 3),
        ]
        return samples(errors) { error in
            switch error {
            case .sameAsQuote, .missingCondition, .unexpected, .withinWithLevel, .notACondition, .notAPercentage,
                .changeWithoutWithin, .notAWindow, .missingNumber, .notANumber, .notPositive, .emptyCommand,
                .notAnAlertNumber:
                usage
            case .noAlert, .execFailed, .uncheckable: data
            }
        }
    }

    static var prices: [Sample] {
        let errors: [PricesError] = [
            .missingWithAssets(["BTC", "ETH"]), .missingWithHistory, .missingWithMaxAge, .historyWithoutSince,
            .sinceWithoutHistory, .sinceInFuture(LocalDate.parse("2030-01-01")!, today: LocalDate.parse("2024-06-01")!),
            .missingPrice(asset: "BTC"), .unexpectedAfterPrice("x"), .invalidPrice(InputError("the price is missing")),
            .invalidLines(count: 1, file: "p.csv"), .invalidLines(count: 2, file: "p.csv"), .noPrices(file: "p.csv"),
            .nothingFetched(stillMissing: "2 prices, for 1 event and 1 holding today"),
        ]
        return samples(errors) { error in
            switch error {
            case .missingWithAssets, .missingWithHistory, .missingWithMaxAge, .historyWithoutSince,
                .sinceWithoutHistory, .sinceInFuture, .missingPrice, .unexpectedAfterPrice, .invalidPrice:
                usage
            case .invalidLines, .noPrices, .nothingFetched: data
            }
        }
    }

    static var market: [Sample] {
        let btc = AssetSymbol("BTC")!
        let errors: [MarketCommandError] = [
            .notACount("0", maximum: 250), .pageBelowOne(0), .perPageBelowOne(0), .notAMarketClass("fiat"),
            .pastTheEnd(page: 9, matching: 1, perPage: 20, watchedOnly: true),
            .pastTheEnd(page: 9, matching: 45, perPage: 20, watchedOnly: false), .nothingCached(path: "b.ledger"),
            .notACoinSymbol("x"), .daysOutOfRange(0),
            .notInTopList(btc, count: 100, quote: AssetSymbol("USD")!, source: "coingecko"), .missingSearchText,
            .notAScreen("nope", assetClass: .stock), .notAScreen("day_gainers", assetClass: .crypto),
            .notAChangePeriod("2w"),
        ]
        return samples(errors) { error in
            switch error {
            case .notACount, .pageBelowOne, .perPageBelowOne, .notAMarketClass, .pastTheEnd, .notACoinSymbol,
                .daysOutOfRange, .missingSearchText, .notAScreen, .notAChangePeriod:
                usage
            case .nothingCached, .notInTopList: data
            }
        }
    }

    static var chart: [Sample] {
        let btc = AssetSymbol("BTC")!
        let errors: [ChartError] = [
            .notARange("x"), .notACandleWidth("x"), .heightOutOfRange(1), .nothingCached(path: "b.ledger", btc),
            .tooManyCandles(range: "10w", interval: ChartInterval.parse("1m")!, count: 100_800),
            .noCandles(btc, quote: AssetSymbol("USD")!, since: Events.time("2024-01-01"), source: "coingecko"),
        ]
        return samples(errors) { error in
            switch error {
            case .notARange, .notACandleWidth, .heightOutOfRange, .tooManyCandles: usage
            case .nothingCached, .noCandles: data
            }
        }
    }

    static var live: [Sample] {
        let errors: [LiveError] = [
            .missingAssets, .notAPollingPeriod("0"), .updatesBelowOne(0), .notADuration("x"),
            .onlyTheQuote(AssetSymbol("USD")!),
            .intervalTooShort(asked: "1s", minimum: "2 s", source: "coingecko", seconds: 2),
            .notFetched("coingecko: the connection was refused"),
            .noLivePrice(symbols: "NOPE", reasons: "coingecko: no such coin"),
        ]
        return samples(errors) { error in
            switch error {
            case .missingAssets, .notAPollingPeriod, .updatesBelowOne, .notADuration, .onlyTheQuote,
                .intervalTooShort:
                usage
            case .notFetched, .noLivePrice: data
            }
        }
    }

    static var watch: [Sample] {
        let btc = AssetSymbol("BTC")!
        let errors: [WatchError] = [
            .missingSymbol(verb: "add"), .notASymbol("x"), .notWatched(btc, watched: []),
            .notWatched(btc, watched: [AssetSymbol("ETH")!]),
        ]
        return samples(errors) { error in
            switch error {
            case .missingSymbol, .notASymbol: usage
            case .notWatched: data
            }
        }
    }

    static var importOptions: [Sample] {
        let errors: [ImportOptionsError] = [
            .historyWithFiles, .missingFile, .formatWithoutHistory("json"),
            .badAccount(problem: "the account name is empty"), .fetchPricesWithDryRun, .notAFormat("x"),
            .cannotGuessFormat(file: "/dev/stdin"), .notATimezone("x"), .notADelimiter("xx"),
            .mappingOptionsWithoutGeneric, .missingMapping, .badMapping(RowError("--map has no date column")),
        ]
        return samples(errors) { error in
            switch error {
            case .historyWithFiles, .missingFile, .formatWithoutHistory, .badAccount, .fetchPricesWithDryRun,
                .notAFormat, .cannotGuessFormat, .notATimezone, .notADelimiter, .mappingOptionsWithoutGeneric,
                .missingMapping, .badMapping:
                usage
            }
        }
    }

    static var files: [Sample] {
        let errors: [FileAccessError] = [
            .isDirectory("d"), .outputIsDirectory("d"), .cannotRead("f", errno: ENOENT),
            .cannotRead("f", errno: EACCES), .cannotRead("f", errno: EIO), .readError("f"), .tooLarge("f"),
            .cannotWrite("f", errno: ENOSPC), .cannotWriteOutput(errno: ENOSPC),
        ]
        return samples(errors) { error in
            switch error {
            case .isDirectory, .outputIsDirectory, .cannotRead, .readError, .tooLarge, .cannotWrite, .cannotWriteOutput:
                data
            }
        }
    }
}
