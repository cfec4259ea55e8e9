import LedgerApp
import LedgerCore

/// The error enums of LedgerApp's services, held to the same rules as the shell's.
extension ErrorSamples {
    static var app: [Sample] {
        let btc = AssetSymbol("BTC")!
        let day = LocalDate.parse("2024-06-01")!
        let errors: [AppError] = [
            .emptyLedgerPath, .danglingLedgerLink(shown: "b.ledger", target: "/gone"),
            .ledgerAppearedDuringImport(path: "/tmp/b.ledger"), .booksMovedDuringImport,
            .cannotWrite(target: "out.csv", reason: "Permission denied"),
            .currencyVariable("x"), .currencyOption("x"), .unvaluedEvents(count: 1), .unvaluedEvents(count: 2),
            .unpricedAtAsOf(asset: btc, asOf: "2024-06-01", option: "1d", day: day),
            .priceTooOld(
                asset: btc, asOf: "2024-06-01", age: "3 days ago", observed: "2024-05-29", source: "coingecko",
                option: "1d", more: ""),
        ]
        return samples(errors) { error in
            switch error {
            case .emptyLedgerPath, .currencyVariable, .currencyOption: usage
            case .danglingLedgerLink, .ledgerAppearedDuringImport, .booksMovedDuringImport, .cannotWrite,
                .unvaluedEvents, .unpricedAtAsOf,
                .priceTooOld:
                data
            }
        }
    }

    static var accounts: [Sample] {
        let errors: [AccountError] = [
            .invalidName("../x"), .nameTaken("alice"), .noSuchUser("bob"), .passwordTooShort(minimum: 8),
            .passwordTooLong(maximum: 72), .notABcryptCost("99"), .cannotDisableSelf, .emptyTokenLabel,
            .userDisabled("bob"),
        ]
        return samples(errors) { error in
            switch error {
            case .invalidName, .passwordTooShort, .passwordTooLong, .notABcryptCost, .emptyTokenLabel: usage
            case .nameTaken, .noSuchUser, .cannotDisableSelf, .userDisabled: data
            }
        }
    }

    static var marketServices: [Sample] {
        let btc = AssetSymbol("BTC")!
        let usd = AssetSymbol("USD")!
        let since = Timestamp(secondsSinceEpoch: 1_717_200_000)
        let errors: [MarketServiceError] = [
            .marketConfiguration(place: " (market.json)", reason: "bad"), .unknownSource("x"), .notAnAssetSymbol("$"),
            .noCachedCandles(pair: "BTC/USD candles", since: since), .unknownSymbol(btc, reasons: "coingecko: unknown"),
            .noSourceOffers(pair: "BTC/XAU", tried: "coingecko: no"),
            .candlesUnavailable(pair: "BTC/USD", reasons: "refused", since: since),
            .noTopList(assetClass: .stock, asked: "--class stock", from: ["coingecko"]), .notCached("no top list"),
            .notCachedNorFetched("no top list", reasons: "refused"), .unpublishedRate(AssetSymbol("ARS")!, other: usd),
            .nothingFetchedNorCached([btc]), .pricesTooOld(["BTC"]), .noCachedRate(from: btc, to: usd, date: nil),
        ]
        return samples(errors) { error in
            switch error {
            case .unknownSource, .notAnAssetSymbol: usage
            case .marketConfiguration, .noCachedCandles, .unknownSymbol, .noSourceOffers, .candlesUnavailable,
                .noTopList, .notCached, .notCachedNorFetched, .unpublishedRate, .nothingFetchedNorCached, .pricesTooOld,
                .noCachedRate:
                data
            }
        }
    }

    static var imports: [Sample] {
        let errors: [ImportError] = [
            .importLayout("--map needs date, side, asset and quantity"),
            .importHeader(file: "a.csv", problem: "no header"),
            .invalidRows(count: 1, files: ["a.csv"]), .invalidRows(count: 2, files: ["a.csv", "b.csv"]),
            .ledgerWouldNotAddUp, .rowsTakeMoreThanHeld(count: 1), .rowsTakeMoreThanHeld(count: 2),
            .invalidEventLines(count: 1, file: "e.jsonl"), .eventLineTooLong(file: "e.jsonl", line: 3),
            .resultUnverified("event #4 would not verify: it does not link to the event before it"),
        ]
        return samples(errors) { error in
            switch error {
            case .importLayout: usage
            case .importHeader, .invalidRows, .ledgerWouldNotAddUp, .rowsTakeMoreThanHeld, .invalidEventLines,
                .eventLineTooLong, .resultUnverified:
                data
            }
        }
    }
}
