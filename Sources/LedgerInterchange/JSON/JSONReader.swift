/// Why a body is not JSON: a short reason and the byte offset where reading stopped.
public struct JSONSyntaxError: Error, Equatable, Sendable {
    public let reason: String
    public let offset: Int
}

/// What a ``JSONReader`` accepts beyond RFC 8259.
public struct JSONDialect: Sendable {
    /// `[1,]` and `{"a":1,}`.
    public var allowsTrailingCommas = false
    /// Of two members with one name, the first is kept (else the last).
    public var keepsFirstDuplicate = false
    /// A UTF-8 byte order mark before the value is skipped.
    public var skipsByteOrderMark = false
    /// A `\u` escape of half a surrogate pair is refused (else it reads as U+FFFD).
    public var refusesLoneSurrogates = false
    public var maximumDepth = 256

    /// RFC 8259, nested at most 256 levels: market data and configuration files.
    public static let strict = JSONDialect()
    /// What Foundation's `JSONDecoder`, which read event files before this reader did,
    /// accepts: event files read as they always have been (and no lone surrogate).
    public static let eventFile = JSONDialect(
        allowsTrailingCommas: true, keepsFirstDuplicate: true, skipsByteOrderMark: true, refusesLoneSurrogates: true,
        maximumDepth: 512)
}

/// A small JSON reader (RFC 8259, ``JSONDialect/strict`` unless told) that keeps every
/// number token as text: market data, configuration and event files.
///
/// Foundation's `JSONSerialization` hands numbers over as `NSNumber`, which holds them as
/// binary floating point; prices and amounts must stay exact, so this reader never converts
/// a number.
public struct JSONReader {
    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    let dialect: JSONDialect

    /// Parses one JSON document (surrounding whitespace allowed, nothing after it).
    public static func parse(_ bytes: [UInt8], dialect: JSONDialect = .strict) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, dialect: dialect)
        if dialect.skipsByteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], dialect: JSONDialect) {
        self.bytes = bytes
        self.dialect = dialect
    }

    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: position)
    }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("the text ends where a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            return try nested { (reader: inout JSONReader) throws(JSONSyntaxError) in try reader.object() }
        case UInt8(ascii: "["):
            return try nested { (reader: inout JSONReader) throws(JSONSyntaxError) in try reader.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func nested(_ body: (inout JSONReader) throws(JSONSyntaxError) -> JSONValue)
        throws(JSONSyntaxError) -> JSONValue
    {
        depth += 1
        guard depth <= dialect.maximumDepth else { throw error("nested more than \(dialect.maximumDepth) levels deep") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            let member = try value()
            if !dialect.keepsFirstDuplicate || members[key] == nil { members[key] = member }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                if trailingComma(before: "}") { return .object(members) }
                continue
            }
            guard current == UInt8(ascii: "}") else { throw error("expected ',' or '}' in an object") }
            position += 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                position += 1
                if trailingComma(before: "]") { return .array(elements) }
                continue
            }
            guard current == UInt8(ascii: "]") else { throw error("expected ',' or ']' in an array") }
            position += 1
            return .array(elements)
        }
    }

    /// After a comma: true (and past `close`) when the dialect allows a trailing comma and
    /// `close` follows.
    private mutating func trailingComma(before close: Unicode.Scalar) -> Bool {
        guard dialect.allowsTrailingCommas else { return false }
        skipWhitespace()
        guard current == UInt8(ascii: close) else { return false }
        position += 1
        return true
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected
        else {
            throw error("expected '\(word)'")
        }
        position += expected.count
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard try digits() > 0 else { throw error("a number needs digits") }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard try digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard try digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func digits() throws(JSONSyntaxError) -> Int {
        var count = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            position += 1
            count += 1
        }
        return count
    }
}
