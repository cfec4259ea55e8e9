/// One record of a CSV file: its fields and the 1-based line it starts on.
public struct CSVRow: Hashable, Sendable {
    /// The physical line the record starts on (a quoted field may span lines).
    public let line: Int
    public let fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// True for a line with nothing in it, or only separators (`,,,`).
    public var isBlank: Bool { fields.allSatisfy(\.isEmpty) }
}

/// A record the reader could not split, with the line it starts on.
public struct CSVError: Error, Hashable, Sendable {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// Reads RFC 4180 CSV from bytes, one record per ``next()``.
///
/// - Fields are separated by `,`; a field in double quotes may hold commas, line breaks and
///   quotes written twice (`""`). Fields are returned as they are: no trimming.
/// - Records end at `\n`, `\r\n` or a lone `\r`; a final line break adds no empty record, but a
///   blank line in the middle is a record with one empty field (see ``CSVRow/isBlank``).
/// - A UTF-8 byte order mark at the start is skipped; invalid UTF-8 becomes U+FFFD.
/// - Text after a closing quote (`"ab"c`) is an error for that record only: the reader skips
///   to the end of its line and goes on. A quote never closed is an error for the rest of
///   the input. A quote inside an unquoted field (`5" disk`) is kept as text.
public struct CSVReader {
    private let bytes: [UInt8]
    private var position: Int
    private var line = 1

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Every record, or the first error.
    public static func rows(_ text: String) throws(CSVError) -> [CSVRow] {
        var reader = CSVReader(text)
        var rows: [CSVRow] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// The next record; nil at the end of the input. After an error the reader has moved past
    /// the bad record, so calling again continues with the next one.
    public mutating func next() throws(CSVError) -> CSVRow? {
        guard position < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        while true {
            let field = try readField(recordLine: start)
            fields.append(field)
            guard position < bytes.count else { break }
            let separator = bytes[position]
            position += 1
            if separator == Self.comma { continue }
            endLine(after: separator)
            break
        }
        return CSVRow(line: start, fields: fields)
    }

    /// Reads one field and stops on the separator or line break after it (not consumed).
    private mutating func readField(recordLine: Int) throws(CSVError) -> String {
        guard position < bytes.count, bytes[position] == Self.quote else { return readPlainField() }
        position += 1
        var field: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == Self.quote {
                guard position < bytes.count, bytes[position] == Self.quote else {
                    try expectFieldEnd(recordLine: recordLine)
                    return String(decoding: field, as: UTF8.self)
                }
                position += 1
            } else if byte == Self.newline || (byte == Self.carriageReturn && peek() != Self.newline) {
                line += 1
            }
            field.append(byte)
        }
        throw CSVError(
            line: recordLine, reason: "a quoted field that starts on this line is never closed (a '\"' is missing)")
    }

    private mutating func readPlainField() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.comma || byte == Self.newline || byte == Self.carriageReturn { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// After a closing quote only a separator, a line break or the end may follow.
    private mutating func expectFieldEnd(recordLine: Int) throws(CSVError) {
        guard let next = peek(), next != Self.comma, next != Self.newline, next != Self.carriageReturn else { return }
        skipToLineEnd()
        throw CSVError(
            line: recordLine,
            reason: "unexpected text after a closing quote; quote the whole field and double any '\"' inside it")
    }

    private mutating func skipToLineEnd() {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == Self.newline || byte == Self.carriageReturn {
                endLine(after: byte)
                return
            }
        }
    }

    /// Counts the line that `terminator` (just consumed) ends, taking the `\n` of a `\r\n`.
    private mutating func endLine(after terminator: UInt8) {
        if terminator == Self.carriageReturn, peek() == Self.newline { position += 1 }
        line += 1
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }
}
