import LedgerCoreTestSupport
import Testing

@testable import LedgerCore

/// A number's text as the generic 128-bit division gives it: the split at 10¹⁸ by 10¹⁸'s
/// reciprocal (``ExactDecimal/divideByUnit(_:)``) and the one-pass rounding of
/// ``ExactDecimal/write(formattedTo:places:rule:)`` and ``ExactDecimal/write(groupedTo:places:plus:)``
/// (round 32) write what the rounded value's text, padded and grouped, reads.
@Suite("ExactDecimal: text written in one pass reads as the generic division's")
struct ExactDecimalOnePassTextTests {
    /// A value whose integer part is small, near 2⁶⁴ or anywhere, often an exact half of a step.
    static func value(_ random: inout SplitMix64) -> ExactDecimal {
        var magnitude = ExactDecimalShortDivisionTests.magnitude(&random, highBelow: UInt64.max) >> 2
        if random.next() % 4 == 0 {
            let step = ExactDecimal.powerOfTen(Int(random.next() % 18)).magnitude
            magnitude = magnitude / step * step + step / 2
        }
        if random.next() % 8 == 0 { magnitude = UInt128(random.next() % 100_000) }
        return ExactDecimal(units: random.next() % 2 == 0 ? Int128(magnitude) : -Int128(magnitude))
    }

    /// The exact text from the generic division: the sign, the integer part, the fraction's
    /// 18 digits without trailing zeros.
    static func exact(_ value: ExactDecimal) -> String {
        let (whole, fraction) = value.units.magnitude.quotientAndRemainder(
            dividingBy: UInt128(1_000_000_000_000_000_000))
        var digits = String(fraction)
        digits = String(repeating: "0", count: 18 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return (value.units < 0 ? "-" : "") + String(whole) + (digits.isEmpty ? "" : "." + digits)
    }

    /// `value` rounded half away from zero to `places` by the generic division, its text with
    /// exactly `places` fractional digits.
    static func rounded(_ value: ExactDecimal, places: Int) -> String {
        let step = ExactDecimal.powerOfTen(18 - places).magnitude
        let (quotient, remainder) = value.units.magnitude.quotientAndRemainder(dividingBy: step)
        let units = Int128(quotient + (remainder >= step - remainder ? 1 : 0)) * Int128(step)
        let text = exact(ExactDecimal(units: value.units < 0 ? -units : units))
        let present = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
        return text + (present == nil ? "." : "") + String(repeating: "0", count: places - (present ?? 0))
    }

    /// `text`'s integer part grouped by thousands.
    static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let parts = text.dropFirst(negative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
        var integer = Array(parts[0])
        var index = integer.count - 3
        while index > 0 {
            integer.insert(",", at: index)
            index -= 3
        }
        return (negative ? "-" : "") + String(integer) + "." + parts[1]
    }

    static func written(_ write: (inout ByteCursor) -> Void) -> String {
        withBytes(atMost: 80, write) { String(decoding: $0, as: UTF8.self) }
    }

    @Test("the exact text and every rounding to 1…17 places, grouped or not", arguments: [21, 22, 23] as [UInt64])
    func sameAsGenericDivision(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let value = Self.value(&random)
            #expect(value.formatted() == Self.exact(value), "seed \(seed) \(value.units)")
            let places = 1 + Int(random.next() % 17)
            let expected = Self.rounded(value, places: places)
            #expect(value.formatted(places: places) == expected, "seed \(seed) \(value.units) to \(places)")
            let fits = value.units.magnitude / ExactDecimal.unitsPerOne.magnitude < UInt128(UInt64.max)
            for plus in [false, true] {
                var done = false
                let text = Self.written { done = value.write(groupedTo: &$0, places: places, plus: plus) }
                #expect(done == fits, "seed \(seed) \(value.units)")
                guard done else { continue }
                let positive = plus && !expected.hasPrefix("-") && expected.contains { $0 != "0" && $0 != "." }
                #expect(text == (positive ? "+" : "") + Self.grouped(expected), "seed \(seed) \(value.units)")
            }
        }
    }

    @Test("halves, carries into the integer part and the limits of the one pass")
    func edges() {
        let cases: [(String, Int, String)] = [
            ("0.005", 2, "0.01"), ("-0.005", 2, "-0.01"), ("0.004999999999999999", 2, "0.00"),
            ("-0.0049", 2, "0.00"), ("999.995", 2, "1,000.00"), ("-999999.995", 2, "-1,000,000.00"),
            ("0.95", 1, "1.0"), ("1234567.891", 2, "1,234,567.89"), ("0", 2, "0.00"),
            ("18446744073709551614.5", 2, "18,446,744,073,709,551,614.50"),
        ]
        for (text, places, expected) in cases {
            let value = ExactDecimal(text)!
            #expect(Self.written { _ = value.write(groupedTo: &$0, places: places) } == expected, "\(text)")
        }
        // Every digit in every place of a fraction and of an integer part (eight digits a division).
        for text in [
            "0.999999999999999999", "0.100000000000000001", "12345678.87654321", "99999999.00000001",
            "-9876543210987654321.012345678901234567", "0.090807060504030201", "10000000.1",
        ] {
            #expect(ExactDecimal(text)!.formatted() == text)
        }
        #expect(Self.written { _ = ExactDecimal("0.005")!.write(groupedTo: &$0, places: 2, plus: true) } == "+0.01")
        #expect(Self.written { _ = ExactDecimal("0.004")!.write(groupedTo: &$0, places: 2, plus: true) } == "0.00")
        // Nothing written for 0 or 18 places, the overflow marker, an integer part of 2⁶⁴ − 1 on.
        for (value, places) in [
            (ExactDecimal.one, 0), (.one, 18), (.overflow, 2), (ExactDecimal("18446744073709551615")!, 2),
        ] {
            var done = true
            #expect(Self.written { done = value.write(groupedTo: &$0, places: places) }.isEmpty)
            #expect(!done)
        }
    }
}
