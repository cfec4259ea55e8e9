/// A tax report: per year the figures a return asks for, per disposal how it was matched, and
/// what is still held with its tax basis (docs/TAX.md, `ledger.tax/1`).
public struct TaxReport: Sendable {
    public var rules: TaxRules
    public var options: TaxOptions
    public var years: [TaxYear]
    /// In the order they happened.
    public var disposals: [TaxDisposal]
    public var holdings: [TaxHolding]
    public var income: [TaxIncomeRecord]

    public var complete: Bool { years.allSatisfy(\.complete) }

    public func year(_ year: Int) -> TaxYear? { years.first { $0.year == year } }

    /// The disposals of one tax year.
    public func disposals(in year: Int) -> [TaxDisposal] {
        disposals.filter { TaxCalendar.year(of: $0.disposed.date, rules: rules) == year }
    }
}

/// The pure tax engine: transactions in (the replay's, in replay order), report out.
public enum TaxEngine {
    /// With `through`, the years after it are not built (`ledger tax --year`: a year needs the
    /// ones before it for the losses carried forward, never the ones after it).
    public static func report(
        _ transactions: [TaxTransaction], income: [TaxIncomeRecord] = [], rules: TaxRules,
        options: TaxOptions = TaxOptions(), through: Int? = nil
    ) -> TaxReport {
        var byAsset: [AssetSymbol: [TaxTransaction]] = [:]
        for transaction in transactions where transaction.assetClass != .fiat {
            byAsset[transaction.asset, default: []].append(transaction)
        }
        var parts: [[TaxDisposal]] = []
        var holdings: [TaxHolding] = []
        for asset in byAsset.keys.sorted() {
            let part = match(byAsset[asset]!, asset: asset, rules: rules, options: options)
            parts.append(part.disposals)
            holdings += part.holdings
        }
        let disposals = inOrder(parts)
        return TaxReport(
            rules: rules, options: options,
            years: TaxYearBuilder.years(disposals, income: income, rules: rules, options: options, through: through),
            disposals: disposals, holdings: holdings, income: income)
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
                acquired: nil)
            return (disposals, pool.quantity.isPositive ? [holding] : [])
        case .us:
            let washSales = transactions.first.map { washSalesApply(to: $0.assetClass, options: options) } ?? false
            let matching = TaxLotMatching.run(
                transactions, method: options.method, washSales: washSales,
                perWalletFrom: options.universalBasis ? nil : TaxCalendar.usBasisPerWallet)
            return (matching.disposals, matching.holdings(of: asset))
        case .de:
            let matching = TaxLotMatching.run(transactions, method: .fifo, washSales: false)
            return (matching.disposals.map(germanTreatment), matching.holdings(of: asset))
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
        if disposal.assetClass != .crypto {
            result.treatment = .taxedAtSource
        } else if disposal.term == .long {
            result.treatment = .taxFree
        }
        return result
    }
}
