import LedgerCore

/// The values ``JSONObjectBytes`` and ``JSONRuns``' writers put between their keys, each as
/// ``JSONWriter`` writes it.
extension ByteCursor {
    /// `"1.5"`.
    @inline(__always)
    mutating func appendJSON(exact value: ExactDecimal) {
        append(UInt8(ascii: "\""))
        value.write(formattedTo: &self)
        append(UInt8(ascii: "\""))
    }

    /// `1.5` (its quotes left to the caller), the text copied from where `same` says it was
    /// written when `value` is the value written there (``WrittenDecimal``); `same` then says
    /// where this one is.
    @inline(__always)
    mutating func appendJSON(exact value: ExactDecimal, same: inout WrittenDecimal) {
        let start = count
        if same.value == value, same.count > 0 {
            append(copyOf: same.start..<same.start + same.count)
        } else {
            value.write(formattedTo: &self)
        }
        same = WrittenDecimal(value: value, start: start, count: count - start)
    }

    /// `"2024-06-01T12:00:00Z"`, or `null`, the date's text from `days` when it is the day
    /// written last (``DayText``).
    @inline(__always)
    mutating func appendJSON(time value: Timestamp?, days: inout DayText) {
        guard let value else { return append("null") }
        append(UInt8(ascii: "\""))
        value.write(descriptionTo: &self, days: &days)
        append(UInt8(ascii: "\""))
    }

    /// `"01HZ…"`, or `null`.
    @inline(__always)
    mutating func appendJSON(id value: EventID?) {
        guard let value else { return append("null") }
        append(UInt8(ascii: "\""))
        value.write(textTo: &self)
        append(UInt8(ascii: "\""))
    }

    /// `"short"`: a word with nothing to escape (an enum's raw value), copied as it is, or
    /// `null`.
    @inline(__always)
    mutating func appendJSON(word value: String?) {
        guard let value else { return append("null") }
        append(UInt8(ascii: "\""))
        appendJSON(bareWord: value)
        append(UInt8(ascii: "\""))
    }

    /// ``appendJSON(word:)``'s letters alone (the quotes left to the caller).
    @inline(__always)
    mutating func appendJSON(bareWord value: String) {
        var value = value
        value.withUTF8 { word in
            assert(!JSONWriter.needsEscaping(word), "not a word: \(String(decoding: word, as: UTF8.self))")
            append(word)
        }
    }

    /// `true` or `false`.
    @inline(__always)
    mutating func appendJSON(flag value: Bool) {
        append(value ? "true" : "false")
    }
}
