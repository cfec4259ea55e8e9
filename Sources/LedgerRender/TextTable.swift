/// A plain-text table: a header row, aligned columns, one space-separated gutter. Knows nothing
/// about money; callers pass cells already formatted.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public let title: String
        public let alignment: Alignment
        /// The one column that is cut (with `…`) when the table is wider than allowed.
        public let flexible: Bool
        /// When the table is too wide, columns are dropped highest `dropPriority` first
        /// (0 = never dropped).
        public let dropPriority: Int

        public init(_ title: String, _ alignment: Alignment = .left, flexible: Bool = false, dropPriority: Int = 0) {
            self.title = title
            self.alignment = alignment
            self.flexible = flexible
            self.dropPriority = dropPriority
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

    /// The table as lines no wider than `width`: droppable columns go first (highest
    /// `dropPriority` first), then a flexible column absorbs what is left over.
    public func render(width: Int = 80) -> String {
        let visible = visibleColumns(width: width)
        guard visible.count < columns.count else { return renderAll(width: width) }
        var narrowed = TextTable(columns: visible.map { columns[$0] })
        for row in rows { narrowed.append(visible.map { row[$0] }) }
        narrowed.rulesAfter = rulesAfter
        return narrowed.renderAll(width: width)
    }

    /// Indices of the columns kept at `width`.
    private func visibleColumns(width: Int) -> [Int] {
        var kept = Array(columns.indices)
        func total() -> Int {
            kept.map { index in rows.reduce(columns[index].title.displayWidth) { max($0, $1[index].displayWidth) } }
                .reduce(0, +) + 2 * (kept.count - 1)
        }
        while total() > width,
            let drop = kept.filter({ columns[$0].dropPriority > 0 })
                .max(by: { columns[$0].dropPriority < columns[$1].dropPriority })
        {
            kept.removeAll { $0 == drop }
        }
        return kept
    }

    private func renderAll(width: Int) -> String {
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
    /// Terminal columns: one per character, ANSI colour sequences not counted (wide East Asian
    /// characters are not expected in symbols and numbers).
    public var displayWidth: Int {
        var width = 0
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    /// The text cut to `width` columns with a trailing `…` when it was longer.
    public func truncated(to width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 1 else { return String(prefix(width)) }
        return String(prefix(width - 1)) + "…"
    }
}
