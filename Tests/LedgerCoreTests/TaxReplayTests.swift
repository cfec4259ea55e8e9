import LedgerCore
import LedgerCoreTestSupport
import Testing

/// The seam between the replay and the tax engine: what the replay writes down for the tax
/// rules (``PortfolioState/taxTransactions``) must give, under the US rules with universal basis
/// (one pool, as the pooled replay keeps it) and without wash sales, exactly the gains the
/// replay itself realized with the same lot method.
@Suite("Tax: the replay's transactions against the replay's own gains")
struct TaxReplayTests {
    static func replay(_ ledger: RandomLedger, _ method: BookingMethod) -> PortfolioState {
        var fold = PortfolioFold(
            options: ledger.valuation(method, perAccount: false), prices: ledger.prices, recordingTax: true)
        for event in EventReplay.effective(ledger.events) { fold.apply(event) }
        return fold.state
    }

    @Test("US lots without wash sales realize what the replay realizes", arguments: [1, 2, 3, 42] as [UInt64])
    func gainsAgree(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        for method in [BookingMethod.fifo, .lifo, .hifo] {
            let state = Self.replay(ledger, method)
            let report = TaxEngine.report(
                state.taxTransactions, income: state.taxIncome, rules: .us,
                options: TaxOptions(method: method, universalBasis: true))
            let gains = report.disposals.reduce(ExactDecimal.zero) { $0 + $1.gain }
            #expect(gains == state.realizedGain, "seed \(seed) \(method)")
            #expect(report.disposals.count == state.disposals.count, "seed \(seed) \(method)")
            let open = report.holdings.reduce(ExactDecimal.zero) { $0 + $1.costBasis }
            #expect(open == state.openCost, "seed \(seed) \(method)")
            #expect(report.income.reduce(ExactDecimal.zero) { $0 + $1.value } == state.income, "seed \(seed)")
        }
    }

    @Test(
        "UK: the disposals' costs, the pools and what was withdrawn are what was acquired",
        arguments: [1, 2, 3, 42] as [UInt64])
    func ukCostConserved(seed: UInt64) {
        let state = Self.replay(RandomLedger(seed: seed), .fifo)
        let report = TaxEngine.report(state.taxTransactions, rules: .uk)
        let used = report.disposals.reduce(ExactDecimal.zero) { $0 + $1.costBasis }
        let pools = report.holdings.reduce(ExactDecimal.zero) { $0 + $1.costBasis }
        let acquired = state.taxTransactions.filter(\.isAcquisition).reduce(ExactDecimal.zero) { $0 + $1.amount }
        #expect(acquired == state.acquiredCost, "seed \(seed)")
        #expect(used + pools <= acquired, "seed \(seed): withdrawals take the rest")
        #expect(!report.disposals.flatMap(\.matches).contains { $0.rule == .notHeld }, "seed \(seed)")
    }

    @Test("other reports do not pay for it: nothing is written down unless asked")
    func offByDefault() {
        let ledger = RandomLedger(seed: 5)
        let state = PortfolioFold.replay(
            ledger.events, options: ledger.valuation(.fifo, perAccount: false), prices: ledger.prices)
        #expect(state.taxTransactions.isEmpty && state.taxIncome.isEmpty)
    }
}
