import LedgerApp
import LedgerCore
import LedgerTestSupport

/// The error enums of LedgerApp's recording services (``EventRecorder``: `add`, `void`) and the
/// option values they share with the shell, held to the same rules as the shell's.
extension ErrorSamples {
    static var optionValues: [Sample] {
        let time: DateParseError
        switch Timestamp.parse("nope") {
        case .failure(let error): time = error
        case .success: fatalError("'nope' parsed")
        }
        let errors: [OptionValueError] = [
            .notADate(option: "--since", text: "x"), .notATime(option: "--as-of", time), .notAnAssetClass("x"),
            .notABookingMethod("x"), .notAPeriod("x"), .unknownOption("--x", command: "add"),
        ]
        return samples(errors) { error in
            switch error {
            case .notADate, .notATime, .notAnAssetClass, .notABookingMethod, .notAPeriod, .unknownOption: usage
            }
        }
    }

    static var addWords: [Sample] {
        let mistakes: [AddWordsError.Mistake] = [
            .missingAmount(role: "an amount"), .missingQuantity(after: "BTC"), .missingPrice,
            .missingPriceAfter(marker: "@"), .expected(word: "for", found: nil), .expected(word: "for", found: "x"),
            .missingSplit, .notASplitRatio("x"), .unexpected("x"), .numberForSymbol("1"), .notAnAssetSymbol("x"),
            .missingDestination,
        ]
        let errors: [AddWordsError] =
            EventKind.allCases.map { .grammar(.missingPrice, $0) } + mistakes.map { .grammar($0, .buy) } + [
                .unknownOption("--x"), .notANumber(what: "price", text: "1,5", .unexpectedCharacter(",", offset: 1)),
                .notANumber(what: "price", text: "1e5", .exponentNotAllowed),
                .notANumber(what: "price", text: "x", .unexpectedCharacter("x", offset: 0)),
                .notANumber(what: "price", text: "0.1234567890123456789", .tooManyFractionalDigits),
            ]
        return samples(errors) { error in
            switch error {
            case .grammar, .unknownOption, .notANumber: usage
            }
        }
    }

    static var add: [Sample] {
        let errors: [AddError] = [
            .feeTookWords, .missingKind, .unknownKind("bye"), .unknownKind("zzzzzz"), .voidKind, .voidWords, .linkKind,
            .accountsNotForTransfer(.buy), .notAnIncomeKind("x"), .feeTooManyWords, .tradeFeeNeedsAsset,
            .invalidEvent(.textTooLong(field: "note", bytes: 5000)),
        ]
        return samples(errors) { error in
            switch error {
            case .feeTookWords, .missingKind, .unknownKind, .voidKind, .voidWords, .linkKind, .accountsNotForTransfer,
                .notAnIncomeKind, .feeTooManyWords, .tradeFeeNeedsAsset, .invalidEvent:
                usage
            }
        }
    }

    static var transfers: [Sample] {
        let day = Timestamp(secondsSinceEpoch: 1_764_590_400)
        let problems: [TransferLinkError] = [
            .notAWithdrawal(sequence: 4, kind: .deposit), .notADeposit(sequence: 3, kind: .withdraw),
            .differentAssets(AssetSymbol("BTC")!, AssetSymbol("ETH")!), .sameAccount("binance"),
            .depositBeforeWithdrawal(deposit: day, withdrawal: day.adding(seconds: 3600)),
            .depositLarger(deposit: ExactDecimal(2), withdrawal: ExactDecimal(1), asset: AssetSymbol("BTC")!),
            .alreadyLinked(sequence: 3, link: 6),
        ]
        let errors: [TransferError] =
            problems.map { .cannotLink($0) } + [
                .notALink(sequence: 2, kind: .buy), .badWindow(option: "--window", "2d"),
                .badTolerance(option: "--tolerance", "-1"),
            ]
        return samples(errors) { error in
            switch error {
            case .cannotLink, .notALink, .badWindow, .badTolerance: usage
            }
        }
    }

    static var holdings: [Sample] {
        var events = Events()
        let first = events.sell("BTC", "1", at: "30000", on: "2024-01-01")
        let deposit = events.deposit("BTC", "1", on: "2024-01-01")
        let withdraw = events.withdraw("BTC", "1", on: "2024-01-02")
        let later = events.sell("BTC", "1", at: "30000", on: "2024-01-03")
        let own = PositionBook.firstShortfall(in: [first])!
        let other = PositionBook.firstShortfall(in: [deposit, withdraw, later])!
        let alone = PositionBook.firstShortfall(in: [later])!
        let errors: [HoldingsError] = [
            .shortfall(own, draft: first), .shortfall(other, draft: withdraw), .voidLeavesShort(target: deposit, alone),
        ]
        return samples(errors) { error in
            switch error {
            case .shortfall, .voidLeavesShort: data
            }
        }
    }

    static var void: [Sample] {
        let errors: [VoidError] = [
            .missingReason(id: "12"), .reasonTooLong(bytes: 5000), .targetIsVoid(sequence: 3, cancelled: "#2"),
            .alreadyVoided(sequence: 2, voidSequence: 3, reason: "typo"),
        ]
        return samples(errors) { error in
            switch error {
            case .missingReason, .reasonTooLong: usage
            case .targetIsVoid, .alreadyVoided: data
            }
        }
    }
}
