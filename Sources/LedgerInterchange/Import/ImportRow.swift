/// The column names of a file's header, trimmed, for looking fields up by name.
public struct ImportHeader: Sendable {
    public let names: [String]
    private let index: [String: Int]

    public init(_ fields: [String]) {
        names = fields.map(ImportText.trimmed)
        var index: [String: Int] = [:]
        for (offset, name) in names.enumerated() where index[name] == nil { index[name] = offset }
        self.index = index
    }

    /// The position of the column named exactly `name`.
    public func position(_ name: String) -> Int? { index[name] }

    /// The position of the first column whose name starts with `prefix` (for names that carry
    /// a time zone, `Time(UTC+08:00)`).
    public func position(prefix: String) -> Int? {
        names.firstIndex { $0.hasPrefix(prefix) }
    }

    /// True when every name in `required` is a column.
    public func has(_ required: [String]) -> Bool { required.allSatisfy { index[$0] != nil } }
}

/// One data row with its header: fields by column name, trimmed, with the line it starts on.
public struct ImportRow: Sendable {
    public let line: Int
    public let fields: [String]
    public let header: ImportHeader

    public init(line: Int, fields: [String], header: ImportHeader) {
        self.line = line
        self.fields = fields
        self.header = header
    }

    /// The trimmed field of column `name` ("" when the column or the field is missing).
    public subscript(_ name: String) -> String {
        guard let position = header.position(name), position < fields.count else { return "" }
        return ImportText.trimmed(fields[position])
    }

    /// The trimmed field at `position` ("" when missing).
    public subscript(at position: Int?) -> String {
        guard let position, position < fields.count else { return "" }
        return ImportText.trimmed(fields[position])
    }

    /// True when every field is empty or spaces.
    public var isBlank: Bool { fields.allSatisfy { ImportText.trimmed($0).isEmpty } }

    /// The fields joined back, for messages.
    public var text: String { fields.joined(separator: ",") }
}

/// Small text helpers shared by the presets.
public enum ImportText {
    /// Without leading and trailing spaces, tabs, non-breaking spaces and byte order marks.
    public static func trimmed(_ text: some StringProtocol) -> String {
        let string = String(text)
        // The common case, nothing to trim, costs two byte reads.
        if let first = string.utf8.first, let last = string.utf8.last, !isSpaceByte(first), !isSpaceByte(last) {
            return string
        }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" || $0 == "\u{FEFF}" }
        guard let start = string.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = string.lastIndex(where: { !isSpace($0) })!
        return String(string[start...end])
    }

    /// A byte that may begin or end a space to trim (space, tab, or a multi-byte character).
    private static func isSpaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte >= 0x80
    }
}
