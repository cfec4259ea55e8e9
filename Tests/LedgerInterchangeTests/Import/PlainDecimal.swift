/// Plain decimal arithmetic for tests, with no rounding and no limit on the places: a signed
/// integer in base 10⁹ limbs over a fixed scale of 10⁻³⁶ (a product of two 18-place numbers
/// is exact). It checks the ledger's own ``ExactDecimal`` from outside: whatever a reader of
/// the export computes with it is what any other exact reader (Python's `decimal`) gets.
struct PlainDecimal: Equatable, CustomStringConvertible {
    static let scale = 36
    /// Magnitude, least significant limb first, no trailing zero limbs.
    var limbs: [UInt64]
    var negative: Bool

    static let zero = PlainDecimal(limbs: [], negative: false)

    /// `-12.345` and the like, at most 36 places.
    init?(_ text: String) {
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= Self.scale else { return nil }
        let digits = String(parts[0]) + fraction + String(repeating: "0", count: Self.scale - fraction.count)
        self.init(limbs: Self.limbs(decimalDigits: digits), negative: negative)
    }

    init(limbs: [UInt64], negative: Bool) {
        var trimmed = limbs
        while trimmed.last == 0 { trimmed.removeLast() }
        self.limbs = trimmed
        self.negative = trimmed.isEmpty ? false : negative
    }

    private static let base: UInt64 = 1_000_000_000

    private static func limbs(decimalDigits: String) -> [UInt64] {
        var result: [UInt64] = []
        var end = decimalDigits.endIndex
        while end > decimalDigits.startIndex {
            let start =
                decimalDigits.index(end, offsetBy: -9, limitedBy: decimalDigits.startIndex) ?? decimalDigits.startIndex
            result.append(UInt64(decimalDigits[start..<end])!)
            end = start
        }
        return result
    }

    private static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != b[index] {
            return a[index] < b[index] ? -1 : 1
        }
        return 0
    }

    private static func add(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        var carry: UInt64 = 0
        for index in 0..<max(a.count, b.count) {
            let sum = (index < a.count ? a[index] : 0) + (index < b.count ? b[index] : 0) + carry
            result.append(sum % base)
            carry = sum / base
        }
        if carry > 0 { result.append(carry) }
        return result
    }

    /// a − b for a ≥ b.
    private static func subtract(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        var borrow: UInt64 = 0
        for index in 0..<a.count {
            let take = (index < b.count ? b[index] : 0) + borrow
            borrow = a[index] < take ? 1 : 0
            result.append(a[index] + borrow * base - take)
        }
        return result
    }

    static func + (a: PlainDecimal, b: PlainDecimal) -> PlainDecimal {
        if a.negative == b.negative { return PlainDecimal(limbs: add(a.limbs, b.limbs), negative: a.negative) }
        return compare(a.limbs, b.limbs) >= 0
            ? PlainDecimal(limbs: subtract(a.limbs, b.limbs), negative: a.negative)
            : PlainDecimal(limbs: subtract(b.limbs, a.limbs), negative: b.negative)
    }

    static prefix func - (a: PlainDecimal) -> PlainDecimal { PlainDecimal(limbs: a.limbs, negative: !a.negative) }

    static func - (a: PlainDecimal, b: PlainDecimal) -> PlainDecimal { a + -b }

    /// The exact product (the operands must have at most 18 places each).
    static func * (a: PlainDecimal, b: PlainDecimal) -> PlainDecimal {
        var wide = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count + 1)
        for (i, x) in a.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, y) in b.limbs.enumerated() {
                let value = wide[i + j] + x * y + carry
                wide[i + j] = value % base
                carry = value / base
            }
            wide[i + b.limbs.count] += carry
        }
        // Both operands carry 10³⁶; divide one 10³⁶ out: four whole limbs (10³⁶ = (10⁹)⁴).
        let product = PlainDecimal(limbs: wide, negative: a.negative != b.negative)
        precondition(product.limbs.prefix(4).allSatisfy { $0 == 0 }, "operands with more than 18 places")
        return PlainDecimal(limbs: Array(product.limbs.dropFirst(4)), negative: product.negative)
    }

    /// The digits after the 18th place: nonzero is a tail the ledger's 18 places cannot hold.
    /// The exact quotient by a whole number, or nil when it does not terminate at 36 places.
    func divided(by divisor: UInt64) -> PlainDecimal? {
        var result = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        for index in stride(from: limbs.count - 1, through: 0, by: -1) {
            let value = remainder * Self.base + limbs[index]
            result[index] = value / divisor
            remainder = value % divisor
        }
        return remainder == 0 ? PlainDecimal(limbs: result, negative: negative) : nil
    }

    /// Places 19…36 are the two lowest limbs.
    var hasTailBeyond18Places: Bool { limbs.prefix(2).contains { $0 != 0 } }

    var description: String {
        var digits = limbs.isEmpty ? "0" : String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let text = String(limb)
            digits += String(repeating: "0", count: 9 - text.count) + text
        }
        if digits.count <= Self.scale { digits = String(repeating: "0", count: Self.scale - digits.count + 1) + digits }
        var whole = String(digits.dropLast(Self.scale))
        var fraction = String(digits.suffix(Self.scale))
        while fraction.last == "0" { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
