/// A small JSON writer with a fixed key order and no whitespace choices left open, so the same
/// values always give the same bytes (the hash chain depends on it). Numbers are written as
/// strings by the callers wherever they are money.
public struct JSONWriter {
    public private(set) var text = ""
    private var needsComma: [Bool] = [false]
    private let pretty: Bool

    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    public mutating func beginObject() { open("{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray() { open("[") }
    public mutating func endArray() { close("]") }

    /// Writes `"key":` inside an object.
    public mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &text)
        text += pretty ? ": " : ":"
        pendingValueAfterKey = true
    }

    public mutating func string(_ value: String) {
        separate()
        Self.appendString(value, to: &text)
    }

    public mutating func integer(_ value: Int64) {
        separate()
        text += String(value)
    }

    public mutating func bool(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    public mutating func null() {
        separate()
        text += "null"
    }

    /// `"key":"value"`, skipped entirely when `value` is nil.
    public mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func field(_ name: String, _ value: Int64) {
        key(name)
        integer(value)
    }

    private var pendingValueAfterKey = false

    private mutating func separate() {
        if pendingValueAfterKey {
            // The value of a key just written: no comma, no new line.
            pendingValueAfterKey = false
            return
        }
        if needsComma[needsComma.count - 1] { text += "," }
        newline()
        needsComma[needsComma.count - 1] = true
    }

    private mutating func open(_ bracket: String) {
        separate()
        text += bracket
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadItems = needsComma.removeLast()
        if hadItems { newline(depth: needsComma.count - 1) }
        text += bracket
    }

    private mutating func newline() {
        guard needsComma.count > 1 else { return }
        newline(depth: needsComma.count - 1)
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        text += "\n" + String(repeating: "  ", count: depth)
    }

    /// Appends `value` as a JSON string literal (RFC 8259 escaping).
    public static func appendString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
