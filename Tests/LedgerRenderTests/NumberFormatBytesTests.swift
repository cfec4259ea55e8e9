import Foundation
import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// ``NumberFormat`` writes its numbers straight into bytes (a tax report writes millions of
/// them): each must read as the text the `String` code it replaced gave, kept here as the
/// reference (round 19, docs/PERFORMANCE.md "ledger tax").
@Suite("NumberFormat: bytes written in place read as the former text")
struct NumberFormatBytesTests {
    @Test("money, signed money, quantities and prices of random values", arguments: [1, 2, 3] as [UInt64])
    func randomValues(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for step in 0..<3_000 {
            let value = Self.value(&rng)
            for places in [0, 2, 5] {
                #expect(NumberFormat.money(value, places: places) == Self.money(value, places), "\(value) \(step)")
            }
            #expect(NumberFormat.signedMoney(value) == Self.signedMoney(value), "\(value) \(step)")
            #expect(NumberFormat.quantity(value) == Self.grouped(value.formatted()), "\(value) \(step)")
            #expect(NumberFormat.price(value) == Self.price(value), "\(value) \(step)")
        }
    }

    @Test("the edges: zero, one, rounding up to a new digit, the largest values")
    func edges() {
        // The largest values cannot be rounded (`rounded(places:)` traps): their exact text only.
        for value in [ExactDecimal(units: Int128.max), ExactDecimal(units: Int128.min + 1)] {
            #expect(NumberFormat.quantity(value) == Self.grouped(value.formatted()), "\(value)")
        }
        #expect(
            NumberFormat.quantity(ExactDecimal(units: Int128.max)) == "170,141,183,460,469,231,731.687303715884105727")
        let values: [ExactDecimal] = [
            .zero, .one, ExactDecimal(units: -1), ExactDecimal(units: 1), ExactDecimal("999.995")!,
            ExactDecimal("-999999.999")!, ExactDecimal("0.99999")!, ExactDecimal("0.000000001234567")!,
            ExactDecimal("99999999999999999999.999")!,
        ]
        for value in values {
            #expect(NumberFormat.money(value) == Self.money(value, 2), "\(value)")
            #expect(NumberFormat.signedMoney(value) == Self.signedMoney(value), "\(value)")
            #expect(NumberFormat.quantity(value) == Self.grouped(value.formatted()), "\(value)")
            #expect(NumberFormat.price(value) == Self.price(value), "\(value)")
            #expect(value.formatted(places: 3) == Self.formatted(value, places: 3), "\(value)")
        }
        #expect(NumberFormat.money(ExactDecimal("1234567.891")!) == "1,234,567.89")
        #expect(NumberFormat.price(ExactDecimal("0.0000123456")!) == "0.00001235")
    }

    /// The overflow marker prints as `overflow` in every form (the former code grouped it as
    /// `ov,erf,low`, and its `price` never returned: its magnitude stays below one however often
    /// it is multiplied). Each call is given 10 seconds on a thread of its own, so that a
    /// regression fails here instead of hanging the run.
    @Test("an overflow prints as 'overflow' in every form, and price returns")
    func overflow() {
        let forms: [(String, @Sendable () -> String)] = [
            ("money", { NumberFormat.money(.overflow) }),
            ("money 5 places", { NumberFormat.money(.overflow, places: 5) }),
            ("money incomplete", { NumberFormat.money(.overflow, complete: false) }),
            ("signed money", { NumberFormat.signedMoney(.overflow) }),
            ("quantity", { NumberFormat.quantity(.overflow) }),
            ("price", { NumberFormat.price(.overflow) }),
        ]
        for (name, form) in forms {
            let text = Self.within(seconds: 10, form)
            #expect(text != nil, "\(name) did not return within 10 s")
            guard let text else { continue }
            #expect(text == (name == "money incomplete" ? "overflow*" : "overflow"), "\(name)")
        }
    }

    /// What `body` returns, or nil when it has not returned within `seconds` (it is then left
    /// running on its thread: the test fails instead of waiting for it).
    static func within(seconds: Double, _ body: @escaping @Sendable () -> String) -> String? {
        let answer = Answer()
        let thread = Thread {
            answer.text = body()
            answer.done.signal()
        }
        thread.start()
        guard answer.done.wait(timeout: .now() + seconds) == .success else { return nil }
        return answer.text
    }

    /// The thread's answer; `done` is signalled after `text` is set and waited for before it is read.
    private final class Answer: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var text: String?
    }

    /// Digits of every length, signs, and fractions of every length.
    static func value(_ rng: inout SplitMix64) -> ExactDecimal {
        let digits = Int.random(in: 1...38, using: &rng)
        var units = Int128(0)
        for _ in 0..<digits { units = units * 10 + Int128(Int.random(in: 0...9, using: &rng)) }
        // Often round figures (trailing zeros), sometimes negative.
        let zeros = Int.random(in: 0...17, using: &rng)
        var power = Int128(1)
        for _ in 0..<zeros { power *= 10 }
        units = units / power * power
        return ExactDecimal(units: Bool.random(using: &rng) ? -units : units)
    }

    // The former `String` code, as it was.

    static func formatted(_ value: ExactDecimal, places: Int) -> String {
        guard !value.isOverflow else { return "overflow" }
        let text = value.rounded(places: places).formatted()
        guard places > 0 else { return text }
        let present = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
        switch present {
        case nil: return text + "." + String(repeating: "0", count: places)
        case let count?: return text + String(repeating: "0", count: max(0, places - count))
        }
    }

    static func money(_ value: ExactDecimal, _ places: Int) -> String { grouped(formatted(value, places: places)) }

    static func signedMoney(_ value: ExactDecimal) -> String {
        let text = money(value, 2)
        return value.rounded(places: 2).isPositive ? "+" + text : text
    }

    static func price(_ value: ExactDecimal) -> String {
        let magnitude = value.magnitude
        guard magnitude < .one, !magnitude.isZero else { return money(value, 2) }
        let tenth = ExactDecimal(units: ExactDecimal.unitsPerOne / 10)
        var zeros = 0
        var probe = magnitude
        while probe < tenth {
            probe = probe.multiplied(byInteger: 10)
            zeros += 1
        }
        var text = formatted(value, places: min(zeros + 4, 18))
        while text.hasSuffix("0"), let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text.removeLast()
        }
        return text
    }

    static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = Array(parts[0])
        var index = integer.count - 3
        while index > 0 {
            integer.insert(",", at: index)
            index -= 3
        }
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        return (negative ? "-" : "") + String(integer) + fraction
    }
}
