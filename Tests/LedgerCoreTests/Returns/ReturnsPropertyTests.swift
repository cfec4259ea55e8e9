import LedgerCore
import LedgerCoreTestSupport
import Testing

/// Seeded properties of the returns maths: a planted rate is found again, a period without
/// flows has TWR = MWR = the simple change, scaling money changes no return, and e^x and ln x
/// invert each other.
@Suite("Returns: seeded properties")
struct ReturnsPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

    /// A decimal in [low, high) with `places` places.
    static func draw(_ random: inout SplitMix64, _ low: Int, _ high: Int, places: Int = 2) -> ExactDecimal {
        let scale = Int128(1) * Int128(ExactDecimal.unitsPerOne) / Int128(pow10(places))
        let steps = UInt64((high - low) * pow10(places))
        let step = Int128(random.next() % steps)
        return ExactDecimal(low) + ExactDecimal(units: step * scale)
    }

    static func pow10(_ places: Int) -> Int { (0..<places).reduce(1) { value, _ in value * 10 } }

    @Test("XIRR finds a planted period rate from deposits and the end value they grow to", arguments: seeds)
    func plantedRate(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let days = Int(random.next() % 1_500) + 2
        let planted = Self.draw(&random, -60, 200) / ExactDecimal(100)
        let growth = try #require((.one + planted).naturalLogarithm())
        var flows: [CashFlow] = []
        var end = ExactDecimal.zero
        for _ in 0..<(Int(random.next() % 6) + 1) {
            let day = Int(random.next() % UInt64(days))
            let amount = Self.draw(&random, 10, 5_000)
            flows.append(CashFlow(day: day, amount: -amount))
            // The deposit grown at the planted rate for the rest of the period.
            end += amount * (growth * ExactDecimal(days - day) / ExactDecimal(days)).exponential()
        }
        flows.append(CashFlow(day: days, amount: end))
        let found = try XIRR.solve(flows, days: days).get()
        #expect((found.periodRate - planted).magnitude < ExactDecimal(units: 1_000_000), "seed \(seed)")
        #expect((found.annualRate != nil) == (days > 365))
    }

    @Test("without flows TWR and MWR are both the simple change", arguments: seeds)
    func noFlows(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = Int(random.next() % 40) + 2
        let values = (0..<count).map { _ in Self.draw(&random, 1, 100_000) }
        let days = values.enumerated().map { index, value in
            ReturnsDay(date: LocalDate(daysSinceEpoch: 19_000 + index), value: value, pricedValue: value, flow: .zero)
        }
        let figures = ReturnFigures(days)
        let simple = values.last! / values.first! - .one
        let twr = try #require(figures.timeWeighted)
        #expect((twr.cumulative - simple).magnitude < ExactDecimal(units: 1_000), "seed \(seed)")
        let mwr = try figures.moneyWeighted!.get()
        #expect((mwr.periodRate - simple).magnitude < ExactDecimal(units: 1_000_000), "seed \(seed)")
        #expect(figures.gain == values.last! - values.first!)
    }

    @Test("scaling every value and flow by the same factor changes no return", arguments: seeds)
    func scaleFree(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var days: [ReturnsDay] = []
        var scaled: [ReturnsDay] = []
        let factor = Self.draw(&random, 2, 50)
        for index in 0..<(Int(random.next() % 20) + 2) {
            let value = Self.draw(&random, 100, 10_000)
            let flow = index == 0 ? ExactDecimal.zero : Self.draw(&random, -50, 100)
            let date = LocalDate(daysSinceEpoch: 19_000 + index)
            days.append(ReturnsDay(date: date, value: value, pricedValue: value, flow: flow))
            scaled.append(
                ReturnsDay(date: date, value: value * factor, pricedValue: value * factor, flow: flow * factor))
        }
        let (plain, big) = (ReturnFigures(days), ReturnFigures(scaled))
        let twr = try #require(plain.timeWeighted?.cumulative)
        let bigTWR = try #require(big.timeWeighted?.cumulative)
        #expect((twr - bigTWR).magnitude < ExactDecimal(units: 1_000), "seed \(seed)")
        #expect(big.gain == plain.gain.map { $0 * factor })
        if case .success(let rate) = plain.moneyWeighted, case .success(let bigRate) = big.moneyWeighted {
            #expect((rate.periodRate - bigRate.periodRate).magnitude < ExactDecimal(units: 1_000_000))
        }
    }

    @Test("e^x and ln x invert each other and e^(a+b) = e^a·e^b", arguments: seeds)
    func exponential(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let x = Self.draw(&random, -20, 20, places: 6)
            let back = try #require(x.exponential().naturalLogarithm())
            // e^−20 keeps 10 significant digits at 10⁻¹⁸; its logarithm is good to ~10⁻⁹.
            #expect((back - x).magnitude < ExactDecimal(units: 1_000_000_000), "seed \(seed) x \(x)")
            let (a, b) = (Self.draw(&random, -5, 5, places: 4), Self.draw(&random, -5, 5, places: 4))
            let product = a.exponential() * b.exponential()
            let relative = ((a + b).exponential() - product).magnitude / product
            #expect(relative < ExactDecimal(units: 100), "seed \(seed) \(a) \(b)")
        }
        #expect(ExactDecimal.one.exponential().rounded(places: 15) == dec("2.718281828459045"))
        #expect(dec("10").naturalLogarithm()?.rounded(places: 15) == dec("2.302585092994046"))
        #expect(ExactDecimal.zero.naturalLogarithm() == nil && dec("-1").naturalLogarithm() == nil)
    }
}
