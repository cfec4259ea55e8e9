/// A plain-text table: a header row, aligned columns, one space-separated gutter. Knows nothing
/// about money; callers pass cells already formatted.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public let title: String
        public let alignment: Alignment
        /// The one column that is cut (with `…`) when the table is wider than allowed.
        public let flexible: Bool

        public init(_ title: String, _ alignment: Alignment = .left, flexible: Bool = false) {
            self.title = title
            self.alignment = alignment
            self.flexible = flexible
        }
    }

    public let columns: [Column]
    public private(set) var rows: [[String]] = []
    /// Rows after which a rule is drawn (e.g. before totals).
    public private(set) var rulesAfter: Set<Int> = []

    public init(columns: [Column]) {
        self.columns = columns
    }

    public mutating func append(_ row: [String]) {
        rows.append(row + Array(repeating: "", count: max(0, columns.count - row.count)))
    }

    /// Draws a rule under the last row appended so far.
    public mutating func appendRule() {
        rulesAfter.insert(rows.count - 1)
    }

    /// The table as lines no wider than `width` (when a flexible column can absorb the excess).
    public func render(width: Int = 80) -> String {
        var widths = columns.indices.map { index in
            rows.reduce(columns[index].title.displayWidth) { max($0, $1[index].displayWidth) }
        }
        let total = widths.reduce(0, +) + 2 * (columns.count - 1)
        if total > width, let flexible = columns.firstIndex(where: \.flexible) {
            widths[flexible] = max(6, widths[flexible] - (total - width))
        }
        var lines = [line(columns.map(\.title), widths)]
        lines.append(rule(widths))
        for (index, row) in rows.enumerated() {
            lines.append(line(row, widths))
            if rulesAfter.contains(index) { lines.append(rule(widths)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(_ cells: [String], _ widths: [Int]) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            let text = cell.truncated(to: widths[index])
            let padding = String(repeating: " ", count: widths[index] - text.displayWidth)
            parts.append(columns[index].alignment == .right ? padding + text : text + padding)
        }
        return trimTrailingSpaces(parts.joined(separator: "  "))
    }

    private func rule(_ widths: [Int]) -> String {
        widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    }

    private func trimTrailingSpaces(_ text: String) -> String {
        var result = Substring(text)
        while result.last == " " { result = result.dropLast() }
        return String(result)
    }
}

extension String {
    /// Terminal columns: one per character (wide East Asian characters are not expected in
    /// symbols and numbers; notes are cut conservatively).
    public var displayWidth: Int { count }

    /// The text cut to `width` columns with a trailing `…` when it was longer.
    public func truncated(to width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 1 else { return String(prefix(width)) }
        return String(prefix(width - 1)) + "…"
    }
}
