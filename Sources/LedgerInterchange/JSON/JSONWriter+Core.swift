import LedgerCore

/// Fields of the core types written straight into the writer's bytes: a tax report at a
/// million trades writes some twenty million of them (docs/PERFORMANCE.md, "ledger tax"). The
/// bytes are those of the `String` forms (``ExactDecimal/formatted()``,
/// ``Timestamp/description``, ``EventID/text``) written with ``JSONWriter/field(_:_:)``.
extension JSONWriter {
    /// `"name":"1.5"`: an exact number as a string.
    public mutating func field(_ name: StaticString, exact value: ExactDecimal) {
        rawField(name) { out in
            out.append(UInt8(ascii: "\""))
            value.appendFormatted(to: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `"name":"2024-06-01T12:00:00Z"`, or `null`.
    public mutating func field(_ name: StaticString, time value: Timestamp?) {
        rawField(name) { out in
            guard let value else {
                out += "null".utf8
                return
            }
            out.append(UInt8(ascii: "\""))
            value.appendDescription(to: &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `"name":"01HZ…"`, or `null`.
    public mutating func field(_ name: StaticString, id value: EventID?) {
        rawField(name) { out in
            guard let value else {
                out += "null".utf8
                return
            }
            out.append(UInt8(ascii: "\""))
            value.appendText(to: &out)
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
