import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// Round 34's digit writers (``ExactDecimal+Digits.swift``): a fraction written whole and its
/// trailing zeros dropped by words, whole parts of one or two digits written in place, money's
/// two places as one pair and 1,000 … 999,999 grouped without a loop — each held to the
/// generic division's text (``ExactDecimalOnePassTextTests``) on the values a report writes most:
/// small whole parts and fractions of every length.
@Suite("ExactDecimal: round 34's digit writers read as the generic division's")
struct ExactDecimalDigitsTests {
    /// A whole part from 0 to ~10⁷ (as many of each decade) and a fraction of 0…18 digits.
    static func value(_ random: inout SplitMix64) -> ExactDecimal {
        let whole = UInt128(random.next() % ExactDecimal.powerOfTen(Int(random.next() % 8)).magnitude)
        let digits = Int(random.next() % 19)
        let fraction = UInt128(random.next() % ExactDecimal.powerOfTen(digits).magnitude)
        let units = whole * 1_000_000_000_000_000_000 + fraction * ExactDecimal.powerOfTen(18 - digits).magnitude
        return ExactDecimal(units: random.next() % 2 == 0 ? Int128(units) : -Int128(units))
    }

    @Test("exact, rounded and grouped texts of small whole parts", arguments: [31, 32, 33] as [UInt64])
    func smallWholeParts(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<20_000 {
            let value = Self.value(&random)
            #expect(value.formatted() == ExactDecimalOnePassTextTests.exact(value), "seed \(seed) \(value.units)")
            let places = random.next() % 2 == 0 ? 2 : 1 + Int(random.next() % 17)
            let rounded = ExactDecimalOnePassTextTests.rounded(value, places: places)
            let grouped = ExactDecimalOnePassTextTests.written { _ = value.write(groupedTo: &$0, places: places) }
            #expect(grouped == ExactDecimalOnePassTextTests.grouped(rounded), "seed \(seed) \(value.units)")
        }
    }

    @Test("digit counts at each power of ten")
    func digitCounts() {
        for exponent in 0...19 {
            let power = UInt64(ExactDecimal.powerOfTen(exponent))
            #expect(ExactDecimal.digitCount(power) == exponent + 1)
            if exponent > 0 { #expect(ExactDecimal.digitCount(power - 1) == exponent) }
        }
        #expect(ExactDecimal.digitCount(0) == 1)
        #expect(ExactDecimal.digitCount(UInt64.max) == 20)
    }
}
