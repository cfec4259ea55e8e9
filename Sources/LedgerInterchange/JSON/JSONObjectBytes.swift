import LedgerCore

/// Where ``JSONWriter/rawValue(atMost:_:)`` places a value: how many objects and arrays are
/// open around it, and whether the writer pretty-prints.
public struct JSONPlace: Sendable {
    public let depth: Int
    public let pretty: Bool
}

/// One JSON object written straight into a ``ByteCursor``, byte for byte what ``JSONWriter``'s
/// `beginObject`, `field(_:exact:)`… and `endObject` write at the same place: a report's
/// millions of objects (a tax report's disposals) without a call, a capacity and a uniqueness
/// check for each piece. Tests/LedgerInterchangeTests hold it to the writer.
public struct JSONObjectBytes {
    private let place: JSONPlace
    private var isEmpty = true

    /// Opens the object (`{`) at `place`.
    public init(at place: JSONPlace, _ out: inout ByteCursor) {
        self.place = place
        out.append(UInt8(ascii: "{"))
    }

    /// The most bytes a field name, its separators and indentation take at `place` (with a
    /// name of up to 32 bytes), besides the value.
    public static func fieldMaxBytes(at place: JSONPlace) -> Int { 40 + 2 * place.depth + 8 }

    /// `,` and the new line before a field, then `"name": `. Inlined, so that the name's
    /// length is known where it is written and each piece is a word or two stored, not a
    /// call (round 28: as one call with a `memmove` for the name and a loop for the
    /// indentation, 5 % of `tax -O json` at 1M for tens of millions of keys).
    @inline(__always)
    public mutating func key(_ name: StaticString, _ out: inout ByteCursor) {
        if !isEmpty { out.append(UInt8(ascii: ",")) }
        isEmpty = false
        guard place.pretty else {
            out.append(UInt8(ascii: "\""))
            out.append(name)
            return out.append("\":")
        }
        out.append(UInt8(ascii: "\n"))
        out.append(UInt8(ascii: " "), count: 2 * (place.depth + 1))
        out.append(UInt8(ascii: "\""))
        out.append(name)
        out.append("\": ")
    }

    /// Closes the object: `}`, on its own line when it has fields.
    public func close(_ out: inout ByteCursor) {
        if !isEmpty { Self.newline(depth: place.depth, place.pretty, &out) }
        out.append(UInt8(ascii: "}"))
    }

    /// `"name": "1.5"`.
    @inline(__always)
    public mutating func field(_ name: StaticString, exact value: ExactDecimal, _ out: inout ByteCursor) {
        key(name, &out)
        out.appendJSON(exact: value)
    }

    /// `"name": "1.5"`, the number's text copied from where `same` says it was written in `out`
    /// when `value` is the value written there (a tax report's disposal writes its quantity and
    /// cost again in its match, and its cost again as allowable costs); `same` then says where
    /// this one is.
    @inline(__always)
    public mutating func field(
        _ name: StaticString, exact value: ExactDecimal, same: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        key(name, &out)
        out.append(UInt8(ascii: "\""))
        out.appendJSON(exact: value, same: &same)
        out.append(UInt8(ascii: "\""))
    }

    /// ``field(_:exact:known:knownPart:_:)``, the number's text from `same` when it is the same
    /// (``field(_:exact:same:_:)``).
    @inline(__always)
    public mutating func field(
        _ name: StaticString, exact value: ExactDecimal, known: Bool, knownPart: StaticString,
        same: inout WrittenDecimal, _ out: inout ByteCursor
    ) {
        guard !known else { return field(name, exact: value, same: &same, &out) }
        key(name, &out)
        out.append("null")
        field(knownPart, exact: value, same: &same, &out)
    }

    /// `"name": "1.5"` when `known`; else `"name": null`, followed by `"knownPart": "1.5"` when
    /// a `knownPart` name is given: ``ReportJSON``'s rule for a figure that lacks a price.
    @inline(__always)
    public mutating func field(
        _ name: StaticString, exact value: ExactDecimal, known: Bool, knownPart: StaticString? = nil,
        _ out: inout ByteCursor
    ) {
        guard !known else { return field(name, exact: value, &out) }
        key(name, &out)
        out.append("null")
        if let knownPart { field(knownPart, exact: value, &out) }
    }

    /// `"name": "2024-06-01T12:00:00Z"`, or `null`.
    @inline(__always)
    public mutating func field(_ name: StaticString, time value: Timestamp?, _ out: inout ByteCursor) {
        key(name, &out)
        guard let value else { return out.append("null") }
        out.append(UInt8(ascii: "\""))
        value.write(descriptionTo: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `"name": "2024-06-01T12:00:00Z"`, or `null`, the date's text from `days` when it is the
    /// day written last (``DayText``).
    @inline(__always)
    public mutating func field(
        _ name: StaticString, time value: Timestamp?, days: inout DayText, _ out: inout ByteCursor
    ) {
        key(name, &out)
        out.appendJSON(time: value, days: &days)
    }

    /// `"name": "01HZ…"`, or `null`.
    @inline(__always)
    public mutating func field(_ name: StaticString, id value: EventID?, _ out: inout ByteCursor) {
        key(name, &out)
        out.appendJSON(id: value)
    }

    /// `"name": "text"` (escaped: up to 6 bytes a byte), or `null`.
    @inline(__always)
    public mutating func field(_ name: StaticString, text value: String?, _ out: inout ByteCursor) {
        key(name, &out)
        guard let value else { return out.append("null") }
        JSONWriter.appendString(value, to: &out)
    }

    /// `"name": "short"`: a word with nothing to escape (an enum's raw value, ASCII letters and
    /// `-`), copied as it is, or `null`. ``field(_:text:_:)`` checked each of the four a tax
    /// disposal has for escaping, through two calls a word (~8 % of `tax -O json`'s output at 1M).
    @inline(__always)
    public mutating func field(_ name: StaticString, word value: String?, _ out: inout ByteCursor) {
        key(name, &out)
        out.appendJSON(word: value)
    }

    /// `"name": "BTC"` (a symbol's bytes never need escaping).
    @inline(__always)
    public mutating func field(_ name: StaticString, symbol value: AssetSymbol, _ out: inout ByteCursor) {
        key(name, &out)
        out.append(UInt8(ascii: "\""))
        value.write(to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `"name": true`.
    @inline(__always)
    public mutating func field(_ name: StaticString, flag value: Bool, _ out: inout ByteCursor) {
        key(name, &out)
        out.appendJSON(flag: value)
    }

    /// `"name": [{…}, …]`: one object an item, its fields written by `fields`.
    public mutating func objects<Items: Collection>(
        _ name: StaticString, _ items: Items, _ out: inout ByteCursor,
        _ fields: (inout JSONObjectBytes, Items.Element, inout ByteCursor) -> Void
    ) {
        key(name, &out)
        out.append(UInt8(ascii: "["))
        let item = JSONPlace(depth: place.depth + 2, pretty: place.pretty)
        for (index, element) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.newline(depth: item.depth, place.pretty, &out)
            var object = JSONObjectBytes(at: item, &out)
            fields(&object, element, &out)
            object.close(&out)
        }
        if !items.isEmpty { Self.newline(depth: place.depth + 1, place.pretty, &out) }
        out.append(UInt8(ascii: "]"))
    }

    /// A new line indented two spaces a level (pretty only).
    private static func newline(depth: Int, _ pretty: Bool, _ out: inout ByteCursor) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(UInt8(ascii: " "), count: 2 * depth)
    }
}

/// Where a number's text was written in a ``ByteCursor`` (the quotes left out), for
/// ``JSONObjectBytes/field(_:exact:same:_:)`` to copy when the same number comes again.
public struct WrittenDecimal {
    var value = ExactDecimal.zero
    var start = 0
    /// 0: nothing written yet.
    var count = 0

    public init() {}

    init(value: ExactDecimal, start: Int, count: Int) {
        (self.value, self.start, self.count) = (value, start, count)
    }
}
