/// Why a text is not a decimal number.
public enum DecimalParseError: Error, Equatable, Sendable {
    case empty
    /// The text stops where a digit was still needed (`-`, `5.`, `1e`).
    case incomplete
    /// A character that has no place in a number, with its 0-based offset.
    case unexpectedCharacter(Character, offset: Int)
    /// More than 18 non-zero fractional digits: keeping them would need rounding.
    case tooManyFractionalDigits
    /// Beyond ±1.7 × 10²⁰.
    case outOfRange
    /// `1e5` where scientific notation was not allowed.
    case exponentNotAllowed

    /// A short phrase for messages: "is not a number (unexpected ',' at position 2)".
    public var reason: String {
        switch self {
        case .empty: "is empty"
        case .incomplete: "ends where a digit is needed"
        case .unexpectedCharacter(let character, let offset):
            "has an unexpected '\(character)' at position \(offset + 1)"
        case .tooManyFractionalDigits: "has more than 18 decimal places"
        case .outOfRange: "is too large"
        case .exponentNotAllowed: "uses scientific notation"
        }
    }
}

extension ExactDecimal {
    /// Parses `-?DIGITS(.DIGITS)?` and, when `allowExponent`, a trailing `e±DIGITS`.
    ///
    /// Strict on purpose: no thousands separators, no decimal comma, no leading `+`, no bare
    /// `.5` or `5.`, nothing after the digits. Extra fractional digits are accepted only when
    /// they are zeros, so parsing never rounds.
    public static func parse(
        _ text: some StringProtocol, allowExponent: Bool = false
    ) -> Result<ExactDecimal, DecimalParseError> {
        let utf8 = text.utf8
        if let result = utf8.withContiguousStorageIfAvailable({ bytes in
            var scanner = DecimalScanner(bytes: bytes, allowExponent: allowExponent)
            return scanner.scan()
        }) {
            return result
        }
        return Array(utf8).withUnsafeBufferPointer { bytes in
            var scanner = DecimalScanner(bytes: bytes, allowExponent: allowExponent)
            return scanner.scan()
        }
    }

    /// Parses like ``parse(_:allowExponent:)`` and returns nil for anything that is not a number.
    public init?(_ text: some StringProtocol) {
        guard case .success(let value) = Self.parse(text) else { return nil }
        self = value
    }

    /// Parses directly from UTF-8 bytes (the store hands over SQLite's column text without
    /// building a `String`).
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        var scanner = DecimalScanner(bytes: bytes, allowExponent: false)
        guard case .success(let value) = scanner.scan() else { return nil }
        return value
    }

    /// The shortest exact text: no trailing fractional zeros, no exponent, `-` for negatives.
    public func formatted() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendFormatted(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``formatted()``'s text appended to `out` as UTF-8, with no `String` made on the way (a tax
    /// report writes millions of numbers).
    public func appendFormatted(to out: inout [UInt8]) {
        guard !isOverflow else {
            out += "overflow".utf8
            return
        }
        let (whole, fraction) = units.magnitude.quotientAndRemainder(dividingBy: Self.unitsPerOne.magnitude)
        if units < 0 { out.append(UInt8(ascii: "-")) }
        if let small = UInt64(exactly: whole) {
            Self.appendDigits(small, to: &out)
        } else {
            out += String(whole).utf8
        }
        guard fraction != 0 else { return }
        // The fraction is below 10^18: it fits in 64 bits.
        var rest = UInt64(fraction)
        var digits = Self.scale
        while rest % 10 == 0 {
            rest /= 10
            digits -= 1
        }
        out.append(UInt8(ascii: "."))
        Self.appendDigits(rest, width: digits, to: &out)
    }

    /// The decimal digits of `value`, most significant first.
    private static func appendDigits(_ value: UInt64, to out: inout [UInt8]) {
        var width = 1
        var limit: UInt64 = 10
        while width < 20, value >= limit {
            width += 1
            limit = limit.multipliedReportingOverflow(by: 10).partialValue
        }
        appendDigits(value, width: width, to: &out)
    }

    /// The last `width` (at most 20) decimal digits of `value`, zeros in front, written on the
    /// stack and appended in one piece (appending zeros to overwrite was 3% of a tax report).
    private static func appendDigits(_ value: UInt64, width: Int, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var rest = value
            for position in stride(from: width - 1, through: 0, by: -1) {
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<width]))
        }
    }

    /// Exactly `places` fractional digits after rounding by `rule` (display only).
    public func formatted(places: Int, rule: RoundingRule = .halfAwayFromZero) -> String {
        guard !isOverflow else { return "overflow" }
        let text = rounded(places: places, rule: rule).formatted()
        guard places > 0 else { return text }
        let present = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
        switch present {
        case nil: return text + "." + String(repeating: "0", count: places)
        case let count?: return text + String(repeating: "0", count: max(0, places - count))
        }
    }
}

/// A one-pass scanner over the bytes of a decimal number.
private struct DecimalScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let allowExponent: Bool
    var position = 0
    var units: UInt128 = 0
    var fractionDigits = 0

    init(bytes: UnsafeBufferPointer<UInt8>, allowExponent: Bool) {
        self.bytes = bytes
        self.allowExponent = allowExponent
    }

    mutating func scan() -> Result<ExactDecimal, DecimalParseError> {
        guard !bytes.isEmpty else { return .failure(.empty) }
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { position = 1 }
        if let error = digits(fractional: false) { return .failure(error) }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            if let error = digits(fractional: true) { return .failure(error) }
        }
        var exponent = 0
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            guard allowExponent else { return .failure(.exponentNotAllowed) }
            switch readExponent() {
            case .success(let value): exponent = value
            case .failure(let error): return .failure(error)
            }
        }
        if position < bytes.count { return .failure(unexpected()) }
        return finish(negative: negative, exponent: exponent)
    }

    /// Reads one or more digits into `units`; nil on success.
    private mutating func digits(fractional: Bool) -> DecimalParseError? {
        let start = position
        while position < bytes.count, bytes[position] &- 48 < 10 {
            let digit = UInt128(bytes[position] &- 48)
            if fractional {
                fractionDigits += 1
                if fractionDigits > ExactDecimal.scale {
                    guard digit == 0 else { return .tooManyFractionalDigits }
                    position += 1
                    continue
                }
            }
            let (times, o1) = units.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return .outOfRange }
            units = plus
            position += 1
        }
        if position == start { return position < bytes.count ? unexpected() : .incomplete }
        return nil
    }

    private mutating func readExponent() -> Result<Int, DecimalParseError> {
        position += 1
        var sign = 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
        }
        var value = 0
        let start = position
        while position < bytes.count, bytes[position] &- 48 < 10, value < 1000 {
            value = value * 10 + Int(bytes[position] &- 48)
            position += 1
        }
        guard position > start else { return .failure(position < bytes.count ? unexpected() : .incomplete) }
        return .success(sign * value)
    }

    private func unexpected() -> DecimalParseError {
        let prefix = UnsafeBufferPointer(rebasing: bytes[..<position])
        let offset = String(decoding: prefix, as: UTF8.self).count
        let rest = String(decoding: UnsafeBufferPointer(rebasing: bytes[position...]), as: UTF8.self)
        return .unexpectedCharacter(rest.first ?? "?", offset: offset)
    }

    /// Scales the digits read to 18 fractional places, applying the exponent exactly.
    private func finish(negative: Bool, exponent: Int) -> Result<ExactDecimal, DecimalParseError> {
        let shift = ExactDecimal.scale - min(fractionDigits, ExactDecimal.scale) + exponent
        var magnitude = units
        if shift >= 0 {
            guard shift <= 38 else { return magnitude == 0 ? .success(.zero) : .failure(.outOfRange) }
            let (scaled, overflowed) = magnitude.multipliedReportingOverflow(
                by: UInt128(ExactDecimal.powerOfTen(shift)))
            guard !overflowed else { return .failure(.outOfRange) }
            magnitude = scaled
        } else {
            guard -shift <= 38 else { return magnitude == 0 ? .success(.zero) : .failure(.tooManyFractionalDigits) }
            let divisor = UInt128(ExactDecimal.powerOfTen(-shift))
            guard magnitude % divisor == 0 else { return .failure(.tooManyFractionalDigits) }
            magnitude /= divisor
        }
        guard magnitude <= UInt128(Int128.max) else { return .failure(.outOfRange) }
        let value = Int128(magnitude)
        return .success(ExactDecimal(units: negative ? -value : value))
    }
}
