import LedgerCore

/// How numbers look in text reports. Rounding here is for display only (half away from zero);
/// JSON and CSV carry the exact values.
public enum NumberFormat {
    /// Money: two places, thousands grouped: `31,000.00`, `-56.10`.
    public static func money(_ value: ExactDecimal, places: Int = 2) -> String {
        grouped(value.formatted(places: places))
    }

    /// Money that may be incomplete (a price is missing): the known part marked `*`, or `?`
    /// when nothing of it is known. Never a bare 0 for an unknown amount.
    public static func money(_ value: ExactDecimal, complete: Bool) -> String {
        complete ? money(value) : value.isZero ? incompleteUnknown : money(value) + incompleteMark
    }

    /// A gain or P&L that may be incomplete: `?` when it is, since a difference built on
    /// a known part (proceeds of 0 against a cost) is no lower bound of anything.
    public static func signedMoney(_ value: ExactDecimal, complete: Bool) -> String {
        complete ? signedMoney(value) : incompleteUnknown
    }

    /// What follows the known part of an incomplete amount, and what stands for an amount
    /// of which nothing is known.
    public static let incompleteMark = "*"
    public static let incompleteUnknown = "?"

    /// P&L: money with an explicit sign: `+1,234.00`, `-56.00`, `0.00`.
    public static func signedMoney(_ value: ExactDecimal) -> String {
        let text = money(value)
        return value.rounded(places: 2).isPositive ? "+" + text : text
    }

    /// A quantity, exact, integer part grouped: `0.0599`, `21,000,000`.
    public static func quantity(_ value: ExactDecimal) -> String {
        grouped(value.formatted())
    }

    /// A unit price: two places from 1 up; below 1, four significant digits with trailing
    /// zeros trimmed (`0.35`, `0.00001235`), so small coins do not show as 0.00.
    public static func price(_ value: ExactDecimal) -> String {
        let magnitude = value.magnitude
        guard magnitude < .one, !magnitude.isZero else { return money(value) }
        let tenth = ExactDecimal(units: ExactDecimal.unitsPerOne / 10)
        var zeros = 0
        var probe = magnitude
        while probe < tenth {
            probe = probe.multiplied(byInteger: 10)
            zeros += 1
        }
        var text = value.formatted(places: min(zeros + 4, 18))
        while text.hasSuffix("0"), let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 {
            text.removeLast()
        }
        return text
    }

    /// A percentage with one place and a sign when asked: `12.3%`, `+126.3%`.
    public static func percent(_ value: ExactDecimal, signed: Bool = false, places: Int = 1) -> String {
        let text = value.formatted(places: places)
        return (signed && value.rounded(places: places).isPositive ? "+" : "") + text + "%"
    }

    /// Inserts thousands separators into the integer part of a plain decimal string.
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

/// Colours for text output. `plain` adds nothing; `ansi` colours gains green and losses red.
public struct Theme: Sendable {
    public let isColored: Bool

    public static let plain = Theme(isColored: false)
    public static let ansi = Theme(isColored: true)

    /// Green for a positive value, red for a negative one, nothing for zero or plain.
    public func signed(_ text: String, _ value: ExactDecimal) -> String {
        guard isColored, !value.isZero else { return text }
        return (value.isPositive ? "\u{1B}[32m" : "\u{1B}[31m") + text + "\u{1B}[0m"
    }

    public func bold(_ text: String) -> String {
        isColored ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }
}
