import LedgerCore

/// Why `ledger tax` made no report.
public enum TaxError: UserFacingError, Equatable {
    case rulesRequired
    case unknownRules(String)
    case methodFixedByRules(TaxRules)
    case usOnly(option: String, rules: TaxRules)
    case unknownMethod(String)
    case notAYear(String, TaxRules)
    case currencyNotFiled(rules: TaxRules, ledger: String)
    case noDisposals(year: String, years: [String])
    case notATaxSetting(String)

    public var category: ErrorCategory {
        switch self {
        case .rulesRequired, .unknownRules, .methodFixedByRules, .usOnly, .unknownMethod, .notAYear, .notATaxSetting:
            .usage
        case .currencyNotFiled, .noDisposals: .data
        }
    }

    public var description: String {
        switch self {
        case .rulesRequired:
            "say which rules: --rules us, uk or de (or set them once with 'ledger init --tax-rules uk')"
        case .unknownRules(let text), .notATaxSetting(let text):
            "'\(text)' is not a set of tax rules; use --rules us, uk or de"
        case .methodFixedByRules(let rules):
            "the \(rules.rawValue) rules fix their own matching; --method is for --rules us only"
        case .usOnly(let option, let rules):
            "the \(rules.rawValue) rules have no \(option); it is for --rules us only"
        case .unknownMethod(let text):
            "'\(text)' is not a lot method for --rules us; use fifo, lifo or hifo"
        case .notAYear(let text, let rules):
            "'\(text)' is not a tax year; give e.g. --year \(rules == .uk ? "2024/25 (6 April 2024 to 5 April 2025)" : "2024")"
        case .currencyNotFiled(let rules, let ledger):
            "the \(rules.rawValue) rules file in \(rules.filingCurrency) but this ledger's currency is \(ledger); "
                + "keep a ledger in \(rules.filingCurrency) for them ('ledger init --currency \(rules.filingCurrency)' on a new ledger)"
        case .noDisposals(let year, let years):
            "no disposals in \(year)"
                + (years.isEmpty
                    ? "; the ledger has none yet" : "; years with disposals: \(years.joined(separator: ", "))")
        }
    }
}
