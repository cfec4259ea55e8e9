import LedgerCore

/// Why one field of a row cannot be read: the sentence shown after `FILE:LINE:`.
public struct RowError: Error, Hashable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// Reading the numbers of exchange exports: signs, currency symbols, units, thousands
/// separators, parentheses for negatives and scientific notation, all exactly.
public enum ImportNumber {
    /// How a file writes numbers.
    public struct Style: Sendable, Equatable {
        /// `1.234,56`: `,` is the decimal mark and `.` groups thousands.
        public var decimalComma = false

        public init(decimalComma: Bool = false) {
            self.decimalComma = decimalComma
        }
    }

    /// A plain number: optional sign, digits, optional fraction, optional exponent
    /// (`-3.605E-05`). No symbols, no grouping.
    public static func plain(_ text: String, _ field: String) throws(RowError) -> ExactDecimal {
        switch ExactDecimal.parse(text, allowExponent: true) {
        case .success(let value): return value
        case .failure(let error):
            throw RowError("\(field) '\(text)' is not a number: it \(error.reason)")
        }
    }

    /// A number that may be written as money or with a unit: `$1,234.56`, `-€2200.00`,
    /// `CA$4000.00`, `$.30`, `($1.92)`, `(0.07 BTC)`, `3,595.150506 DAI`, `1,234.56USDT`.
    ///
    /// The shape is `[(] [sign] [symbol] [sign] NUMBER [unit] [)]`: one sign at most (before
    /// or after the symbol), parentheses for a negative, a symbol of letters, `$` or non-ASCII
    /// characters before the number and a unit of the same after it (the caller knows the unit
    /// from the column). NUMBER is digits with an optional fraction (`.5` too) and exponent;
    /// `,` must group thousands in threes, or, in the decimal-comma style, `.` or a space does
    /// and `,` is the mark. Anything else is refused; nothing is guessed or skipped: a digit of
    /// another script (`1٢`), a lone `E` (`1.5E`), and, when the caller names the column's
    /// asset as `unit`, a code of letters that names another (`5ETH` in a BTC row).
    public static func money(_ text: String, _ field: String, style: Style = Style(), unit: Asset? = nil)
        throws(RowError) -> ExactDecimal
    {
        if !style.decimalComma, case .success(let value) = ExactDecimal.parse(text, allowExponent: true) {
            return value
        }
        let shape = try MoneyShape(text, field)
        let end = numberEnd(shape.rest, style)
        let digits = shape.rest[..<end]
        guard let first = digits.first, isDigit(first) || isMarkThenDigit(digits, style) else {
            throw RowError("\(field) '\(text)' is not a number")
        }
        let suffix = shape.rest[end...]
        guard suffix.allSatisfy({ isSymbol($0) || $0 == 0x20 }) else {
            let after = String(decoding: suffix, as: UTF8.self).drop { $0 == " " }.first.map(String.init) ?? ""
            throw RowError(
                "\(field) '\(text)' is not a number: '\(after)' after it is neither a unit nor part of a number")
        }
        for mark in [shape.symbol, suffix] { try checkMark(mark, text, field, unit) }
        let value = try plain(try ungrouped(digits, text, field, style), field)
        return shape.negative ? value.negated : value
    }

    /// What stands before a money amount's number: `(`, one sign (before or after the
    /// symbol) and the symbol; `rest` is the number and what follows it.
    private struct MoneyShape {
        var symbol: ArraySlice<UInt8> = []
        var rest: ArraySlice<UInt8>
        var negative: Bool
        private var signed = false

        init(_ text: String, _ field: String) throws(RowError) {
            rest = Array(ImportText.trimmed(text).utf8)[...]
            let parenthesized = rest.first == UInt8(ascii: "(") && rest.last == UInt8(ascii: ")")
            if parenthesized { rest = rest.dropFirst().dropLast() }
            negative = parenthesized
            takeSign()
            symbol = rest.prefix(while: ImportNumber.isSymbol)
            // `e5` / `E-5` are exponents without a number, not a currency symbol before one.
            guard symbol.count != 1 || symbol.first! | 0x20 != UInt8(ascii: "e") else {
                throw RowError("\(field) '\(text)' is not a number")
            }
            rest = rest[symbol.endIndex...].drop { $0 == 0x20 }
            takeSign()
            guard !(parenthesized && signed) else {
                throw RowError("\(field) '\(text)' is not a number: a sign inside parentheses")
            }
        }

        private mutating func takeSign() {
            guard !signed, let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") else {
                return
            }
            signed = true
            if first == UInt8(ascii: "-") { negative.toggle() }
            rest = rest.dropFirst()
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 48 < 10 }

    /// The symbol before or the unit after a number, which must not hide a misread: a digit of
    /// another script (`1٢` is not 1), a lone `E` (`1.5E` is not 1.5) or a code of letters
    /// other than the column's asset (`5ETH` is not 5 BTC).
    private static func checkMark(_ mark: ArraySlice<UInt8>, _ text: String, _ field: String, _ unit: Asset?)
        throws(RowError)
    {
        guard !mark.isEmpty else { return }
        let word = String(decoding: mark, as: UTF8.self).filter { $0 != " " }
        if let digit = word.unicodeScalars.first(where: { $0.properties.numericType != nil }) {
            throw RowError(
                "\(field) '\(text)' is not a number: '\(digit)' is a digit of another script; write digits as 0-9")
        }
        if word == "e" || word == "E" {
            throw RowError("\(field) '\(text)' is not a number: its exponent 'E' has no digits after it")
        }
        let code = word.uppercased()
        if let unit, !code.isEmpty, code.utf8.allSatisfy({ $0 &- UInt8(ascii: "A") < 26 }), code != unit.symbol.text {
            throw RowError(
                "\(field) '\(text)' is an amount of \(code), not of \(unit.symbol.text) as the row says; correct the row"
            )
        }
    }

    /// A byte of a currency symbol or unit: a letter, `$`, or part of a non-ASCII character.
    private static func isSymbol(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "$") || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// `.5` (or `,5` in the decimal-comma style): a number that starts at its decimal mark.
    private static func isMarkThenDigit(_ bytes: ArraySlice<UInt8>, _ style: Style) -> Bool {
        let mark = style.decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        return bytes.first == mark && bytes.dropFirst().first.map(isDigit) == true
    }

    /// Where the numeric part (digits, `.`, `,`, a grouping space, an exponent) ends.
    private static func numberEnd(_ bytes: ArraySlice<UInt8>, _ style: Style) -> Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                index += 1
            } else if byte == 0x20, style.decimalComma, index > bytes.startIndex, isDigit(bytes[index - 1]),
                index + 1 < bytes.endIndex, isDigit(bytes[index + 1])
            {
                index += 1
            } else if byte | 0x20 == UInt8(ascii: "e"), index > bytes.startIndex, isDigit(bytes[index - 1]),
                let next = exponentEnd(bytes, after: index)
            {
                return next
            } else {
                break
            }
        }
        return index
    }

    /// The end of `e-05` / `E+7` / `e5` starting at `index`, or nil when it is not an exponent.
    private static func exponentEnd(_ bytes: ArraySlice<UInt8>, after index: Int) -> Int? {
        var cursor = index + 1
        if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
            cursor += 1
        }
        let start = cursor
        while cursor < bytes.endIndex, isDigit(bytes[cursor]) { cursor += 1 }
        return cursor > start ? cursor : nil
    }

    /// The digits without thousands separators, with `.` as the decimal mark.
    ///
    /// Works on bytes in one pass: splitting and filtering `Character`s cost 3 µs a field, a
    /// third of the time an exchange row took to read (docs/PERFORMANCE.md).
    private static func ungrouped(_ digits: ArraySlice<UInt8>, _ text: String, _ field: String, _ style: Style)
        throws(RowError) -> String
    {
        var groups = DigitGroups(style, capacity: digits.count)
        let markName = Character(UnicodeScalar(groups.mark))
        guard digits.count(where: { $0 == groups.mark }) <= 1 else {
            throw RowError("\(field) '\(text)' is not a number: it has more than one '\(markName)'")
        }
        let groupName = Character(UnicodeScalar(groups.group))
        // Made only when thrown: this runs for every amount a Coinbase-shaped row writes as money.
        func notGrouping() -> RowError {
            let hint = style.decimalComma ? "" : "; if the file uses decimal commas, pass --decimal-comma"
            return RowError("\(field) '\(text)' is not a number: '\(groupName)' does not group thousands\(hint)")
        }
        for byte in digits {
            switch groups.take(byte) {
            case .taken: continue
            case .groupAfterMark:
                throw RowError("\(field) '\(text)' is not a number: '\(groupName)' after the decimal mark")
            case .notGrouping: throw notGrouping()
            }
        }
        guard groups.endsWell else { throw notGrouping() }
        if groups.output.first == UInt8(ascii: ".") { groups.output.insert(UInt8(ascii: "0"), at: 0) }
        return String(decoding: groups.output, as: UTF8.self)
    }

    /// Digits read one byte at a time, their grouping checked: `,` groups thousands (the
    /// first group 1 to 3 digits, every later one exactly 3), none after the decimal mark;
    /// `output` is the digits with `.` as the mark and no separators.
    private struct DigitGroups {
        enum Step { case taken, groupAfterMark, notGrouping }
        let group: UInt8
        let mark: UInt8
        let spaceGroups: Bool
        var output: [UInt8] = []
        private var groups = 0
        private var run = 0
        private var inFraction = false
        private var exponent = false

        init(_ style: Style, capacity: Int) {
            group = style.decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
            mark = style.decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
            spaceGroups = style.decimalComma
            output.reserveCapacity(capacity)
        }

        /// Whether the digits can end here: a grouped whole part ends on a full group.
        var endsWell: Bool { inFraction || groups == 0 || run == 3 }

        mutating func take(_ byte: UInt8) -> Step {
            if exponent || byte | 0x20 == UInt8(ascii: "e") {
                exponent = true
                output.append(byte)
            } else if byte == group || (byte == 0x20 && spaceGroups) {
                guard !inFraction else { return .groupAfterMark }
                guard groups == 0 ? (1...3).contains(run) : run == 3 else { return .notGrouping }
                groups += 1
                run = 0
            } else if byte == mark {
                guard groups == 0 || run == 3 else { return .notGrouping }
                inFraction = true
                output.append(UInt8(ascii: "."))
            } else {
                if !inFraction { run += 1 }
                output.append(byte)
            }
            return .taken
        }
    }

    /// A quantity that must be present and not zero; its sign is returned separately.
    public static func required(_ text: String, _ field: String, style: Style = Style(), unit: Asset? = nil)
        throws(RowError) -> ExactDecimal
    {
        guard !text.isEmpty else { throw RowError("\(field) is empty") }
        return try money(text, field, style: style, unit: unit)
    }

    /// An optional amount: 0 when the field is empty.
    public static func optional(_ text: String, _ field: String, style: Style = Style(), unit: Asset? = nil)
        throws(RowError) -> ExactDecimal
    {
        text.isEmpty ? .zero : try money(text, field, style: style, unit: unit)
    }

    /// quantity × unit price, which must be exact: ExactDecimal keeps 18 decimal places, and a
    /// total that needs more (0.5 × 0.000000000000000001) would be rounded, so it is refused.
    public static func total(_ quantity: ExactDecimal, _ price: ExactDecimal, _ field: String) throws(RowError)
        -> ExactDecimal
    {
        guard let total = quantity.multipliedExactly(by: price) else {
            throw RowError(
                "\(quantity) × \(field) \(price) needs more than 18 decimal places (or is too large), and no amount is ever rounded; give the total instead of the price"
            )
        }
        return total
    }
}
