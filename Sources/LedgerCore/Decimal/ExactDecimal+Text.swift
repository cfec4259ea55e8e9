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
        withBytes(atMost: Self.formattedMaxBytes) {
            write(formattedTo: &$0)
        } then: {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// ``formatted()``'s text appended to `out` as UTF-8, with no `String` made on the way (a tax
    /// report writes millions of numbers).
    public func appendFormatted(to out: inout [UInt8]) {
        out.append(atMost: Self.formattedMaxBytes) { write(formattedTo: &$0) }
    }

    /// The most bytes ``write(formattedTo:)`` writes: a sign, 21 integer digits, a point and 18
    /// fractional digits.
    public static let formattedMaxBytes = 41

    /// ``formatted()``'s text written to `out` (at most ``formattedMaxBytes``).
    public func write(formattedTo out: inout ByteCursor) {
        guard !isOverflow else {
            out.append("overflow")
            return
        }
        // Zero (a tax disposal's costs and adjustment, most of them) with no division.
        guard units != 0 else { return out.append(UInt8(ascii: "0")) }
        let (whole, fraction) = Self.wholeAndFraction(units.magnitude)
        if units < 0 { out.append(UInt8(ascii: "-")) }
        if let small = UInt64(exactly: whole) {
            Self.writeDigits(small, to: &out)
        } else {
            out.append(text: String(whole))
        }
        guard fraction != 0 else { return }
        Self.writeFraction(fraction, to: &out)
    }

    /// ``formatted(places:rule:)``'s text written to `out` (at most ``formattedMaxBytes`` + 1 +
    /// `places`).
    public func write(formattedTo out: inout ByteCursor, places: Int, rule: RoundingRule = .halfAwayFromZero) {
        guard !isOverflow else {
            out.append("overflow")
            return
        }
        // Half away from zero (every report's rounding) in one pass where it can be.
        if rule == .halfAwayFromZero, writeRounded(to: &out, places: places, grouped: false, plus: false) { return }
        let start = out.count
        let rounded = rounded(places: places, rule: rule)
        rounded.write(formattedTo: &out)
        // Rounded past the largest value: `overflow`, with no places after it.
        guard places > 0, !rounded.isOverflow else { return }
        var point = out.count - 1
        while point >= start, out[point] != UInt8(ascii: ".") { point -= 1 }
        if point < start {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "0"), count: places)
        } else {
            out.append(UInt8(ascii: "0"), count: max(0, places - (out.count - point - 1)))
        }
    }

    /// `magnitude` ÷ 10¹⁸ and the remainder (below 10¹⁸: 64 bits), by one division
    /// (``quotientAndRemainder(_:dividingBy:)``: a multiplication for every amount below ~18.4).
    private static func wholeAndFraction(_ magnitude: UInt128) -> (whole: UInt128, fraction: UInt64) {
        let (whole, fraction) = quotientAndRemainder(magnitude, dividingBy: 1_000_000_000_000_000_000)
        return (whole, fraction)
    }

    /// ``write(formattedTo:places:rule:)``'s text, rounded half away from zero, its integer
    /// part's thousands grouped by `,` and, when `plus`, `+` before a value that rounds above
    /// zero (a text report's money): in one pass for 1…17 places and an integer part within
    /// 64 bits, true; else nothing written and false (the caller takes the long way). A text
    /// tax report at 1M writes millions of them: the rounding as a value, its second split
    /// and the grouping's moves of the bytes after it were a third of its output (round 32).
    public func write(groupedTo out: inout ByteCursor, places: Int, plus: Bool = false) -> Bool {
        writeRounded(to: &out, places: places, grouped: true, plus: plus)
    }

    /// ``write(groupedTo:places:plus:)``, the integer part grouped only when `grouped`.
    private func writeRounded(to out: inout ByteCursor, places: Int, grouped: Bool, plus: Bool) -> Bool {
        guard !isOverflow, places > 0, places < Self.scale else { return false }
        let (wide, fraction) = Self.wholeAndFraction(units.magnitude)
        guard var whole = UInt64(exactly: wide), whole < UInt64.max else { return false }
        // Money's two places by a constant (a multiplication), other places by one division.
        let step = places == 2 ? 10_000_000_000_000_000 : UInt64(Self.powerOfTen(Self.scale - places))
        var kept = places == 2 ? fraction / 10_000_000_000_000_000 : fraction / step
        let rest = fraction &- kept &* step
        // Half away from zero, as ``rounded(places:rule:)``: up when the rest is at least half.
        if rest >= step &- rest {
            kept += 1
            if kept == (places == 2 ? 100 : UInt64(Self.powerOfTen(places))) { (whole, kept) = (whole + 1, 0) }
        }
        if whole | kept != 0 {
            if units < 0 { out.append(UInt8(ascii: "-")) } else if plus { out.append(UInt8(ascii: "+")) }
        }
        if grouped { Self.writeGrouped(whole, to: &out) } else { Self.writeDigits(whole, to: &out) }
        guard places == 2 else {
            out.append(UInt8(ascii: "."))
            Self.writeDigits(kept, width: places, to: &out)
            return true
        }
        // Money's two places: the point and one pair, where a call wrote the pair (round 34).
        out.reserve(3) { target in
            target[0] = UInt8(ascii: ".")
            DigitPairs.put(UInt32(truncatingIfNeeded: kept), at: target + 1)
            return 3
        }
        return true
    }

    /// ``writeGrouped(_:to:)`` of 1,000 … 999,999 (most of a report's money): the thousands,
    /// `,` and three digits, with no count of the digits and no loop.
    private static func writeThousands(_ value: UInt32, to out: inout ByteCursor) {
        let high = value / 1000
        let width = high >= 100 ? 7 : high >= 10 ? 6 : 5
        out.reserve(width) { start in
            switch width {
            case 7: putThree(high, at: start)
            case 6: DigitPairs.put(high, at: start)
            default: start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
            }
            start[width - 4] = UInt8(ascii: ",")
            putThree(value &- high &* 1000, at: start + width - 3)
            return width
        }
    }

    /// The decimal digits of `value` with `,` between each three from the right.
    private static func writeGrouped(_ value: UInt64, to out: inout ByteCursor) {
        guard value >= 1000 else { return writeDigits(value, to: &out) }
        guard value >= 1_000_000 else { return writeThousands(UInt32(truncatingIfNeeded: value), to: &out) }
        let digits = digitCount(value)
        let width = digits + (digits - 1) / 3
        out.reserve(width) { start in
            // Three digits and a comma at a time from the right (a pair from ``DigitPairs``),
            // then the 1–3 digits left in front.
            var (rest, position) = (value, width)
            while rest >= 1000 {
                let next = rest / 1000
                position -= 4
                start[position] = UInt8(ascii: ",")
                putThree(UInt32(truncatingIfNeeded: rest &- next &* 1000), at: start + position + 1)
                rest = next
            }
            let front = UInt32(truncatingIfNeeded: rest)
            switch position {
            case 3: putThree(front, at: start)
            case 2: DigitPairs.put(front, at: start)
            default: start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: front)
            }
            return width
        }
    }

    /// Exactly `places` fractional digits after rounding by `rule` (display only).
    public func formatted(places: Int, rule: RoundingRule = .halfAwayFromZero) -> String {
        withBytes(atMost: Self.formattedMaxBytes + 1 + max(places, 0)) {
            write(formattedTo: &$0, places: places, rule: rule)
        } then: {
            String(decoding: $0, as: UTF8.self)
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
