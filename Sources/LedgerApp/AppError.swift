import LedgerCore
import LedgerMarketData

/// A failure of the ledger file or a replay, reported by a LedgerApp service, with the one
/// line the user sees beside each case. The market services report ``MarketServiceError``,
/// the import ``ImportError``.
public enum AppError: UserFacingError, Equatable {
    case emptyLedgerPath
    case danglingLedgerLink(shown: String, target: String)
    case ledgerAppearedDuringImport(path: String)
    case booksMovedDuringImport
    case cannotWrite(target: String, reason: String)
    case currencyVariable(String)
    case currencyOption(String)
    case unvaluedEvents(count: Int)
    case unpricedAtAsOf(asset: AssetSymbol, asOf: String, option: String, day: LocalDate)
    case priceTooOld(
        asset: AssetSymbol, asOf: String, age: String, observed: String, source: String, option: String, more: String)

    public var category: ErrorCategory {
        switch self {
        case .emptyLedgerPath, .currencyVariable, .currencyOption: .usage
        default: .data
        }
    }

    public var description: String {
        switch self {
        case .emptyLedgerPath:
            "--ledger needs a path, e.g. --ledger ~/books.ledger; leave it out to use the default ledger"
        case .danglingLedgerLink(let shown, let target):
            "the ledger '\(shown)' is a symbolic link to '\(target)', which does not exist; point the link at a ledger or give --ledger the real path"
        case .ledgerAppearedDuringImport(let path):
            "a ledger appeared at '\(path)' during the import; import again"
        case .booksMovedDuringImport:
            "the books changed while the import was being checked (another write came first); nothing was imported; import the file again"
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
        }
    }
}
