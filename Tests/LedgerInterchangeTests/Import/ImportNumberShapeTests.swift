import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Every shape in which real exports write a number, written from random exact values and read
/// back to the same value; and the shapes that are not numbers, which must be refused.
@Suite("Numbers in every shape exports write them (seeded)")
struct ImportNumberShapeTests {
    static let comma = ImportNumber.Style(decimalComma: true)

    /// A random exact value: up to 12 integer digits and up to 8 fractional ones, either sign.
    static func value(_ random: inout SplitMix64) -> ExactDecimal {
        let whole = random.next() % [10, 1_000, 1_000_000, 1_000_000_000_000][Int(random.next() % 4)]
        let places = Int(random.next() % 9)
        var text = String(whole)
        if places > 0 {
            let fraction = String(random.next() % UInt64(pow10(places)))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        let value = ExactDecimal(text)!
        return random.next() % 3 == 0 ? value.negated : value
    }

    static func pow10(_ n: Int) -> Int { (0..<n).reduce(1) { value, _ in value * 10 } }

    /// `1234567.5` → `1,234,567.5` (or with another group and mark).
    static func grouped(_ magnitude: ExactDecimal, group: String = ",", mark: String = ".", places: Int? = nil)
        -> String
    {
        let text = places.map { magnitude.formatted(places: $0) } ?? magnitude.formatted()
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var whole = Array(parts[0])
        var out = ""
        while whole.count > 3 {
            out = group + String(whole.suffix(3)) + out
            whole.removeLast(3)
        }
        out = String(whole) + out
        return parts.count > 1 ? out + mark + parts[1] : out
    }

    /// The shapes of `value`, each with the style to read it in; every one means `value` exactly.
    static func shapes(_ value: ExactDecimal) -> [(String, ImportNumber.Style)] {
        let magnitude = value.magnitude
        let negative = value.isNegative
        let sign = negative ? "-" : ""
        let plain = magnitude.formatted()
        var shapes: [(String, ImportNumber.Style)] = [
            (sign + plain, .init()), // 0.5
            ((negative ? "-" : "+") + plain, .init()), // +0.5
            (sign + "$" + grouped(magnitude), .init()), // -$1,234.5
            ("$" + sign + plain, .init()), // $-1234.5
            (sign + "€" + grouped(magnitude, places: 8), .init()), // €1,234.50000000
            (sign + "CA$" + plain, .init()), // CA$4000.00
            (sign + grouped(magnitude) + " DAI ", .init()), // 3,595.150506 DAI
            (sign + plain + "SOL", .init()), // 0.18SOL
            (sign + "$" + grouped(magnitude) + " ", .init()), // $1,234.56 (trailing space)
            (sign + grouped(magnitude, group: " ", mark: ","), comma), // 1 234,5
            (sign + grouped(magnitude, group: ".", mark: ","), comma), // 1.234,5
            (sign + grouped(magnitude, group: ".", mark: ",") + " €", comma),
            (sign + scientific(magnitude), .init()), // 12345E-4
            (sign + "$" + scientific(magnitude), .init()),
        ]
        if negative {
            shapes.append(("(" + grouped(magnitude) + ")", .init())) // (12.00)
            shapes.append(("($" + grouped(magnitude) + ")", .init()))
            shapes.append(("(" + plain + " BTC)", .init())) // (0.07 BTC)
        }
        if magnitude < .one, !magnitude.isZero {
            let bare = String(plain.dropFirst()) // .5
            shapes.append((sign + bare, .init()))
            shapes.append((sign + "$" + bare, .init())) // $.30
            shapes.append((sign + String(grouped(magnitude, group: ".", mark: ",").dropFirst()), comma)) // ,5
        }
        return shapes
    }

    /// `0.00012` → `12E-5`; `1200` → `12e2`.
    static func scientific(_ magnitude: ExactDecimal) -> String {
        let text = magnitude.formatted()
        let parts = text.split(separator: ".")
        let digits = parts.count > 1 ? String(parts[0]) + String(parts[1]) : String(parts[0])
        let exponent = parts.count > 1 ? -parts[1].count : 0
        let trimmed = String(digits.drop { $0 == "0" })
        return (trimmed.isEmpty ? "0" : trimmed) + (exponent == 0 ? "e0" : "E\(exponent)")
    }

    @Test("every shape of a random exact value reads back to that value (seed 18)")
    func shapesReadBack() throws {
        var random = SplitMix64(seed: 18)
        for _ in 0..<2_000 {
            let value = Self.value(&random)
            for (text, style) in Self.shapes(value) {
                let read = try ImportNumber.money(text, "Amount", style: style)
                #expect(read == value, "'\(text)' read as \(read), written from \(value)")
            }
        }
    }

    @Test(
        "shapes that are not numbers are refused, never read as something",
        arguments: [
            "1.2.3", "--5", "$", ".", "5-", "-", "+", "()", "(-5)", "-(5)", "-$-5", "+-5", "5.", "$5.",
            "1,23", "12,34", "1,2345", ",5", "1,,234", "e5", "E-5", "1e5e5", "1.5.e3", "5 -", "0x1A",
            "1_000", "1/2", "5%", "$5$5", "1 234.5", "NaN", "∞", "5..0", "(5", "5)",
        ])
    func refused(text: String) {
        #expect(throws: RowError.self, "'\(text)'") { try ImportNumber.money(text, "Amount") }
    }

    @Test(
        "in the decimal-comma style, a dot or space that does not group thousands is refused",
        arguments: [
            "1.5", "1 5", "1.23,4", "1,2,3", "1.234.5", "1,5.0", ",", "5,",
        ])
    func refusedWithDecimalComma(text: String) {
        #expect(throws: RowError.self, "'\(text)'") { try ImportNumber.money(text, "Amount", style: Self.comma) }
    }
}
