import LedgerCore

/// A small JSON writer with a fixed key order and no whitespace choices left open, so the same
/// values always give the same bytes (the hash chain depends on it). Numbers are written as
/// strings by the callers wherever they are money.
public struct JSONWriter {
    /// The UTF-8 written so far (bytes, not a `String`: appending to a `String` one piece at a
    /// time cost the hash chain most of its time).
    public private(set) var utf8: [UInt8] = []
    /// The text written so far.
    public var text: String { String(decoding: utf8, as: UTF8.self) }
    /// Whether the innermost open object or array (or the document) has a value already, so
    /// the next one needs a comma. Kept apart from the enclosing ones': it is read and set for
    /// every value, and setting an array's last element checked the array's uniqueness each
    /// time (8% of a million-disposal tax report).
    private var needsComma = false
    /// ``needsComma`` of each enclosing level, outermost first: its count is the depth.
    private var enclosing: [Bool] = []
    private let pretty: Bool

    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// The text written so far, which the writer then forgets (it keeps where it is in the
    /// document): a long document is handed on in pieces.
    public mutating func takeText() -> String {
        defer { utf8.removeAll(keepingCapacity: true) }
        return text
    }

    /// ``takeText()``'s bytes handed to `use` as they are (no `String` made of them).
    public mutating func takeUTF8(_ use: (UnsafeBufferPointer<UInt8>) -> Void) {
        utf8.withUnsafeBufferPointer(use)
        utf8.removeAll(keepingCapacity: true)
    }

    public mutating func beginObject() { open("{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray() { open("[") }
    public mutating func endArray() { close("]") }

    /// Writes `"key":` inside an object.
    public mutating func key(_ name: String) {
        separate()
        Self.appendString(name, to: &utf8)
        utf8.append(UInt8(ascii: ":"))
        if pretty { utf8.append(UInt8(ascii: " ")) }
        pendingValueAfterKey = true
    }

    /// A value `write` writes straight into bytes (at most `limit` of them) in this writer's
    /// layout at the place it is given (``JSONObjectBytes``): one append for a whole object, which
    /// a report writes a million of.
    public mutating func rawValue(atMost limit: Int, _ write: (inout ByteCursor, JSONPlace) -> Void) {
        let place = nextPlace
        separate()
        utf8.append(atMost: limit) { write(&$0, place) }
    }

    /// `count` values written by `write` straight into `bytes` (over what it held), after the
    /// bytes this writer holds, as ``rawValue(atMost:_:)`` would append them one by one (each
    /// one's separator, then the value at the place it is given); `limit(i)` is the most bytes
    /// of value `i`. The writer keeps none of them: a long array's part
    /// (``valueWrittenApart()``). Each value went through a buffer of its own and was copied
    /// from it: 8 % of `ledger tax -O json` at a million trades; each part in a new array
    /// touched fresh pages (``ReusableBytes``).
    public mutating func rawValues(
        _ count: Int, atMost limit: (Int) -> Int, into bytes: ReusableBytes,
        write: (Int, inout ByteCursor, JSONPlace) -> Void
    ) {
        let place = nextPlace
        // A comma, a new line and its indentation before each value.
        var bound = utf8.count
        for index in 0..<count { bound += 2 + 2 * place.depth + limit(index) }
        bytes.write(atMost: bound) { out in
            utf8.withUnsafeBufferPointer { out.append($0) }
            for index in 0..<count {
                separate(into: &out)
                write(index, &out, place)
            }
        }
        utf8.removeAll(keepingCapacity: true)
    }

    /// Room for `count` bytes in all before the text is copied as it grows.
    public mutating func reserveCapacity(_ count: Int) { utf8.reserveCapacity(count) }

    /// Takes it that a value was written here by another writer: a copy of this one, taken
    /// where a long array's values go, writes a part of them (on any thread) while this one
    /// hands the parts on in order. The next value here takes a comma.
    public mutating func valueWrittenApart() {
        pendingValueAfterKey = false
        needsComma = true
    }

    /// Where the next value goes (for ``rawValue(atMost:_:)``'s limit).
    public var nextPlace: JSONPlace { JSONPlace(depth: enclosing.count, pretty: pretty) }

    public mutating func string(_ value: String) {
        separate()
        Self.appendString(value, to: &utf8)
    }

    public mutating func integer(_ value: Int64) {
        separate()
        utf8 += String(value).utf8
    }

    public mutating func bool(_ value: Bool) {
        separate()
        utf8 += (value ? "true" : "false").utf8
    }

    public mutating func null() {
        separate()
        utf8 += "null".utf8
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

    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// `"name": [{…}, …]`: one object per item, its fields written by `fields`.
    public mutating func objects<Items: Sequence>(
        _ name: String, _ items: Items, _ fields: (inout JSONWriter, Items.Element) -> Void
    ) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            fields(&self, item)
            endObject()
        }
        endArray()
    }

    /// A pretty-printed document: one object that starts with `"schema": schema`.
    public static func document(schema: String, _ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.field("schema", schema)
        body(&writer)
        writer.endObject()
        return writer.text
    }

    private var pendingValueAfterKey = false

    /// What goes before the next value, the writer then past it: nothing after a key (nil);
    /// else a comma or not, and the depth of a new line (nil: not pretty, or at the top).
    private mutating func separator() -> (comma: Bool, newline: Int?)? {
        if pendingValueAfterKey {
            // The value of a key just written: no comma, no new line.
            pendingValueAfterKey = false
            return nil
        }
        defer { needsComma = true }
        return (needsComma, pretty && !enclosing.isEmpty ? enclosing.count : nil)
    }

    private mutating func separate() {
        guard let separator = separator() else { return }
        if separator.comma { utf8.append(UInt8(ascii: ",")) }
        if let depth = separator.newline { newline(depth: depth) }
    }

    /// ``separate()`` written to `out`.
    private mutating func separate(into out: inout ByteCursor) {
        guard let separator = separator() else { return }
        if separator.comma { out.append(UInt8(ascii: ",")) }
        if let depth = separator.newline {
            out.append(UInt8(ascii: "\n"))
            out.append(UInt8(ascii: " "), count: 2 * depth)
        }
    }

    private mutating func open(_ bracket: String) {
        separate()
        utf8 += bracket.utf8
        enclosing.append(needsComma)
        needsComma = false
    }

    private mutating func close(_ bracket: String) {
        let hadItems = needsComma
        needsComma = enclosing.removeLast()
        if hadItems { newline(depth: enclosing.count) }
        utf8 += bracket.utf8
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        utf8.append(UInt8(ascii: "\n"))
        if 2 * depth <= Self.spaces.utf8CodeUnitCount {
            Self.spaces.withUTF8Buffer { utf8.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<(2 * depth)])) }
        } else {
            utf8 += repeatElement(UInt8(ascii: " "), count: 2 * depth)
        }
    }

    /// The indentation of the usual depths, copied in one piece (a literal: no check of a lazily
    /// made array on each line).
    private static let spaces: StaticString = "                                "

    /// Appends `value` as a JSON string literal (RFC 8259 escaping).
    public static func appendString(_ value: String, to text: inout String) {
        var bytes: [UInt8] = []
        appendString(value, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal (RFC 8259 escaping) in UTF-8. Text with nothing
    /// to escape — nearly all of it — is copied in one piece.
    public static func appendString(_ value: String, to out: inout [UInt8]) {
        var value = value
        value.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// ``appendString(_:to:)`` of text given as its UTF-8 bytes (a store's column, read
    /// without making a string of it).
    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if !needsEscaping(bytes) {
            out.append(contentsOf: bytes)
        } else {
            for byte in bytes { appendEscaped(byte, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// ``appendString(_:to:)`` into a cursor (at most 6 bytes a byte of `value`, and 2).
    public static func appendString(_ value: String, to out: inout ByteCursor) {
        var value = value
        value.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// ``appendString(_:to:)`` of UTF-8 bytes into a cursor (at most 6 bytes a byte, and 2).
    public static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteCursor) {
        guard !needsEscaping(bytes) else {
            var escaped: [UInt8] = []
            appendString(utf8: bytes, to: &escaped)
            return escaped.withUnsafeBufferPointer { out.append($0) }
        }
        out.append(UInt8(ascii: "\""))
        out.append(bytes)
        out.append(UInt8(ascii: "\""))
    }

    /// One byte of a string literal: bytes of multi-byte characters are copied as they are.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case UInt8(ascii: "\n"): out += #"\n"#.utf8
        case UInt8(ascii: "\r"): out += #"\r"#.utf8
        case UInt8(ascii: "\t"): out += #"\t"#.utf8
        case ..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            out += #"\u00"#.utf8
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 15)])
        default: out.append(byte)
        }
    }
}
