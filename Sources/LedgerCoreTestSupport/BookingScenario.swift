import LedgerCore

/// A booking scenario in the domain's own notation, one per line (DESIGN.md §6):
///
///     lots 5@111.11 2024-10-02, 4@100.00 2024-10-01 | sell 7 | fifo -> 4@100.00 2024-10-01, 3@111.11 2024-10-02 | left 2@111.11
///
/// - `lots`: the open lots before, as `quantity@unitCost date`, bought in the order written
///   (no fees, in USD, one BTC position).
/// - the actions, comma-separated, each dated one day after the one before (the first one day
///   after the latest lot): `sell Q`, `fee Q` (a standalone fee paid in the asset, which disposes
///   of it) or `buy Q@C` (a lot bought between reductions).
/// - the method (`fifo`, `lifo`, `hifo`, `average`) `->` the pieces the reductions consumed, in
///   order, as `quantity@unitCost [date]` (`none` for no piece). The date, when written, is the
///   acquisition date the piece carries; an uncovered piece is `Q@0` dated on its sale.
/// - `left`: the open lots after, in acquisition order, as `quantity@unitCost [date]`, or `none`.
///
/// Unit costs are compared as cost ÷ quantity (rounded at 10⁻¹⁸ like ``Lot/unitCost``). A
/// scenario whose reductions take more than is held also expects a warning; any other
/// diagnostic is a mismatch.
public struct BookingScenario: Sendable, CustomStringConvertible {
    /// `quantity@unitCost [date]`.
    public struct LotSpec: Equatable, Sendable, CustomStringConvertible {
        public let quantity: ExactDecimal
        public let unitCost: ExactDecimal
        public let date: LocalDate?

        public var description: String {
            "\(quantity)@\(unitCost)" + (date.map { " \($0)" } ?? "")
        }

        /// Same quantity and unit cost, and the same date when this spec names one.
        func matches(_ actual: LotSpec) -> Bool {
            quantity == actual.quantity && unitCost == actual.unitCost && (date == nil || date == actual.date)
        }
    }

    public enum Action: Sendable, Equatable {
        case sell(ExactDecimal)
        case fee(ExactDecimal)
        case buy(ExactDecimal, unitCost: ExactDecimal)
    }

    public let line: String
    public let lots: [LotSpec]
    public let actions: [Action]
    public let method: BookingMethod
    public let booked: [LotSpec]
    public let left: [LotSpec]

    public var description: String { line }

    /// The asset every scenario trades, and the price its reductions are made at.
    public static let asset = "BTC"
    static let salePrice = "1000"

    public init(_ line: String) throws(BookingScenarioError) {
        self.line = line
        let segments = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmed }
        guard segments.count == 4 else {
            throw .init(line, "expected 4 segments separated by '|', found \(segments.count)")
        }
        guard let lotsText = segments[0].dropping(prefix: "lots") else {
            throw .init(line, "the first segment must start with 'lots'")
        }
        lots = try Self.specs(lotsText, line: line, datesRequired: true)
        actions = try Self.actions(segments[1], line: line)
        let bookedParts = segments[2].replacingArrow().split(separator: ">", maxSplits: 1).map { $0.trimmed }
        guard bookedParts.count == 2, let method = BookingMethod(rawValue: bookedParts[0].lowercased()) else {
            throw .init(line, "the third segment must be 'METHOD -> pieces' with METHOD one of \(BookingMethod.list)")
        }
        self.method = method
        booked = try Self.specs(bookedParts[1], line: line, datesRequired: false)
        guard let leftText = segments[3].dropping(prefix: "left") else {
            throw .init(line, "the last segment must start with 'left'")
        }
        left = try Self.specs(leftText, line: line, datesRequired: false)
    }

    private static func actions(_ text: String, line: String) throws(BookingScenarioError) -> [Action] {
        var result: [Action] = []
        for part in text.split(separator: ",").map({ $0.trimmed }) {
            let words = part.split(separator: " ", maxSplits: 1).map { $0.trimmed }
            guard words.count == 2 else { throw .init(line, "action '\(part)' is not 'sell Q', 'fee Q' or 'buy Q@C'") }
            switch words[0] {
            case "sell", "fee":
                guard let quantity = ExactDecimal(words[1]), quantity.isPositive else {
                    throw .init(line, "bad quantity in '\(part)'")
                }
                result.append(words[0] == "sell" ? .sell(quantity) : .fee(quantity))
            case "buy":
                let spec = try Self.spec(words[1], line: line, dateRequired: false)
                result.append(.buy(spec.quantity, unitCost: spec.unitCost))
            default:
                throw .init(line, "unknown action '\(words[0])' (use sell, fee or buy)")
            }
        }
        guard !result.isEmpty else { throw .init(line, "no action in the second segment") }
        return result
    }

    private static func specs(_ text: String, line: String, datesRequired: Bool) throws(BookingScenarioError)
        -> [LotSpec]
    {
        if text.isEmpty || text == "none" { return [] }
        var result: [LotSpec] = []
        for part in text.split(separator: ",") {
            result.append(try spec(part.trimmed, line: line, dateRequired: datesRequired))
        }
        return result
    }

    private static func spec(_ text: String, line: String, dateRequired: Bool) throws(BookingScenarioError) -> LotSpec {
        let compact = text.replacingOccurrences(" @ ", "@")
        let words = compact.split(separator: " ").map(String.init)
        let numbers = words.first?.split(separator: "@").map(String.init) ?? []
        guard (1...2).contains(words.count), numbers.count == 2,
            let quantity = ExactDecimal(numbers[0]), let unitCost = ExactDecimal(numbers[1])
        else {
            throw .init(line, "'\(text)' is not 'quantity@unitCost [date]'")
        }
        var date: LocalDate?
        if words.count == 2 {
            guard let parsed = LocalDate.parse(words[1]) else {
                throw .init(line, "'\(words[1])' in '\(text)' is not a date")
            }
            date = parsed
        } else if dateRequired {
            throw .init(line, "'\(text)' needs a date")
        }
        return LotSpec(quantity: quantity, unitCost: unitCost, date: date)
    }
}

/// A scenario line that does not parse, with the line and what is wrong.
public struct BookingScenarioError: Error, CustomStringConvertible {
    public let line: String
    public let reason: String

    init(_ line: String, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "bad booking scenario: \(reason)\n  in: \(line)" }
}

extension Substring {
    fileprivate var trimmed: String { String(self).trimmed }
}

extension String {
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// The rest after `prefix` and its following spaces, or nil when it does not start so.
    fileprivate func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)).trimmed : nil
    }

    /// `->` and `→` both become `>` (the split point between method and pieces).
    fileprivate func replacingArrow() -> String {
        replacingOccurrences("->", ">").replacingOccurrences("→", ">")
    }

    /// A plain replacement (the booking helpers avoid Foundation).
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
