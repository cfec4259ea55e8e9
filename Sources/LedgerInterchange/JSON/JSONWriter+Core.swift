import LedgerCore

/// Fields of the core types written straight into the writer's bytes: a tax report at a
/// million trades writes some twenty million of them (docs/PERFORMANCE.md, "ledger tax"). The
/// bytes are those of the `String` forms (``ExactDecimal/formatted()``,
/// ``Timestamp/description``, ``EventID/text``) written with ``JSONWriter/field(_:_:)``.
extension JSONWriter {
    /// `"name":"1.5"`: an exact number as a string.
    public mutating func field(_ name: StaticString, exact value: ExactDecimal) {
        quotedField(name, value) { $0.appendFormatted(to: &$1) }
    }

    /// `"name":"2024-06-01T12:00:00Z"`, or `null`.
    public mutating func field(_ name: StaticString, time value: Timestamp?) {
        quotedField(name, value) { $0.appendDescription(to: &$1) }
    }

    /// `"name":"01HZ…"`, or `null`.
    public mutating func field(_ name: StaticString, id value: EventID?) {
        quotedField(name, value) { $0.appendText(to: &$1) }
    }

    /// `"name":"…"`, the text between the quotes written by `write` (it needs no escaping), or
    /// `null` when `value` is nil.
    private mutating func quotedField<Value>(
        _ name: StaticString, _ value: Value?, _ write: (Value, inout [UInt8]) -> Void
    ) {
        rawField(name) { out in
            guard let value else {
                out += "null".utf8
                return
            }
            out.append(UInt8(ascii: "\""))
            write(value, &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `"name":"text"` (escaped), or `null`.
    public mutating func field(_ name: StaticString, text value: String?) {
        rawField(name) { out in
            guard let value else {
                out += "null".utf8
                return
            }
            JSONWriter.appendString(value, to: &out)
        }
    }

    /// `"name":true`.
    public mutating func field(_ name: StaticString, flag value: Bool) {
        rawField(name) { $0 += (value ? "true" : "false").utf8 }
    }
}
