import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Seeded random histories: what the rules must conserve whatever the order of trades.
@Suite("Tax: seeded property tests")
struct TaxPropertyTests {
    /// Buys and sells of two assets over about three years, a few a day at most, sales never
    /// more than is held (by the ledger's count), some days with both.
    static func history(seed: UInt64, class assetClass: AssetClass) -> TaxScenario {
        var rng = SplitMix64(seed: seed)
        var scenario = TaxScenario()
        var held: [String: Int] = ["AAA": 0, "BBB": 0]
        var day = TaxScenario.date("2021-01-04")
        for _ in 0..<600 {
            day = day.adding(days: Int.random(in: 0...4, using: &rng))
            let asset = Bool.random(using: &rng) ? "AAA" : "BBB"
            let quantity = Int.random(in: 1...40, using: &rng)
            let price = ExactDecimal(Int.random(in: 50...150, using: &rng)) / ExactDecimal(7)
            if held[asset]! >= quantity, Int.random(in: 0..<5, using: &rng) < 2 {
                scenario.sell(
                    day.description, ExactDecimal(quantity), asset, proceeds: ExactDecimal(quantity) * price,
                    costs: ExactDecimal(Int.random(in: 0...3, using: &rng)), class: assetClass)
                held[asset]! -= quantity
            } else {
                scenario.buy(
                    day.description, ExactDecimal(quantity), asset, cost: ExactDecimal(quantity) * price,
                    class: assetClass)
                held[asset]! += quantity
            }
        }
        return scenario
    }

    static func acquired(_ scenario: TaxScenario) -> (quantity: ExactDecimal, cost: ExactDecimal) {
        scenario.transactions.filter(\.isAcquisition).reduce((ExactDecimal.zero, ExactDecimal.zero)) {
            ($0.0 + $1.quantity, $0.1 + $1.amount)
        }
    }

    @Test(
        "UK: allowable acquisition costs of all disposals plus the pools are all acquisition costs",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func ukConservesCost(seed: UInt64) {
        let scenario = Self.history(seed: seed, class: .crypto)
        let report = scenario.report(.uk)
        let matched = report.disposals.flatMap(\.matches).filter { $0.rule != .notHeld }
        let (quantity, cost) = Self.acquired(scenario)
        #expect(
            report.disposals.reduce(.zero) { $0 + $1.costBasis } + report.holdings.reduce(.zero) { $0 + $1.costBasis }
                == cost)
        #expect(
            matched.reduce(.zero) { $0 + $1.quantity } + report.holdings.reduce(.zero) { $0 + $1.quantity } == quantity)
        #expect(!report.disposals.flatMap(\.matches).contains { $0.rule == .notHeld })
        for disposal in report.disposals {
            #expect(disposal.matches.reduce(.zero) { $0 + $1.quantity } == disposal.quantity)
            for match in disposal.matches {
                let days = (match.acquired?.date.daysSinceEpoch ?? 0) - disposal.disposed.date.daysSinceEpoch
                switch match.rule {
                case .sameDay: #expect(days == 0)
                case .bedAndBreakfast: #expect((1...30).contains(days))
                default: #expect(match.acquired == nil)
                }
            }
        }
        let yearly = report.years.reduce(ExactDecimal.zero) { $0 + $1.figures.net }
        #expect(yearly == report.disposals.reduce(.zero) { $0 + $1.gain })
    }

    @Test(
        "US: the basis of all disposals and holdings is what was paid plus the losses disallowed",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func usConservesBasis(seed: UInt64) {
        let scenario = Self.history(seed: seed, class: .stock)
        for method in [BookingMethod.fifo, .lifo, .hifo] {
            let report = scenario.report(.us, TaxOptions(method: method))
            let (quantity, cost) = Self.acquired(scenario)
            let disallowed = report.disposals.reduce(ExactDecimal.zero) { $0 + $1.adjustment }
            let basis =
                report.disposals.reduce(.zero) { $0 + $1.costBasis }
                + report.holdings.reduce(.zero) { $0 + $1.costBasis }
            #expect(basis == cost + disallowed)
            #expect(
                report.disposals.reduce(.zero) { $0 + $1.quantity } + report.holdings.reduce(.zero) { $0 + $1.quantity }
                    == quantity)
            // A wash sale only ever defers a loss: never more than the loss, never on a gain.
            for disposal in report.disposals where disposal.adjustment.isPositive {
                #expect(disposal.proceeds < disposal.costBasis && !disposal.gain.isPositive)
            }
            #expect(disallowed == report.years.reduce(.zero) { $0 + $1.washSaleDisallowed })
        }
    }

    @Test("US without wash sales: the same gains, lot for lot, as no adjustment at all", arguments: [6, 7] as [UInt64])
    func cryptoHasNoAdjustments(seed: UInt64) {
        let report = Self.history(seed: seed, class: .crypto).report(.us)
        #expect(report.disposals.allSatisfy { $0.adjustment == 0 && $0.adjustmentCode == nil })
    }
}
