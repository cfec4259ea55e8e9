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
