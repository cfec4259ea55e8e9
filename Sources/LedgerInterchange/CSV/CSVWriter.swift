/// Writes RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled,
/// lines end in CRLF-free `\n` (what spreadsheets and Unix tools both read).
public struct CSVWriter {
    public private(set) var text = ""

    public init() {}

    /// Appends one row. Text cells that a spreadsheet would run as a formula (`=`, `+`, `-`,
    /// `@`, tab, CR) are prefixed with `'`; numeric cells (`-1.5`) are written as they are.
    public mutating func row(_ cells: [String]) {
        text += cells.map(Self.escape).joined(separator: ",")
        text += "\n"
    }

    public static func escape(_ cell: String) -> String {
        var value = cell
        if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            !isPlainNumber(value)
        {
            value = "'" + value
        }
        let needsQuotes = value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func isPlainNumber(_ value: String) -> Bool {
        value.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && value.count > 1
    }
}

extension String {
    /// Every occurrence of `target` replaced (a small stand-in so this target needs no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
