/// A value sent as a statement's parameter: its type (an OID, so the server reads it as
/// postgres-nio's typed binds were read) and its text, or bytes sent as they are.
package protocol PostgresEncodable {
    /// The parameter's type: `int8` 20, `text` 25, `bool` 16, `int8[]` 1016, `text[]` 1009.
    static var postgresType: UInt32 { get }
    /// The value in PostgreSQL's text form.
    var postgresText: String { get }
}

extension Int64: PostgresEncodable {
    package static var postgresType: UInt32 { 20 }
    package var postgresText: String { String(self) }
}

extension Int: PostgresEncodable {
    package static var postgresType: UInt32 { 20 }
    package var postgresText: String { String(self) }
}

extension String: PostgresEncodable {
    package static var postgresType: UInt32 { 25 }
    package var postgresText: String { self }
}

extension Bool: PostgresEncodable {
    package static var postgresType: UInt32 { 16 }
    package var postgresText: String { self ? "true" : "false" }
}

/// An element of an array parameter (`{…}` in text form).
package protocol PostgresArrayElement: PostgresEncodable {
    static var postgresArrayType: UInt32 { get }
    /// The element as the array's text form writes it.
    var postgresArrayText: String { get }
}

extension Int64: PostgresArrayElement {
    package static var postgresArrayType: UInt32 { 1016 }
    package var postgresArrayText: String { postgresText }
}

extension String: PostgresArrayElement {
    package static var postgresArrayType: UInt32 { 1009 }
    /// Always quoted, `\` and `"` escaped: a text that is empty, holds a comma or a brace, or
    /// reads `NULL` stays that text.
    package var postgresArrayText: String {
        var quoted = "\""
        for character in unicodeScalars {
            if character == "\\" || character == "\"" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(character)
        }
        return quoted + "\""
    }
}

extension Array: PostgresEncodable where Element: PostgresArrayElement {
    package static var postgresType: UInt32 { Element.postgresArrayType }
    package var postgresText: String { "{" + map(\.postgresArrayText).joined(separator: ",") + "}" }
}

/// Bytes for a `bytea` parameter, sent in binary form (no escaping).
package struct PostgresBytes {
    package var bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// The parameters of one statement (`$1`, `$2`, …), laid out as `PQsendQueryParams` takes them:
/// every value's bytes in one buffer, each text value ending in a NUL.
package struct PostgresBindings: Sendable {
    package private(set) var types: [UInt32] = []
    /// Where each value starts in ``bytes``, nil for SQL NULL.
    package private(set) var starts: [Int?] = []
    package private(set) var lengths: [Int32] = []
    /// 0 text, 1 binary.
    package private(set) var formats: [Int32] = []
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package var count: Int { types.count }

    package mutating func append<Value: PostgresEncodable>(_ value: Value) {
        add(value.postgresText.utf8, type: Value.postgresType, format: 0)
    }

    /// NULL for nil, sent untyped (the statement's context gives its type), as postgres-nio did.
    package mutating func append<Value: PostgresEncodable>(_ value: Value?) {
        guard let value else { return appendNull() }
        append(value)
    }

    package mutating func append(_ value: PostgresBytes) {
        add(value.bytes, type: 17, format: 1)
    }

    /// One value's bytes, then a NUL (a text's end; and the buffer is never empty when a value
    /// is not NULL).
    private mutating func add(_ value: some Collection<UInt8>, type: UInt32, format: Int32) {
        starts.append(bytes.count)
        bytes.append(contentsOf: value)
        bytes.append(0)
        types.append(type)
        lengths.append(Int32(value.count))
        formats.append(format)
    }

    /// `body` with the parameters as `PQsendQueryParams` takes them: types, values (pointers
    /// into ``bytes``, NULL for SQL NULL), lengths and formats.
    func withParameters<T>(
        _ body: (
            UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
        ) -> T
    ) -> T {
        bytes.withUnsafeBytes { buffer in
            let values = starts.map { start in
                start.map { (buffer.baseAddress! + $0).assumingMemoryBound(to: CChar.self) }
            }
            return types.withUnsafeBufferPointer { types in
                values.withUnsafeBufferPointer { values in
                    lengths.withUnsafeBufferPointer { lengths in
                        formats.withUnsafeBufferPointer { formats in
                            body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
                        }
                    }
                }
            }
        }
    }

    package mutating func appendNull() {
        starts.append(nil)
        types.append(0)
        lengths.append(0)
        formats.append(0)
    }
}

/// A statement whose interpolated values are sent as parameters: `"… WHERE name = \(name)"`
/// becomes `… WHERE name = $1` with `name` bound; `\(unescaped: text)` is SQL written in.
package struct PostgresQuery: ExpressibleByStringInterpolation, Sendable {
    package var sql: String
    package var binds: PostgresBindings

    package init(unsafeSQL sql: String, binds: PostgresBindings = PostgresBindings()) {
        self.sql = sql
        self.binds = binds
    }

    package init(stringLiteral value: String) {
        self.init(unsafeSQL: value)
    }

    package init(stringInterpolation: StringInterpolation) {
        self.init(unsafeSQL: stringInterpolation.sql, binds: stringInterpolation.binds)
    }

    package struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds = PostgresBindings()

        package init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
        }

        package mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        package mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value) {
            binds.append(value)
            sql += "$\(binds.count)"
        }

        package mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            binds.append(value)
            sql += "$\(binds.count)"
        }

        package mutating func appendInterpolation(unescaped text: String) {
            sql += text
        }
    }
}
