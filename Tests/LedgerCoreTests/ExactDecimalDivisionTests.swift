import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The hardware paths of ``ExactDecimal/divide(_:by:)`` give exactly the generic full-width
/// division's quotient and remainder, and ``ExactDecimal/fullProduct(_:_:)`` the generic
/// full-width product: the generic forms are the reference.
@Suite("ExactDecimal: the full-width product's and division's fast paths")
struct ExactDecimalDivisionTests {
    static func wide(_ random: inout SplitMix64, below divisor: UInt128) -> (high: UInt128, low: UInt128) {
        let high = random.next() % 3 == 0 ? 0 : (UInt128(random.next()) << 64 | UInt128(random.next())) % divisor
        return (high, UInt128(random.next()) << 64 | UInt128(random.next()))
    }

    @Test(
        "10¹⁸, 64-bit and 128-bit divisors, dividends within and beyond 128 bits",
        arguments: [1, 2, 3, 5, 8] as [UInt64])
    func sameAsGeneric(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let divisors: [UInt128] = [
            ExactDecimal.unitsPerOne.magnitude, 1, 3, UInt128(UInt64.max), UInt128(UInt64.max) + 1,
            UInt128(random.next()) | 1, UInt128(random.next()) << 64 | UInt128(random.next()) | 1,
        ]
        for divisor in divisors {
            for _ in 0..<200 {
                let wide = Self.wide(&random, below: divisor)
                let expected = divisor.dividingFullWidth(wide)
                let found = ExactDecimal.divide(wide, by: divisor)
                #expect(
                    found.quotient == expected.quotient && found.remainder == expected.remainder,
                    "seed \(seed) divisor \(divisor) dividend \(wide)")
            }
        }
    }

    @Test("÷ 10¹⁸ by its reciprocal is the generic division, edges included", arguments: [31, 32, 33] as [UInt64])
    func byUnitSameAsGeneric(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let divisor = ExactDecimal.unitsPerOne.magnitude
        let edges: [(high: UInt128, low: UInt128)] = [
            (0, 0), (0, 1), (0, divisor - 1), (0, divisor), (0, UInt128.max), (divisor - 1, 0),
            (divisor - 1, UInt128.max),
            (1, 0), (UInt128(1) << 59, UInt128.max), (divisor / 2, divisor / 2),
        ]
        let drawn = (0..<2_000).map { _ in
            let bits = Int(random.next() % 128)
            let low = (UInt128(random.next()) << 64 | UInt128(random.next())) >> bits
            return (high: random.next() % 2 == 0 ? 0 : UInt128(random.next()) % divisor, low: low)
        }
        for wide in edges + drawn {
            let expected = divisor.dividingFullWidth(wide)
            let found = ExactDecimal.divideByUnit(wide)
            #expect(found.quotient == expected.quotient && found.remainder == expected.remainder, "\(wide)")
        }
    }

    /// Operands of 0 to 128 bits, edges among them (0, 1, 10¹⁸, 2⁶⁴ − 1, 2⁶⁴, 2¹²⁷, the largest).
    static func operand(_ random: inout SplitMix64) -> UInt128 {
        let edges: [UInt128] = [
            0, 1, ExactDecimal.unitsPerOne.magnitude, UInt128(UInt64.max), UInt128(UInt64.max) + 1, UInt128(1) << 127,
            UInt128(Int128.max), UInt128.max,
        ]
        let choice = random.next() % 4
        if choice == 0 { return edges[Int(random.next() % UInt64(edges.count))] }
        let full = UInt128(random.next()) << 64 | UInt128(random.next())
        return choice == 1 ? full & UInt128(UInt64.max) : full >> (random.next() % 128)
    }

    @Test("the product in 64-bit pieces is the generic full-width product", arguments: [11, 12, 13] as [UInt64])
    func productSameAsGeneric(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<3_000 {
            let (lhs, rhs) = (Self.operand(&random), Self.operand(&random))
            let expected = lhs.multipliedFullWidth(by: rhs)
            let found = ExactDecimal.fullProduct(lhs, rhs)
            #expect(found.high == expected.high && found.low == expected.low, "seed \(seed): \(lhs) × \(rhs)")
        }
    }

    @Test("− is + of the negation, at the overflow edges too", arguments: [21, 22] as [UInt64])
    func subtraction(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let edges: [Int128] = [0, 1, -1, Int128.max, Int128.min + 1, Int128.min, Int128.max / 2 + 1, -(Int128.max / 2)]
        for _ in 0..<3_000 {
            let pick = { (random: inout SplitMix64) -> ExactDecimal in
                let raw = Int128(bitPattern: Self.operand(&random))
                return ExactDecimal(units: random.next() % 3 == 0 ? edges[Int(random.next() % 8)] : raw)
            }
            let (lhs, rhs) = (pick(&random), pick(&random))
            #expect(lhs - rhs == lhs + rhs.negated, "seed \(seed): \(lhs.units) − \(rhs.units)")
        }
    }

    @Test("products and quotients at the edges round as before")
    func edges() {
        let big = ExactDecimal(units: Int128.max)
        #expect(big * .one == big)
        #expect((big * ExactDecimal(2)).isOverflow)
        #expect(ExactDecimal(units: 1) * ExactDecimal(units: 500_000_000_000_000_000) == .zero)
        #expect(ExactDecimal(units: 3) * ExactDecimal(units: 500_000_000_000_000_000) == ExactDecimal(units: 2))
        #expect(ExactDecimal(units: -3) * ExactDecimal(units: 500_000_000_000_000_000) == ExactDecimal(units: -2))
        #expect(ExactDecimal.one / ExactDecimal(3) == ExactDecimal(units: 333_333_333_333_333_333))
        #expect(ExactDecimal(2) / ExactDecimal(3) == ExactDecimal(units: 666_666_666_666_666_667))
    }
}
