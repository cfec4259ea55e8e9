import LedgerCore
import LedgerCoreTestSupport
import Testing

@Suite("ExactDecimal parsing and printing")
struct ExactDecimalTextTests {
    @Test(
        "strict parse refuses what is not plainly a number",
        arguments: [
            "12abc", "1,5", "", "1e5", "--1", "+1", ".5", "5.", "-", "1.2.3", " 1", "1 ", "0x10", "∞", "1_000",
        ])
    func refuses(_ text: String) {
        #expect(ExactDecimal(text) == nil, "'\(text)' should not parse")
    }

    @Test("each refusal says why")
    func reasons() {
        #expect(ExactDecimal.parse("12abc") == .failure(.unexpectedCharacter("a", offset: 2)))
        #expect(ExactDecimal.parse("1,5") == .failure(.unexpectedCharacter(",", offset: 1)))
        #expect(ExactDecimal.parse("") == .failure(.empty))
        #expect(ExactDecimal.parse("1e5") == .failure(.exponentNotAllowed))
        #expect(ExactDecimal.parse("--1") == .failure(.unexpectedCharacter("-", offset: 1)))
        #expect(ExactDecimal.parse("5.") == .failure(.incomplete))
        #expect(ExactDecimal.parse("0.0000000000000000001") == .failure(.tooManyFractionalDigits))
        #expect(ExactDecimal.parse("200000000000000000000000") == .failure(.outOfRange))
    }

    @Test(
        "prints exactly and round-trips",
        arguments: [
            "0.000000000000000001", "21000000", "0.00000001", "-1.5", "0", "123456789.123456789",
            "170141183460469231731.687303715884105727", "-170141183460469231731.687303715884105727",
        ])
    func roundTrip(_ text: String) {
        #expect(ExactDecimal(text)?.description == text)
    }

    @Test("normalises zeros: trailing fractional zeros and -0 disappear")
    func normalises() {
        #expect(ExactDecimal("1.500")?.description == "1.5")
        #expect(ExactDecimal("-0")?.description == "0")
        #expect(ExactDecimal("007")?.description == "7")
        #expect(ExactDecimal("1.0000000000000000000000")?.description == "1")
    }

    @Test("scientific notation only when asked for, and only when exact")
    func exponent() throws {
        #expect(try ExactDecimal.parse("1.5E-5", allowExponent: true).get().description == "0.000015")
        #expect(try ExactDecimal.parse("2e3", allowExponent: true).get().description == "2000")
        #expect(ExactDecimal.parse("1e-19", allowExponent: true) == .failure(.tooManyFractionalDigits))
        #expect(ExactDecimal.parse("1e", allowExponent: true) == .failure(.incomplete))
    }

    @Test("fixed places round half away from zero for display")
    func places() {
        #expect(ExactDecimal("2.345")!.formatted(places: 2) == "2.35")
        #expect(ExactDecimal("-2.345")!.formatted(places: 2) == "-2.35")
        #expect(ExactDecimal("2")!.formatted(places: 2) == "2.00")
        #expect(ExactDecimal("0.1")!.formatted(places: 3) == "0.100")
        #expect(ExactDecimal("1234.5")!.formatted(places: 0) == "1235")
    }
}

@Suite("ExactDecimal arithmetic")
struct ExactDecimalArithmeticTests {
    let d = { (text: String) in ExactDecimal(text)! }

    @Test func products() {
        #expect(d("0.1") * d("30000") == d("3000"))
        #expect(d("0.00000001") * d("0.00000001") == d("0.0000000000000001"))
        #expect(d("-1.5") * d("2") == d("-3"))
        // 10⁻¹⁸ × 0.5 is a tie: half-even gives 0; 3 × 10⁻¹⁸ × 0.5 gives 2 × 10⁻¹⁸.
        #expect(d("0.000000000000000001") * d("0.5") == .zero)
        #expect(d("0.000000000000000003") * d("0.5") == d("0.000000000000000002"))
    }

    @Test func quotients() {
        #expect(d("3000") / d("0.1") == d("30000"))
        #expect(d("1") / d("3") == d("0.333333333333333333"))
        #expect(d("2") / d("3") == d("0.666666666666666667"))
        #expect(d("-2") / d("3") == d("-0.666666666666666667"))
        #expect(d("1").divided(by: d("3"), rounding: .towardZero) == d("0.333333333333333333"))
    }

    @Test("overflow is a sticky error value, never a trap")
    func overflow() {
        let big = d("170141183460469231731")
        #expect((big + big).isOverflow)
        #expect((big * big).isOverflow)
        #expect((big / d("0.000000000000000001")).isOverflow)
        #expect((d("1") / .zero).isOverflow)
        #expect((ExactDecimal.overflow + d("1")).isOverflow)
        #expect(ExactDecimal.overflow.negated.isOverflow)
        #expect(ExactDecimal.overflow.description == "overflow")
        #expect((big - big) == .zero)
    }
}

@Suite("ExactDecimal properties (seeded)")
struct ExactDecimalPropertyTests {
    /// A random value spread over many magnitudes, as quantities and prices are.
    static func random(_ generator: inout SplitMix64) -> ExactDecimal {
        let digits = Int.random(in: 1...30, using: &generator)
        var units: Int128 = 0
        for _ in 0..<digits { units = units * 10 + Int128(Int.random(in: 0...9, using: &generator)) }
        return ExactDecimal(units: Bool.random(using: &generator) ? units : -units)
    }

    @Test("a + b − b == a", arguments: [1, 2, 3] as [UInt64])
    func addSubtract(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<2000 {
            let a = Self.random(&generator)
            let b = Self.random(&generator)
            #expect(a + b - b == a, "seed \(seed): \(a), \(b)")
        }
    }

    @Test("the sum of parts equals the whole", arguments: [4, 5] as [UInt64])
    func parts(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let whole = Self.random(&generator).magnitude
            let count = Int.random(in: 1...12, using: &generator)
            // Split into parts the way a sell splits a lot: equal shares, the last takes the rest.
            let share = whole.divided(by: ExactDecimal(count), rounding: .towardZero)
            var parts = Array(repeating: share, count: count - 1)
            parts.append(whole - parts.sum())
            #expect(parts.sum() == whole, "seed \(seed): \(whole) / \(count)")
        }
    }

    /// Printing the slow, obvious way: whole part, then the fraction without trailing zeros.
    static func reference(_ value: ExactDecimal) -> String {
        let magnitude = value.units.magnitude
        let one = ExactDecimal.unitsPerOne.magnitude
        var text = (value.units < 0 ? "-" : "") + String(magnitude / one)
        var fraction = String(magnitude % one)
        fraction = String(repeating: "0", count: ExactDecimal.scale - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return text == "-0" ? "0" : text
    }

    @Test("printing matches the obvious way over every magnitude", arguments: [8, 9] as [UInt64])
    func printing(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<3000 {
            let value = Self.random(&generator)
            #expect(value.formatted() == Self.reference(value), "seed \(seed): \(value.units)")
        }
        for units in [Int128.max, Int128.min + 1, 1, -1, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999] {
            #expect(ExactDecimal(units: units).formatted() == Self.reference(ExactDecimal(units: units)))
        }
    }

    @Test("parse(print(x)) == x", arguments: [6, 7] as [UInt64])
    func printParse(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<2000 {
            let value = Self.random(&generator)
            #expect(ExactDecimal(value.description) == value, "seed \(seed): \(value)")
        }
    }

    @Test("a × b ÷ b is within half a unit of a", arguments: [8] as [UInt64])
    func multiplyDivide(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<1000 {
            let a = ExactDecimal(
                units: Int128(Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)) * 1_000_000)
            let b = ExactDecimal(Int.random(in: 1...1_000_000, using: &generator))
            #expect(a * b / b == a, "seed \(seed): \(a), \(b)")
        }
    }
}

@Suite("ExactDecimal exact division")
struct ExactDivisionTests {
    @Test("a quotient is exact only when nothing is rounded")
    func exact() {
        #expect(dec("800.02").dividedExactly(by: dec("0.4")) == dec("2000.05"))
        #expect(
            dec("800.02").dividedExactly(by: dec("0.3")) == nil, "2666.7333… rounds back to 800.02 but is not exact")
        #expect(dec("1").dividedExactly(by: dec("3")) == nil)
        #expect(dec("-7.5").dividedExactly(by: dec("2.5")) == dec("-3"))
        #expect(dec("1").dividedExactly(by: .zero) == nil)
        #expect(dec("0.000000000000000001").dividedExactly(by: dec("2")) == nil)
    }
}
