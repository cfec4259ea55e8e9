import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Buys and sells for a total (`@@`): the quote moves by exactly the total, and what a sale
/// brings in is split over its lot pieces by the largest remainder method (docs/VALUATION.md).
@Suite("Totals and the split of proceeds")
struct PriceTotalTests {
    @Test("the issue's three commands: cash and gains exact to the last digit")
    func issueExample() {
        var make = Events()
        // deposit 1000; buy 3 ETH for 100; sell 3 ETH for 200: cash 1000 − 100 + 200 = 1100,
        // gain 200 − 100 = 100. With unit prices 33.333…333 and 66.666…667 it was 1100.000…002.
        let state = Valuation.replay([
            make.deposit("USD", "1000", on: "2024-01-01"),
            make.buy("ETH", "3", for: "100", on: "2024-01-02"),
            make.sell("ETH", "3", for: "200", on: "2024-01-03"),
        ])
        #expect(state.fiatBalance("USD") == dec("1100"))
        #expect(state.realizedPnL == dec("100"))
        #expect(state.disposals.map(\.proceeds) == [dec("200")] && state.disposals.map(\.cost) == [dec("100")])
    }

    @Test("the balance change, the summary and the derived unit price of a total")
    func quantityChangeAndSummary() {
        var make = Events()
        let buy = make.buy("ETH", "3", for: "100", on: "2024-01-02", fee: "1")
        #expect(buy.quantityChanges.map(\.delta) == [dec("3"), dec("-100"), dec("-1")])
        #expect(buy.summary == "buy 3 ETH @@ 100 USD, fee 1 USD")
        guard case .buy(let amount, let term) = buy.action else {
            Issue.record("not a buy")
            return
        }
        #expect(term.unitPrice(for: amount.quantity).amount == dec("33.333333333333333333"))
        #expect(term.quoteAmount(for: amount.quantity) == dec("100"))
        #expect(buy.schemaVersion == 2)
        #expect(make.buy("ETH", "3", at: "100", on: "2024-01-02").schemaVersion == 1)
    }

    @Test("a total is validated like a price")
    func validation() {
        var make = Events()
        #expect(make.buy("ETH", "3", for: "-1", on: "2024-01-02").validate() == .negativeTotal(dec("-1")))
        #expect(
            make.sell("ETH", "3", for: "1", in: "ETH", on: "2024-01-02").validate() == .priceInSameAsset(sym("ETH")))
        // 1000 ÷ 10⁻¹⁸ = 10²¹ is beyond the range: the derived unit price cannot be recorded.
        let tiny = make.buy("ETH", "0.000000000000000001", for: "1000", on: "2024-01-02")
        #expect(tiny.validate() == .outOfRange(field: "total ÷ quantity"))
    }

    @Test("largest remainder: worked examples")
    func apportionExamples() {
        // 100 in three equal parts: 33.333…333 each leaves 1 unit, which goes to the first
        // (equal remainders: the earlier share first).
        #expect(
            dec("100").apportioned(by: [dec("1"), dec("1"), dec("1")])
                == [dec("33.333333333333333334"), dec("33.333333333333333333"), dec("33.333333333333333333")])
        // 1 unit over weights 1 and 2: exact shares 1/3 and 2/3 of a unit; the larger remainder wins.
        #expect(ExactDecimal(units: 1).apportioned(by: [dec("1"), dec("2")]) == [.zero, ExactDecimal(units: 1)])
        #expect(dec("-10").apportioned(by: [dec("1"), dec("0"), dec("3")]) == [dec("-2.5"), .zero, dec("-7.5")])
        #expect(dec("5").apportioned(by: [.zero, .zero]) == [.zero, dec("5")])
        #expect(dec("5").apportioned(by: []) == [])
    }

    @Test(
        "largest remainder: shares add up exactly and stay within 10⁻¹⁸ of their proportion",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func apportionProperty(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<400 {
            let total = ExactDecimal(
                units: Int128(Int64.random(in: -1_000_000_000_000_000_000...Int64.max, using: &random))
                    * Int128(Int.random(in: 1...1000, using: &random)))
            let weights = (0..<Int.random(in: 1...9, using: &random)).map { _ in
                ExactDecimal(
                    units: Int128(UInt64.random(in: 0...UInt64(Int64.max), using: &random))
                        >> Int.random(in: 0...60, using: &random))
            }
            let shares = total.apportioned(by: weights)
            #expect(
                shares.sum() == total || weights.allSatisfy(\.isZero) && shares.last == total,
                "seed \(seed) round \(round)")
            let whole = weights.reduce(UInt128(0)) { $0 + $1.units.magnitude }
            guard whole > 0 else { continue }
            for (share, weight) in zip(shares, weights) {
                // floor(|total| × weight ÷ Σ weights) ≤ |share| ≤ that + 1 unit.
                let floor = whole.dividingFullWidth(
                    total.units.magnitude.multipliedFullWidth(by: weight.units.magnitude)
                ).quotient
                #expect(
                    share.units.magnitude == floor || share.units.magnitude == floor + 1, "seed \(seed) round \(round)")
                #expect(share.isZero || share.isNegative == total.isNegative, "seed \(seed) round \(round)")
            }
        }
    }

    @Test(
        "largest remainder: two weights (a path of their own) give the general method's shares",
        arguments: [6, 7] as [UInt64])
    func apportionTwo(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<2_000 {
            let total = ExactDecimal(
                units: Int128(Int64.random(in: Int64.min + 1...Int64.max, using: &random))
                    * Int128(Int.random(in: 1...1000, using: &random)))
            let weights = (0..<2).map { _ in
                Int.random(in: 0..<8, using: &random) == 0
                    ? ExactDecimal.zero
                    : ExactDecimal(
                        units: Int128(UInt64.random(in: 1...UInt64(Int64.max), using: &random))
                            >> Int.random(in: 0...60, using: &random))
            }
            guard !weights.allSatisfy(\.isZero) else { continue }
            // A third weight of zero takes the general way and gets nothing.
            let general = total.apportioned(by: weights + [.zero])
            #expect(total.apportioned(by: weights) == Array(general.prefix(2)), "seed \(seed) round \(round)")
            #expect(general[2] == .zero, "seed \(seed) round \(round)")
        }
    }

    @Test(
        "a sale over random lots: the pieces' proceeds add up to the total exactly",
        arguments: [11, 12, 13, 14] as [UInt64])
    func randomLotSplits(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<40 {
            var make = Events()
            var events: [LedgerEvent] = []
            var held = ExactDecimal.zero
            for day in 1...Int.random(in: 2...6, using: &random) {
                let quantity = Self.randomAmount(&random, places: 8)
                held += quantity
                events.append(
                    make.buy(
                        "ETH", quantity.description, for: Self.randomAmount(&random, places: 2).description,
                        on: "2024-01-0\(day)"))
            }
            let sold = ExactDecimal(units: Int128.random(in: 1...held.units, using: &random))
            let total = Self.randomAmount(&random, places: 2)
            let fee = dec("0.07")
            events.append(
                make.sell("ETH", sold.description, for: total.description, on: "2024-02-01", fee: fee.description))
            for method in BookingMethod.allCases {
                let state = Valuation.replay(events, method: method)
                let context = "seed \(seed) round \(round) \(method)"
                #expect(state.disposals.map(\.proceeds).sum() == total - fee, "\(context)")
                #expect(state.disposals.map(\.quantity).sum() == sold, "\(context)")
                #expect(state.realizedGain == total - fee - state.disposals.map(\.cost).sum(), "\(context)")
                #expect(state.fiatBalance("USD") == total - fee, "\(context)")
                #expect(state.diagnostics.isEmpty, "\(context): \(state.diagnostics)")
            }
        }
    }

    /// A positive amount with up to `places` decimals, below a million.
    static func randomAmount(_ random: inout SplitMix64, places: Int) -> ExactDecimal {
        let scale = (0..<places).reduce(Int128(1)) { value, _ in value * 10 }
        return ExactDecimal(
            units: Int128.random(in: 1...(1_000_000 * scale), using: &random) * (ExactDecimal.unitsPerOne / scale))
    }
}
