import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The shortcuts `ledger returns` takes for speed give what the plain definitions give, bit for
/// bit: the shared closes, the day's movements from the negative balances only, and the
/// solver's sum that skips multiplying by one.
@Suite("Returns: the fast paths equal the plain definitions")
struct ReturnsShortcutTests {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]

    /// A signed decimal with 2 places in (−`bound`, `bound`), or zero one time in four.
    static func draw(_ random: inout SplitMix64, _ bound: Int) -> ExactDecimal {
        if random.next() % 4 == 0 { return .zero }
        let cents = Int128(random.next() % UInt64(2 * bound * 100)) - Int128(bound * 100)
        return ExactDecimal(units: cents * ExactDecimal.unitsPerOne / 100)
    }

    @Test("a day's movements: deposits plus the change of what is owed, over every asset", arguments: seeds)
    func movements(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let assets = ["USD", "EUR", "BTC", "ETH", "AAPL"].map(sym)
        let day = LocalDate(daysSinceEpoch: 19_001)
        for _ in 0..<50 {
            var held: [AssetSymbol: ExactDecimal] = [:]
            var before: [AssetSymbol: ExactDecimal] = [:]
            var deposits: [AssetSymbol: ExactDecimal] = [:]
            for asset in assets {
                if random.next() % 3 > 0 { held[asset] = Self.draw(&random, 50) }
                if random.next() % 3 > 0 { before[asset] = Self.draw(&random, 50) }
                if random.next() % 3 == 0 { deposits[asset] = Self.draw(&random, 50) }
            }
            let input = ReturnsInput(
                days: [day.adding(days: -1), day], closes: [before, held], flows: [day: deposits])
            var expected = deposits
            for asset in Set(held.keys).union(before.keys) {
                let change = max(.zero, -(held[asset] ?? .zero)) - max(.zero, -(before[asset] ?? .zero))
                expected[asset, default: .zero] += change
            }
            let moved = ReturnsSeries.movements(on: day, held: held, before: before, input)
            #expect(moved == expected.filter { !$0.value.isZero }, "seed \(seed)")
        }
    }

    @Test("the solver's sign of Σ Pᵢ qᵏⁱ is the one multiplying every step", arguments: seeds)
    func npvSign(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let days = Int(random.next() % 900) + 2
        var flows = [CashFlow(day: 0, amount: ExactDecimal(-1_000))]
        for _ in 0..<(Int(random.next() % 60) + 1) {
            flows.append(CashFlow(day: Int(random.next() % UInt64(days + 1)), amount: Self.draw(&random, 400)))
        }
        flows.append(CashFlow(day: days, amount: ExactDecimal(1_050)))
        flows.sort { $0.day < $1.day }
        let step = (XIRR.highest - XIRR.lowest) / ExactDecimal(XIRR.gridSteps)
        for index in 0...XIRR.gridSteps {
            let y = XIRR.lowest + step.multiplied(byInteger: index)
            #expect(XIRR.sign(of: flows, days: days, at: y) == Self.plainSign(flows, days: days, at: y), "seed \(seed)")
        }
    }

    /// The sum as first written: every step multiplies, even by q⁰ = 1 or by q¹ built as 1·q.
    static func plainSign(_ flows: [CashFlow], days: Int, at y: ExactDecimal) -> Int {
        let q = ((y.isNegative ? y : -y) / ExactDecimal(days)).exponential()
        var (total, power, reached) = (ExactDecimal.zero, ExactDecimal.one, 0)
        for flow in y.isNegative ? Array(flows.reversed()) : flows {
            let k = y.isNegative ? days - flow.day : flow.day
            var (factor, square, rest) = (ExactDecimal.one, q, k - reached)
            while rest > 0 {
                if rest & 1 == 1 { factor = factor * square }
                rest >>= 1
                square = square * square
            }
            power = power * factor
            reached = k
            total += flow.amount * power
        }
        return total.isZero ? 0 : total.isNegative ? -1 : 1
    }

    @Test("the shared closes are each day's lookup, whatever order they are asked in", arguments: seeds)
    func sharedCloses(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let start = LocalDate(daysSinceEpoch: 19_000)
        let days = (0..<30).map { start.adding(days: $0) }
        var observations: [PriceObservation] = []
        for asset in ["BTC", "ETH"] {
            for offset in 0..<30 where random.next() % 3 > 0 {
                let price = ExactDecimal(Int(random.next() % 1_000) + 1)
                observations.append(
                    PriceObservation(
                        asset: sym(asset), quote: sym("USD"), observedAt: days[offset].endOfDay, price: price,
                        source: "test"))
            }
        }
        let prices = PriceTable(observations)
        let asOf = days[29].endOfDay.adding(seconds: -3_600)
        let closes = ReturnsCloses(days: days, prices: prices, currency: sym("USD"), asOf: asOf)
        for _ in 0..<200 {
            let (asset, index) = (random.next() % 2 == 0 ? sym("BTC") : sym("ETH"), Int(random.next() % 30))
            let direct = ReturnsSeries.close(
                of: asset, on: days[index], at: ReturnsSeries.closeTime(index, of: days, asOf: asOf), prices: prices,
                currency: sym("USD"))
            #expect(closes.close(of: asset, at: index) == direct, "seed \(seed) \(asset) day \(index)")
        }
    }
}
