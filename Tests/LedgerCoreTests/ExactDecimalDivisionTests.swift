import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The hardware paths of ``ExactDecimal/divide(_:by:)`` give exactly the generic full-width
/// division's quotient and remainder.
@Suite("ExactDecimal: the full-width division's fast paths")
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
