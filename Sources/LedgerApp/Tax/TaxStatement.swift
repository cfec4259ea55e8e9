import LedgerCore
import LedgerStore

/// What `ledger tax` is asked (the command's options, not yet checked).
public struct TaxRequest: Sendable {
    public var rules: String?
    public var year: String?
    public var method: String?
    public var washSalesForCrypto = false
    /// US: the $1,500 capital loss limit of married filing separately.
    public var marriedFilingSeparately = false
    /// Whether the report lists what is still held (``TaxReport/holdings``; only `-O json`
    /// writes them): without, a million trades' lots are not made into holdings.
    public var holdings = true

    public init(
        rules: String?, year: String?, method: String?, washSalesForCrypto: Bool = false,
        marriedFilingSeparately: Bool = false
    ) {
        self.rules = rules
        self.year = year
        self.method = method
        self.washSalesForCrypto = washSalesForCrypto
        self.marriedFilingSeparately = marriedFilingSeparately
    }
}

/// A tax report of one ledger and what it lacks: the use case behind `ledger tax` (the
/// command only prints it). docs/TAX.md.
public struct TaxStatement: Sendable {
    public let report: TaxReport
    /// The one year asked for (nil: every year).
    public let year: Int?
    /// The disposals shown (with a year, the report keeps only that year's).
    public let disposals: [TaxDisposal]
    public let currency: AssetSymbol
    public let missingPrices: [MissingPrice]
    /// Every rate a value was converted with, by day (docs/TAX.md, "Trades in another currency").
    public let allRates: [TaxRate]
    /// The replay's tax transactions, held as long as the statement: freed with it (never, when
    /// the process ends after `ledger tax`), not on the calling thread between the matching
    /// and the output (a million of them, each with its strings, and their pages given back:
    /// ~25 samples there at 1M; docs/PERFORMANCE.md, "`ledger tax`").
    let transactions: [TaxTransaction]

    /// The years shown.
    public var years: [TaxYear] { year.map { report.year($0).map { [$0] } ?? [] } ?? report.years }

    /// The rates the years shown used.
    public var rates: [TaxRate] {
        guard let year else { return allRates }
        return allRates.filter { TaxCalendar.year(of: $0.day, rules: report.rules) == year }
    }

    public var complete: Bool { years.allSatisfy(\.complete) && missingPrices.isEmpty }

    /// Checks the request against the ledger, replays it once and applies the rules. Fails,
    /// writing nothing, on rules it cannot apply or a year with no disposals.
    public static func make(_ request: TaxRequest, store: Ledger, context: AppContext) throws -> TaxStatement {
        let rules = try Self.rules(request.rules, setting: try store.settings.setting(LedgerSetting.taxRules))
        // The options the rules refuse come first, whatever the ledger's currency.
        if request.marriedFilingSeparately, rules != .us {
            throw TaxError.usOnly(option: "--married-separately", rules: rules)
        }
        let options = TaxOptions(
            method: try method(request.method, rules: rules), washSalesForCrypto: request.washSalesForCrypto,
            marriedFilingSeparately: request.marriedFilingSeparately)
        let currency: AssetSymbol = try store.settings.ledgerCurrency()
        guard currency.text == rules.filingCurrency else {
            throw TaxError.currencyNotFiled(rules: rules, ledger: currency.text)
        }
        let year = try request.year.map {
            guard let year = TaxCalendar.parseYear($0, rules: rules) else { throw TaxError.notAYear($0, rules) }
            return year
        }
        let runner = try ReplayRunner(store: store, context: context)
        let state = try runner.replayForTax(currency: currency)
        let report = TaxEngine.report(
            state.taxTransactions, income: state.taxIncome, rules: rules, options: options, year: year,
            cores: context.cores, census: state.taxCensus, holdings: request.holdings)
        if let year, report.disposals.isEmpty {
            throw TaxError.noDisposals(
                year: TaxCalendar.label(of: year, rules: rules),
                years: report.yearsWithDisposals.map { TaxCalendar.label(of: $0, rules: rules) })
        }
        return TaxStatement(
            report: report, year: year, disposals: report.disposals, currency: currency,
            missingPrices: state.missingPrices,
            allRates: state.taxRates.sorted(), transactions: state.taxTransactions)
    }

    /// `--rules`, else the ledger's setting, else an error saying how to give them.
    static func rules(_ given: String?, setting: String?) throws -> TaxRules {
        if let given {
            guard let rules = TaxRules(rawValue: given.lowercased()) else { throw TaxError.unknownRules(given) }
            return rules
        }
        guard let setting else { throw TaxError.rulesRequired }
        guard let rules = TaxRules(rawValue: setting) else { throw TaxError.notATaxSetting(setting) }
        return rules
    }

    /// The US standing instruction; the UK and German rules refuse one.
    static func method(_ given: String?, rules: TaxRules) throws -> BookingMethod {
        guard let given else { return .fifo }
        guard rules == .us else { throw TaxError.methodFixedByRules(rules) }
        guard let method = BookingMethod(rawValue: given.lowercased()), method != .average else {
            throw TaxError.unknownMethod(given)
        }
        return method
    }
}
