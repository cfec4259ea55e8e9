/// A tax report: per year the figures a return asks for, per disposal how it was matched, and
/// what is still held with its tax basis (docs/TAX.md, `ledger.tax/2`).
public struct TaxReport: Sendable {
    public var rules: TaxRules
    public var options: TaxOptions
    public var years: [TaxYear]
    /// In the order they happened; of one year only when the report was made for one.
    public var disposals: [TaxDisposal]
    public var holdings: [TaxHolding]
    public var income: [TaxIncomeRecord]
    /// Every tax year with a disposal, in order (also those after a year asked for).
    public var yearsWithDisposals: [Int]

    public var complete: Bool { years.allSatisfy(\.complete) }

    public func year(_ year: Int) -> TaxYear? { years.first { $0.year == year } }

    /// The disposals of one tax year.
    public func disposals(in year: Int) -> [TaxDisposal] {
        disposals.filter { TaxCalendar.year(of: $0.disposed.date, rules: rules) == year }
    }
}

/// The pure tax engine: transactions in (the replay's, in replay order), report out.
public enum TaxEngine {
    /// With `year` (`ledger tax --year`), the years after it are not built (a year needs the
    /// ones before it for the losses carried forward, never the ones after it) and only its
    /// disposals are kept. `cores`: where the matching may run beside the keeping of its
    /// disposals (``TaxStream``); `census`: the replay's census of `transactions`
    /// (``PortfolioState/taxCensus``), if it took one; `holdings`: false leaves
    /// ``TaxReport/holdings`` empty (a report that does not show them).
    public static func report(
        _ transactions: [TaxTransaction], income: [TaxIncomeRecord] = [], rules: TaxRules,
        options: TaxOptions = TaxOptions(), year: Int? = nil, cores: any SecondCore = OneCore(),
        census: TaxCensus? = nil, holdings: Bool = true
    ) -> TaxReport {
        // The stream checks the time order in its census (nil: not in time order).
        let streamed =
            rules == .uk
            ? nil
            : TaxStream.match(
                transactions, rules: rules, options: options, year: year, cores: cores, counted: census,
                holdings: holdings)
        var matched = streamed ?? perAsset(transactions, rules: rules, options: options, year: year)
        if !holdings { matched.holdings = [] }
        return TaxReport(
            rules: rules, options: options,
            years: TaxYearBuilder.years(matched.totals, income: income, rules: rules, options: options, through: year),
            disposals: matched.disposals, holdings: matched.holdings, income: income,
            yearsWithDisposals: matched.years)
    }

    /// What matching gave: the disposals kept, each year's totals, the holdings.
    struct Matched {
        var disposals: [TaxDisposal] = []
        var totals: [Int: TaxYearTotals] = [:]
        var years: [Int] = []
        var holdings: [TaxHolding] = []
    }

    /// Each asset's transactions matched apart, then the disposals put in order (the UK rules
    /// look 30 days ahead within an asset; any rules when the transactions are not in time order).
    static func perAsset(
        _ transactions: [TaxTransaction], rules: TaxRules, options: TaxOptions, year: Int?
    ) -> Matched {
        var byAsset: [AssetSymbol: [TaxTransaction]] = [:]
        for transaction in transactions where transaction.assetClass != .fiat {
            byAsset[transaction.asset, default: []].append(transaction)
        }
        var parts: [[TaxDisposal]] = []
        var matched = Matched()
        for asset in byAsset.keys.sorted() {
            let part = match(byAsset[asset]!, asset: asset, rules: rules, options: options)
            parts.append(part.disposals)
            matched.holdings += part.holdings
        }
        let disposals = inOrder(parts)
        matched.totals = TaxYearBuilder.totals(disposals, rules: rules, through: year)
        matched.years = Set(disposals.lazy.map { TaxCalendar.year(of: $0.disposed.date, rules: rules) }).sorted()
        matched.disposals =
            year.map { year in disposals.filter { TaxCalendar.year(of: $0.disposed.date, rules: rules) == year } }
            ?? disposals
        return matched
    }

    /// The disposals of every part (each asset's, in matching order) by time, then asset and
    /// event, then part and place in it. The order is found on positions and each disposal
    /// copied once: sorting the disposals themselves moved each large value ~log n times, and
    /// joining the parts first copied every one of them once more.
    static func inOrder(_ parts: [[TaxDisposal]]) -> [TaxDisposal] {
        var order: [(part: Int, index: Int)] = []
        order.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for (part, disposals) in parts.enumerated() {
            for index in disposals.indices { order.append((part, index)) }
        }
        func key(_ at: (part: Int, index: Int)) -> (Timestamp, AssetSymbol, EventID, Int, Int) {
            (
                parts[at.part][at.index].disposed, parts[at.part][at.index].asset, parts[at.part][at.index].event,
                at.part,
                at.index
            )
        }
        order.sort { key($0) < key($1) }
        return order.map { parts[$0.part][$0.index] }
    }

    private static func match(
        _ transactions: [TaxTransaction], asset: AssetSymbol, rules: TaxRules, options: TaxOptions
    ) -> (disposals: [TaxDisposal], holdings: [TaxHolding]) {
        switch rules {
        case .uk:
            let (disposals, pool) = UKShareMatching.run(transactions)
            let holding = TaxHolding(
                asset: asset, account: ValuationOptions.pooledAccount, quantity: pool.quantity, costBasis: pool.cost,
                acquired: nil, costKnown: pool.complete)
            return (disposals, pool.quantity.isPositive ? [holding] : [])
        case .us, .de:
            let first = transactions.first?.assetClass ?? .crypto
            let matching = TaxLotMatching.run(
                transactions, method: method(rules, options), washSales: washSales(first, rules, options),
                perWalletFrom: perWalletFrom(rules, options))
            let disposals = rules == .de ? matching.disposals.map(germanTreatment) : matching.disposals
            return (disposals, matching.holdings(of: asset))
        }
    }

    /// The lot method: the US standing instruction, FIFO in Germany.
    static func method(_ rules: TaxRules, _ options: TaxOptions) -> BookingMethod {
        rules == .us ? options.method : .fifo
    }

    /// Whether the wash-sale rule applies to an asset of `assetClass` (US only).
    static func washSales(_ assetClass: AssetClass, _ rules: TaxRules, _ options: TaxOptions) -> Bool {
        rules == .us && washSalesApply(to: assetClass, options: options)
    }

    /// The first day of basis per account: 2025 in the US (none with `universalBasis`), the
    /// start in Germany.
    static func perWalletFrom(_ rules: TaxRules, _ options: TaxOptions) -> LocalDate? {
        switch rules {
        case .us: options.universalBasis ? nil : TaxCalendar.usBasisPerWallet
        case .de: TaxCalendar.germanBasisPerWallet
        case .uk: nil
        }
    }

    /// Stock, ETFs, funds and ADRs; crypto only when asked.
    public static func washSalesApply(to assetClass: AssetClass, options: TaxOptions) -> Bool {
        switch assetClass {
        case .stock, .etf, .fund, .adr: true
        case .crypto: options.washSalesForCrypto
        case .warrant, .bond, .fiat: false
        }
    }

    /// § 23 EStG: crypto held more than one year is tax-free; securities are taxed at source.
    static func germanTreatment(_ disposal: TaxDisposal) -> TaxDisposal {
        var result = disposal
        germanTreatment(of: &result)
        return result
    }

    static func germanTreatment(of disposal: inout TaxDisposal) {
        if disposal.assetClass != .crypto {
            disposal.treatment = .taxedAtSource
        } else if disposal.term == .long {
            disposal.treatment = .taxFree
        }
    }
}
