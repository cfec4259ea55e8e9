import CLibPQ
import LedgerStore

/// One statement's answer as libpq holds it (rows in text form), freed when the last row
/// reading it goes.
package final class PostgresResult: @unchecked Sendable {
    let handle: OpaquePointer
    package let rowCount: Int
    package let columnCount: Int

    init(_ handle: OpaquePointer) {
        self.handle = handle
        rowCount = Int(ledger_pq_rows(handle))
        columnCount = Int(ledger_pq_columns(handle))
    }

    deinit { ledger_pq_clear(handle) }

    package var rows: [PostgresRow] { (0..<rowCount).map { PostgresRow(result: self, row: Int32($0)) } }
}

/// A row of a result: its cells (`row[3]`), or several columns at once with
/// `decode((Int64, String).self)`.
package struct PostgresRow: RandomAccessCollection, Sendable {
    let result: PostgresResult
    let row: Int32

    package var startIndex: Int { 0 }
    package var endIndex: Int { result.columnCount }

    package subscript(column: Int) -> PostgresCell {
        PostgresCell(result: result, row: row, column: Int32(column))
    }

    /// The first column as `Column` (a pack of one is not read as its element).
    package func decode<Column: PostgresDecodable>(_: Column.Type) throws -> Column {
        var column = 0
        return try next(Column.self, &column)
    }

    /// The first columns as the types given, in order.
    package func decode<each Column: PostgresDecodable>(_: (repeat each Column).Type) throws
        -> (repeat each Column)
    {
        var column = 0
        return (repeat try next((each Column).self, &column))
    }

    private func next<Column: PostgresDecodable>(_: Column.Type, _ column: inout Int) throws -> Column {
        defer { column += 1 }
        guard column < count else {
            throw StoreError.database("the answer has \(count) columns, not \(column + 1)")
        }
        return try self[column].decode(Column.self)
    }
}

/// One cell: NULL, or its text (`PQgetvalue`).
package struct PostgresCell: Sendable {
    let result: PostgresResult
    let row: Int32
    let column: Int32

    package var isNull: Bool { ledger_pq_is_null(result.handle, row, column) != 0 }

    /// The cell's bytes (its text form), valid while the result lives.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let start = ledger_pq_value(result.handle, row, column)!
        let length = Int(ledger_pq_length(result.handle, row, column))
        return try start.withMemoryRebound(to: UInt8.self, capacity: length) {
            try body(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    package var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    package func decode<Value: PostgresDecodable>(_: Value.Type) throws -> Value {
        try Value.decode(self)
    }

    /// The refusal of a cell that does not read as `type`.
    func unreadable(as type: String) -> StoreError {
        .database("column \(column + 1) of the answer: '\(isNull ? "NULL" : text)' is not \(type)")
    }
}

/// What a cell can be read as.
package protocol PostgresDecodable {
    static func decode(_ cell: PostgresCell) throws -> Self
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    package static func decode(_ cell: PostgresCell) throws -> Self {
        cell.isNull ? nil : try Wrapped.decode(cell)
    }
}

extension String: PostgresDecodable {
    package static func decode(_ cell: PostgresCell) throws -> String {
        guard !cell.isNull else { throw cell.unreadable(as: "a text") }
        return cell.text
    }
}

extension Int64: PostgresDecodable {
    package static func decode(_ cell: PostgresCell) throws -> Int64 {
        let value = cell.isNull ? nil : cell.withBytes(Self.parse)
        guard let value else { throw cell.unreadable(as: "an integer") }
        return value
    }

    /// A decimal integer with an optional `-` (a cell's text is short: no heap String).
    static func parse(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        Int64(String(decoding: digits, as: UTF8.self))
    }
}

extension Bool: PostgresDecodable {
    package static func decode(_ cell: PostgresCell) throws -> Bool {
        switch cell.isNull ? "" : cell.text {
        case "t": return true
        case "f": return false
        default: throw cell.unreadable(as: "a boolean")
        }
    }
}

extension PostgresBytes: PostgresDecodable {
    /// A `bytea` cell (`\x…` in text form).
    package static func decode(_ cell: PostgresCell) throws -> PostgresBytes {
        var length = 0
        let bytes = cell.isNull ? nil : cell.withBytes { ledger_pq_unescape_bytea($0.baseAddress, &length) }
        guard let bytes else { throw cell.unreadable(as: "bytes") }
        defer { ledger_pq_free(bytes) }
        return PostgresBytes(Array(UnsafeBufferPointer(start: bytes, count: length)))
    }
}

extension Array: PostgresDecodable where Element == String {
    /// A one-dimensional `text[]` in text form: `{a,"b,c","d\"e"}`; a NULL element is refused.
    package static func decode(_ cell: PostgresCell) throws -> [String] {
        guard !cell.isNull, let elements = PostgresTextArray.elements(cell.text), !elements.contains(nil) else {
            throw cell.unreadable(as: "an array of texts")
        }
        return elements.map { $0! }
    }
}

/// PostgreSQL's text form of a one-dimensional array.
enum PostgresTextArray {
    /// The elements of `text` (nil for an unquoted NULL), or nil when it is not such an array.
    static func elements(_ text: String) -> [String?]? {
        var scalars = Array(text.unicodeScalars)[...]
        guard scalars.first == "{", scalars.last == "}" else { return nil }
        scalars = scalars.dropFirst().dropLast()
        var elements: [String?] = []
        while !scalars.isEmpty {
            guard let (element, rest) = next(scalars) else { return nil }
            elements.append(element)
            scalars = rest
            if scalars.first == "," {
                scalars = scalars.dropFirst()
                if scalars.isEmpty { return nil }
            } else if !scalars.isEmpty {
                return nil
            }
        }
        return elements
    }

    /// The element at the start of `scalars` and what follows it.
    private static func next(_ scalars: ArraySlice<Unicode.Scalar>) -> (String?, ArraySlice<Unicode.Scalar>)? {
        var rest = scalars
        var element = String.UnicodeScalarView()
        guard rest.first == "\"" else {
            while let scalar = rest.first, scalar != "," {
                element.append(scalar)
                rest = rest.dropFirst()
            }
            let text = String(element)
            return (text == "NULL" ? nil : text, rest)
        }
        rest = rest.dropFirst()
        while let scalar = rest.first, scalar != "\"" {
            rest = rest.dropFirst()
            if scalar == "\\" {
                guard let escaped = rest.first else { return nil }
                element.append(escaped)
                rest = rest.dropFirst()
            } else {
                element.append(scalar)
            }
        }
        guard rest.first == "\"" else { return nil }
        return (String(element), rest.dropFirst())
    }
}
