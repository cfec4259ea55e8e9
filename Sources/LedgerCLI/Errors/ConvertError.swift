import LedgerApp
import LedgerCore

/// Why `ledger convert` or `ledger currencies` refused: the words are not an amount and codes
/// (exit 64), or no rate fresh enough or currency matched (exit 1).
enum ConvertError: UserFacingError, Equatable {
    case historyWithAmount
    case wrongWordCount
    case notAnAmount(String)
    case notACode(String)
    /// `amount from` is already in `to`; `defaulted`: `to` is the ledger's currency.
    case sameCurrency(amount: String, from: AssetSymbol, to: AssetSymbol, defaulted: Bool)
    /// The rate is older than `--max-age`: a newer ECB rate was `due` and this one `fetched`
    /// (each "… ago"), or any other rate was `observed` then.
    case staleRate(from: AssetSymbol, to: AssetSymbol, maxAge: String, Staleness)
    case noCurrencyMatch(String)

    enum Staleness: Equatable, Sendable {
        case newerPublished(due: String, fetched: String)
        case observed(String)
    }

    var category: ErrorCategory {
        switch self {
        case .staleRate, .noCurrencyMatch: .data
        default: .usage
        }
    }

    var description: String {
        switch self {
        case .historyWithAmount: "--history takes no amount; use 'ledger convert --history'"
        case .wrongWordCount: "convert needs AMOUNT FROM [TO], e.g. 'ledger convert 100 EUR AUD'"
        case .notAnAmount(let text): "'\(text)' is not an amount; use digits with an optional '.', e.g. 100 or 0.5"
        case .notACode(let text): "'\(text)' is not a currency or asset code; 'ledger currencies' lists the fiat ones"
        case .sameCurrency(let amount, let from, let to, let defaulted):
            "\(amount) \(from) is already in \(to)\(defaulted ? " (the ledger's currency)" : ""); name the currency to convert to, e.g. 'ledger convert \(amount) \(from) \(from.text == "EUR" ? "USD" : "EUR")'"
        case .staleRate(let from, let to, let maxAge, let staleness):
            "the \(from)/\(to) rate is older than --max-age \(maxAge): \(staleness.reason); run again when the sources answer"
        case .noCurrencyMatch(let search):
            "no fiat currency matches '\(search)'; 'ledger currencies' lists all \(FiatCurrency.named.count)"
        }
    }
}

extension ConvertError.Staleness {
    var reason: String {
        switch self {
        case .newerPublished(let due, let fetched):
            "a newer ECB rate was due \(due) and is not cached (this one was fetched \(fetched))"
        case .observed(let when): "it is from \(when)"
        }
    }
}
