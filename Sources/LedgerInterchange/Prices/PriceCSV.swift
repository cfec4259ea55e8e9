import LedgerCore

/// The price file format: CSV rows of `asset,price[,date[,currency]]`.
///
/// A header row is optional: the first row whose price column reads `price` (any case) is one,
/// and its names must then be the columns in that order. Blank lines are skipped; fields are
/// trimmed of spaces and tabs; a missing or empty date or currency takes the default. The
/// same asset, currency and date twice with the same price counts once; with different prices
/// it is refused.
public enum PriceCSV {
    /// The columns, in order; the first two are required.
    public static let columns = ["asset", "price", "date", "currency"]
    /// How the format is shown in messages.
    public static let synopsis = "asset,price[,date[,currency]]"

    /// What a file held: every valid observation and every refused row, in file order.
    public struct Contents: Sendable {
        public var observations: [PriceObservation] = []
        public var problems: [ImportProblem] = []
    }

    /// Reads `bytes` (UTF-8, a byte order mark and CRLF line ends allowed).
    public static func read(
        _ bytes: [UInt8], defaultQuote: AssetSymbol, defaultDate: Timestamp, source: String
    ) -> Contents {
        var parser = Parser(defaultQuote: defaultQuote, defaultDate: defaultDate, source: source)
        for record in CSVStreamReader.records(bytes) {
            switch record {
            case .success(let row): parser.take(row)
            case .failure(let error):
                parser.contents.problems.append(ImportProblem(line: error.line, message: error.reason))
            }
        }
        return parser.contents
    }

    /// The row-by-row state of one read.
    private struct Parser {
        let defaultQuote: AssetSymbol
        let defaultDate: Timestamp
        let source: String
        var contents = Contents()
        var seenData = false
        /// Where each key was first given, and its price.
        var firstSeen: [Key: (line: Int, price: ExactDecimal)] = [:]

        struct Key: Hashable {
            let asset: AssetSymbol, quote: AssetSymbol, observedAt: Timestamp
        }

        mutating func take(_ row: CSVRow) {
            let fields = row.fields.map(Self.trimmed)
            guard !fields.allSatisfy(\.isEmpty) else { return }
            let isHeader = fields.count >= 2 && fields[1].lowercased() == "price"
            defer { seenData = true }
            if isHeader {
                guard !seenData else {
                    return fail(row.line, "a header ('\(fields.joined(separator: ","))') may only be the first line")
                }
                return checkHeader(fields, line: row.line)
            }
            switch observation(fields) {
            case .success(let observation): add(observation, line: row.line)
            case .failure(let problem): fail(row.line, problem.message)
            }
        }

        private mutating func checkHeader(_ fields: [String], line: Int) {
            let names = fields.map { $0.lowercased() }
            guard names.count > columns.count || names != Array(columns.prefix(names.count)) else { return }
            fail(
                line,
                "the header '\(fields.joined(separator: ","))' does not name the columns \(synopsis) in that order")
        }

        private func observation(_ fields: [String]) -> Result<PriceObservation, InputError> {
            guard (2...columns.count).contains(fields.count) else {
                let count = fields.count == 1 ? "1 field" : "\(fields.count) fields"
                return .failure(InputError("expected \(synopsis), found \(count)"))
            }
            let input = PriceInput(
                asset: fields[0], price: fields[1],
                date: fields.count > 2 ? fields[2] : nil, currency: fields.count > 3 ? fields[3] : nil
            )
            return input.observation(
                defaultQuote: defaultQuote, defaultDate: defaultDate, source: source, labels: .file)
        }

        private mutating func add(_ observation: PriceObservation, line: Int) {
            let key = Key(asset: observation.asset, quote: observation.quote, observedAt: observation.observedAt)
            guard let earlier = firstSeen[key] else {
                firstSeen[key] = (line, observation.price)
                contents.observations.append(observation)
                return
            }
            guard earlier.price != observation.price else { return }
            let when = observation.observedAt.compactDescription
            fail(
                line,
                "\(observation.asset) in \(observation.quote) on \(when) is priced \(earlier.price) on line \(earlier.line) and \(observation.price) here; keep one"
            )
        }

        private mutating func fail(_ line: Int, _ message: String) {
            contents.problems.append(ImportProblem(line: line, message: message))
        }

        static func trimmed(_ field: String) -> String {
            let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            guard let first = field.firstIndex(where: { !isPadding($0) }),
                let last = field.lastIndex(where: { !isPadding($0) })
            else { return "" }
            return String(field[first...last])
        }
    }
}
