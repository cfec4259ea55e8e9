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

    /// A tax replay of `events`, keeping lots or not (`ledger tax` keeps none).
    static func replay(_ events: [LedgerEvent], _ options: ValuationOptions, _ prices: PriceTable, lots: Bool)
        -> PortfolioState
    {
        var fold = PortfolioFold(
            options: options, prices: prices, recordingDisposals: false, recordingTax: true, keepingLots: lots)
        for event in EventReplay.effective(events) { fold.apply(event) }
        return fold.state
    }

    /// Without lots the replay must write down, warn and miss exactly what it does with them,
    /// and hold the same quantities.
    static func expectLotFreeSame(
        _ events: [LedgerEvent], _ options: ValuationOptions, _ prices: PriceTable, _ label: String
    ) {
        let kept = replay(events, options, prices, lots: true)
        let free = replay(events, options, prices, lots: false)
        #expect(free.taxTransactions == kept.taxTransactions, "\(label)")
        #expect(free.taxIncome == kept.taxIncome && free.taxRates == kept.taxRates, "\(label)")
        #expect(free.diagnostics == kept.diagnostics, "\(label)")
        #expect(free.missingPrices == kept.missingPrices, "\(label)")
        #expect(free.booksByKey.isEmpty && kept.heldByKey.isEmpty, "\(label)")
        for (key, book) in kept.booksByKey {
            #expect((free.held(key) ?? .zero) == book.quantity, "\(label) \(key)")
        }
        for (key, held) in free.heldByKey { #expect(kept.book(key)?.quantity == held, "\(label) \(key)") }
    }

    @Test(
        "without lots (ledger tax): the same transactions, warnings and quantities",
        arguments: [1, 2, 3, 42] as [UInt64])
    func lotFreeRandom(seed: UInt64) {
        let ledger = RandomLedger(seed: seed)
        for perAccount in [false, true] {
            Self.expectLotFreeSame(
                ledger.events, ledger.valuation(.fifo, perAccount: perAccount), ledger.prices,
                "seed \(seed) per account \(perAccount)")
        }
    }

    @Test("without lots: takes beyond what is held warn the same, after a reverse split and a move")
    func lotFreeOversold() {
        var make = Events()
        let events = [
            make.buy("BTC", "1", at: "100", on: "2024-01-02"), make.buy("BTC", "1", at: "110", on: "2024-01-03"),
            make.buy("BTC", "1", at: "120", on: "2024-01-04"), make.split("BTC", "1:3", on: "2024-01-05"),
            make.transfer("BTC", "0.5", from: "default", to: "cold", on: "2024-01-06"),
            make.sell("BTC", "0.75", at: "300", on: "2024-01-07"),
            make.withdraw("BTC", "1", on: "2024-01-08", account: "cold"),
            make.sell("BTC", "0", at: "300", on: "2024-01-09"),
        ]
        for perAccount in [false, true] {
            let options = ValuationOptions(
                perAccount: perAccount, currency: sym("USD"), asOf: Events.time("2030-01-01"))
            Self.expectLotFreeSame(events, options, PriceTable(), "per account \(perAccount)")
            let warnings = Self.replay(events, options, PriceTable(), lots: false).diagnostics.count
            #expect(
                warnings == (perAccount ? 2 : 1),
                "per account \(perAccount): the withdrawal beyond what is held (and per account the sale)")
        }
    }

    @Test("other reports do not pay for it: nothing is written down unless asked")
    func offByDefault() {
        let ledger = RandomLedger(seed: 5)
        let state = PortfolioFold.replay(
            ledger.events, options: ledger.valuation(.fifo, perAccount: false), prices: ledger.prices)
        #expect(state.taxTransactions.isEmpty && state.taxIncome.isEmpty)
    }
}
