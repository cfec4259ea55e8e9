import LedgerCore

/// A parsed JSON value whose numbers are kept as the exact text of their token, so that a
/// price such as `64250.123456789012345` reaches ``ExactDecimal`` without passing through a
/// binary floating-point type.
public enum JSONValue: Hashable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    /// The number's token, as written (`-1.5e-7`).
    case number(String)
    case bool(Bool)
    case null

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var isNull: Bool { self == .null }

    /// The number as an exact decimal (exponents expanded, more than 18 decimal places
    /// rounded half away from zero); also accepts a string holding a plain number, as some
    /// APIs quote theirs. Nil for anything else.
    public var decimal: ExactDecimal? {
        switch self {
        case .number(let text), .string(let text): MarketNumber.decimal(text)
        default: nil
        }
    }

    /// The number as a whole `Int64` (a Unix time, a rank); nil when it has a fraction.
    public var integer: Int64? {
        guard case .number(let text) = self else { return nil }
        if let whole = Int64(text) { return whole }
        guard let value = MarketNumber.decimal(text), value.isInteger else { return nil }
        return Int64(value.formatted())
    }
}
