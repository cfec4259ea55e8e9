import LedgerCore

/// How numbers look in text reports. Rounding here is for display only (half away from zero);
/// JSON and CSV carry the exact values.
public enum NumberFormat {
    /// Money: two places, thousands grouped: `31,000.00`, `-56.10`.
    public static func money(_ value: ExactDecimal, places: Int = 2) -> String {
        text(atMost: maxBytes(places)) { write(money: value, places: places, to: &$0) }
    }

    /// ``money(_:places:)`` written to `out` (at most ``maxBytes(_:)``).
    public static func write(money value: ExactDecimal, places: Int = 2, to out: inout ByteCursor) {
        guard !value.write(groupedTo: &out, places: places) else { return }
        let start = out.count
        value.write(formattedTo: &out, places: places)
        group(from: start, &out)
    }

    /// The most bytes a number written here takes with `places` places.
    public static func maxBytes(_ places: Int = 2) -> Int {
        ExactDecimal.formattedMaxBytes + 16 + max(places, 0)
    }

    /// Money that may be incomplete (a price is missing): the known part marked `*`, or `?`
    /// when nothing of it is known. Never a bare 0 for an unknown amount.
    public static func money(_ value: ExactDecimal, complete: Bool) -> String {
        text(atMost: maxBytes() + 1) { write(money: value, complete: complete, to: &$0) }
    }

    /// ``money(_:complete:)`` written to `out`.
    public static func write(money value: ExactDecimal, complete: Bool, to out: inout ByteCursor) {
        guard complete || !value.isZero else { return out.append(text: incompleteUnknown) }
        write(money: value, to: &out)
        if !complete { out.append(text: incompleteMark) }
    }

    /// A gain or P&L that may be incomplete: `?` when it is, since a difference built on
    /// a known part (proceeds of 0 against a cost) is no lower bound of anything.
    public static func signedMoney(_ value: ExactDecimal, complete: Bool) -> String {
        complete ? signedMoney(value) : incompleteUnknown
    }

    /// ``signedMoney(_:complete:)`` written to `out`.
    public static func write(signedMoney value: ExactDecimal, complete: Bool, to out: inout ByteCursor) {
        guard complete else { return out.append(text: incompleteUnknown) }
        write(signedMoney: value, to: &out)
    }

    /// What follows the known part of an incomplete amount, and what stands for an amount
    /// of which nothing is known.
    public static let incompleteMark = "*"
    public static let incompleteUnknown = "?"

    /// P&L: money with an explicit sign: `+1,234.00`, `-56.00`, `0.00`.
    public static func signedMoney(_ value: ExactDecimal) -> String {
        text(atMost: maxBytes()) { write(signedMoney: value, to: &$0) }
    }

    /// ``signedMoney(_:)`` written to `out`.
    public static func write(signedMoney value: ExactDecimal, to out: inout ByteCursor) {
        guard !value.write(groupedTo: &out, places: 2, plus: true) else { return }
        if value.rounded(places: 2).isPositive { out.append(UInt8(ascii: "+")) }
        write(money: value, to: &out)
    }

    /// A quantity, exact, integer part grouped: `0.0599`, `21,000,000`.
    public static func quantity(_ value: ExactDecimal) -> String {
        text(atMost: maxBytes()) { write(quantity: value, to: &$0) }
    }

    /// ``quantity(_:)`` written to `out`.
    public static func write(quantity value: ExactDecimal, to out: inout ByteCursor) {
        let start = out.count
        value.write(formattedTo: &out)
        // Below 1,000 either way (nearly every quantity) there is nothing to group: no scan
        // of the text for its point (~3 % of a text tax report's output at a million trades).
        let thousand = 1000 * ExactDecimal.unitsPerOne
        guard value.units <= -thousand || value.units >= thousand else { return }
        group(from: start, &out)
    }

    /// A unit price: two places from 1 up; below 1, four significant digits with trailing
    /// zeros trimmed (`0.35`, `0.00001235`), so small coins do not show as 0.00.
    public static func price(_ value: ExactDecimal) -> String {
        text(atMost: maxBytes(18)) { write(price: value, to: &$0) }
    }

    /// ``price(_:)`` written to `out` (at most ``maxBytes(_:)`` of 18 places). An overflow is
    /// written as `overflow`, as every number here.
    public static func write(price value: ExactDecimal, to out: inout ByteCursor) {
        let magnitude = value.magnitude
        // The overflow marker is below one and stays so however often it is multiplied: without
        // the first check the loop below never ended for it.
        guard !value.isOverflow, magnitude < .one, !magnitude.isZero else { return write(money: value, to: &out) }
        let tenth = ExactDecimal(units: ExactDecimal.unitsPerOne / 10)
        var zeros = 0
        var probe = magnitude
        // A nonzero value below one has a digit within 18 places: at most 17 steps.
        while probe < tenth, zeros < ExactDecimal.scale {
            probe = probe.multiplied(byInteger: 10)
            zeros += 1
        }
        let start = out.count
        value.write(formattedTo: &out, places: min(zeros + 4, 18))
        var point = start
        while point < out.count, out[point] != UInt8(ascii: ".") { point += 1 }
        guard point < out.count else { return }
        var trailing = 0
        while out.count - trailing - point - 1 > 2, out[out.count - 1 - trailing] == UInt8(ascii: "0") { trailing += 1 }
        out.removeLast(trailing)
    }

    /// A percentage with one place and a sign when asked: `12.3%`, `+126.3%`.
    public static func percent(_ value: ExactDecimal, signed: Bool = false, places: Int = 1) -> String {
        let text = value.formatted(places: places)
        return (signed && value.rounded(places: places).isPositive ? "+" : "") + text + "%"
    }

    /// Inserts thousands separators into the integer part of the plain decimal text written
    /// to `out` from `start` on (after a `-`, up to a `.`), moving the bytes after them. Text
    /// that is no number (`overflow`) is left as it is.
    static func group(from start: Int, _ out: inout ByteCursor) {
        let first = start < out.count && out[start] == UInt8(ascii: "-") ? start + 1 : start
        guard first < out.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(out[first]) else { return }
        var end = first
        while end < out.count, out[end] != UInt8(ascii: ".") { end += 1 }
        let commas = (end - first - 1) / 3
        guard commas > 0 else { return }
        let tail = out.count - end
        out.append(0, count: commas)
        for offset in stride(from: tail - 1, through: 0, by: -1) { out[end + commas + offset] = out[end + offset] }
        var source = end - 1
        var target = end + commas - 1
        var run = 0
        while source >= first {
            out[target] = out[source]
            target -= 1
            source -= 1
            run += 1
            if run == 3, source >= first {
                out[target] = UInt8(ascii: ",")
                target -= 1
                run = 0
            }
        }
    }

    /// Inserts thousands separators into the integer part of a plain decimal string.
    static func grouped(_ plain: String) -> String {
        text(atMost: 2 * plain.utf8.count + 2) { out in
            out.append(text: plain)
            group(from: 0, &out)
        }
    }

    /// The text `write` writes (at most `limit` bytes).
    static func text(atMost limit: Int, _ write: (inout ByteCursor) -> Void) -> String {
        withBytes(atMost: limit, write) { String(decoding: $0, as: UTF8.self) }
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
