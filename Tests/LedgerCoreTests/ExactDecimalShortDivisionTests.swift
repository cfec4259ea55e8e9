import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// The division by a divisor within 64 bits that a number's text and display rounding use
/// (``ExactDecimal/quotientAndRemainder(_:dividingBy:)``: one 64-bit or one 128-bit division,
/// the remainder from the quotient), and the rounding built on it, give exactly the generic
/// division's quotient and remainder.
@Suite("ExactDecimal: the short division of writing and rounding")
struct ExactDecimalShortDivisionTests {
    /// A magnitude whose high word is below `limit` (or anywhere, one time in four), its bits
    /// often few: the quotient fits in 64 bits or just does not.
    static func magnitude(_ random: inout SplitMix64, highBelow limit: UInt64) -> UInt128 {
        let high = random.next() % 4 == 0 ? random.next() >> (random.next() % 64) : random.next() % limit
        return UInt128(high) << 64 | UInt128(random.next() >> (random.next() % 64))
    }

    @Test(
        "a magnitude ÷ each power of ten up to 10¹⁸ and other 64-bit divisors as the generic division gives it",
        arguments: [11, 12, 13] as [UInt64])
    func shortDivisionSameAsGeneric(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var divisors = (0...18).map { UInt64(ExactDecimal.powerOfTen($0)) }
        divisors += [3, UInt64.max, random.next() | 1, random.next() >> 20 | 1]
        for divisor in divisors {
            var magnitudes: [UInt128] = [0, 1, UInt128(divisor) - 1, UInt128(divisor), UInt128(UInt64.max)]
            magnitudes += [UInt128(divisor) << 64 - 1, UInt128(divisor) << 64, UInt128.max]
            for _ in 0..<300 { magnitudes.append(Self.magnitude(&random, highBelow: divisor)) }
            for magnitude in magnitudes {
                let expected = magnitude.quotientAndRemainder(dividingBy: UInt128(divisor))
                let found = ExactDecimal.quotientAndRemainder(magnitude, dividingBy: divisor)
                #expect(
                    found.quotient == expected.quotient && UInt128(found.remainder) == expected.remainder,
                    "seed \(seed) divisor \(divisor) magnitude \(magnitude)")
            }
        }
    }

    @Test("rounding for display as the generic division gives it", arguments: [14, 15] as [UInt64])
    func roundedSameAsGeneric(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            // Below half the range: rounding up never overflows.
            let magnitude = Self.magnitude(&random, highBelow: UInt64.max) >> 2
            let value = ExactDecimal(units: random.next() % 2 == 0 ? Int128(magnitude) : -Int128(magnitude))
            let places = Int(random.next() % 19)
            let step = ExactDecimal.powerOfTen(18 - places).magnitude
            let (quotient, remainder) = value.units.magnitude.quotientAndRemainder(dividingBy: step)
            let up = remainder >= step - remainder
            let units = Int128(quotient + (up ? 1 : 0)) * Int128(step)
            let expected = places == 18 ? value : ExactDecimal(units: value.units < 0 ? -units : units)
            #expect(value.rounded(places: places) == expected, "seed \(seed) \(value.units) to \(places)")
        }
    }

    @Test("rounding past the largest value is overflow, not a trap (a price of 170141183460469231731.6873)")
    func roundedPastTheLargestIsOverflow() {
        let largest = ExactDecimal(units: Int128.max)
        for value in [largest, -largest] {
            #expect(value.rounded(places: 2).isOverflow)
            #expect(value.rounded(places: 17).isOverflow)
            #expect(
                value.rounded(places: 2, rule: .towardZero)
                    == ExactDecimal(units: value.units / 10_000_000_000_000_000 * 10_000_000_000_000_000))
        }
        // Its text for a report: `overflow`, no places after it.
        #expect(largest.formatted(places: 2) == "overflow")
        // Just below: rounds down, fits.
        let below = ExactDecimal(units: Int128.max / 10_000_000_000_000_000 * 10_000_000_000_000_000)
        #expect(below.rounded(places: 2) == below)
    }
}
