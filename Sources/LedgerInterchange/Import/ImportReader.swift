import LedgerCore

/// Reads an exchange export as it streams in: finds the header (after any preamble), picks the
/// layout that recognises it, and turns every data row into an ``ImportOutcome``.
///
/// Pure: bytes in, outcomes out. Feed chunks of any size; memory holds one record, the rows a
/// layout groups (one trade), and the preamble (at most ``headerSearchLimit`` rows).
public struct ImportReader {
    /// How many non-blank rows may come before the header.
    public static let headerSearchLimit = 20

    private var csv: CSVStreamReader
    private let candidates: [any ImportLayout.Type]
    private let options: ImportOptions
    private let formatName: String
    private var layout: (any ImportLayout)?
    private var header: ImportHeader?
    private var preambleRows = 0
    private var failed = false
    private let separator: UInt8

    /// The layout that recognised the header, once found (`coinbase: transaction history …`).
    public private(set) var layoutName: String?
    /// The preset of that layout.
    public private(set) var preset: String?

    /// A reader for the layouts of `format` (`auto`: every preset's layouts).
    public init(format: String, options: ImportOptions = ImportOptions(), separator: UInt8 = UInt8(ascii: ","))
        throws(RowError)
    {
        guard let layouts = ImportPresets.layouts(for: format, generic: options.mapping != nil) else {
            throw RowError("--format '\(format)' is not supported; use \(ImportPresets.formatList)")
        }
        candidates = layouts
        self.options = options
        formatName = format
        csv = CSVStreamReader(separator: separator)
        self.separator = separator
    }

    /// Every outcome of a whole file (tests, small inputs); a file with no known header is one
    /// problem at line 1.
    public static func read(
        _ bytes: [UInt8], format: String, options: ImportOptions = ImportOptions(), separator: UInt8 = UInt8(ascii: ",")
    ) throws(RowError) -> [ImportOutcome] {
        var reader = try ImportReader(format: format, options: options, separator: separator)
        var outcomes: [ImportOutcome] = []
        reader.feed(bytes[...]) { outcomes.append($0) }
        reader.finish { outcomes.append($0) }
        if let problem = reader.headerProblem { outcomes.append(.problem(ImportProblem(line: 1, message: problem))) }
        return outcomes
    }

    /// Consumes a chunk of the file.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, _ emit: (ImportOutcome) -> Void) {
        var records: [CSVStreamReader.Output] = []
        csv.feed(chunk) { records.append($0) }
        for record in records { take(record, emit) }
    }

    /// Ends the file: the last record, what the layout still holds, or why nothing was read.
    public mutating func finish(_ emit: (ImportOutcome) -> Void) {
        var records: [CSVStreamReader.Output] = []
        csv.finish { records.append($0) }
        for record in records { take(record, emit) }
        guard !failed else { return }
        if var current = layout {
            for outcome in current.finish() { emit(outcome) }
            layout = current
        } else {
            failed = true
        }
    }

    private mutating func take(_ record: CSVStreamReader.Output, _ emit: (ImportOutcome) -> Void) {
        guard !failed else { return }
        switch record {
        case .failure(let error):
            emit(.problem(ImportProblem(line: error.line, message: error.reason)))
        case .success(let row):
            guard let header, var current = layout else { return findHeader(row, emit) }
            let imported = ImportRow(line: row.line, fields: row.fields, header: header)
            guard !imported.isBlank else { return }
            if type(of: current).sectioned {
                // A sectioned layout holds the whole file's events: drop the stored copy first,
                // so that appending to them does not copy them all on every row.
                layout = nil
                for outcome in current.read(imported) { emit(outcome) }
                layout = current
                return
            }
            if imported[at: 0].hasPrefix("No matching records found") {
                return emit(.ignored(line: row.line, reason: "the export says it holds no records"))
            }
            if let problem = fieldCountProblem(imported, header) { return emit(.problem(problem)) }
            for outcome in current.read(imported) { emit(outcome) }
            layout = current
        }
    }

    /// A row whose field count cannot be the header's. More fields would shift every later
    /// column: an unquoted `,` (a decimal comma, a thousands separator) in a field; never guess
    /// which one. Fewer than half: a line cut short.
    private func fieldCountProblem(_ row: ImportRow, _ header: ImportHeader) -> ImportProblem? {
        let count = row.fields.count
        let expected = header.names.count
        if count > expected {
            let extra = count - expected
            return ImportProblem(
                line: row.line,
                message:
                    "the row has \(count) fields where the header has \(expected): \(extra == 1 ? "a field holds" : "fields hold") an unquoted '\(Character(UnicodeScalar(separator)))' (a decimal comma?); quote such fields, or export with another delimiter and pass --delimiter"
            )
        }
        if count < expected / 2 {
            return ImportProblem(
                line: row.line,
                message: "the row has \(count) fields where the header has \(expected); is a line cut short?")
        }
        return nil
    }

    private mutating func findHeader(_ row: CSVRow, _ emit: (ImportOutcome) -> Void) {
        guard !row.isBlank else { return }
        let candidate = ImportHeader(row.fields)
        for type in candidates {
            if let found = type.init(header: candidate, options: options) {
                layout = found
                header = candidate
                preset = type.preset
                layoutName = "\(type.preset): \(type.title)"
                return
            }
        }
        preambleRows += 1
        if preambleRows >= Self.headerSearchLimit { failed = true }
    }

    /// Why no layout was found, once the header search has failed (nil otherwise): the file
    /// is not one this reader can import at all.
    public var headerProblem: String? { failed && layout == nil ? noHeaderMessage : nil }

    private var noHeaderMessage: String {
        if formatName == "generic" {
            return "no header with the columns named by --map was found in the first \(Self.headerSearchLimit) lines"
        }
        let which =
            formatName == "auto"
            ? "any exchange layout this version knows" : "a \(formatName) layout this version knows"
        return
            "no header of \(which) was found in the first \(Self.headerSearchLimit) lines; pass --format (\(ImportPresets.formatList)), or --format generic with --map"
    }
}
