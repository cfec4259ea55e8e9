/// The digits of ``ExactDecimal``'s texts (``ExactDecimal/write(formattedTo:)`` and the rounded
/// and grouped writers): pairs of digits from ``DigitPairs``, a tax report's ~10⁸ digits at a
/// million trades.
extension ExactDecimal {
    /// `.` and the digits of `fraction` (1 ..< 10¹⁸, in units of 10⁻¹⁸) without its trailing
    /// zeros: its first eight digits, or all eighteen when the last ten are not all zeros (a
    /// price's or a quantity's few places, a cost's eighteen), written whole; then the zeros
    /// at their end dropped a word at a time. Before, a division by 10⁸, 10⁴ or 10 for each step
    /// of the zeros' count, then the digits left (round 34).
    static func writeFraction(_ fraction: UInt64, to out: inout ByteCursor) {
        let top = fraction / 10_000_000_000
        let bottom = fraction &- top &* 10_000_000_000
        let width = bottom == 0 ? 9 : 19
        out.reserve(width) { start in
            start[0] = UInt8(ascii: ".")
            putEight(UInt32(truncatingIfNeeded: top), at: start + 1)
            if bottom != 0 {
                let high = bottom / 100_000_000
                DigitPairs.put(UInt32(truncatingIfNeeded: high), at: start + 9)
                putEight(UInt32(truncatingIfNeeded: bottom &- high &* 100_000_000), at: start + 11)
            }
            // A digit not zero lies in the last eight (the first eight when `bottom` is zero) or,
            // when those are all zeros, in the two before them: no word read before `start`.
            var end = width
            while true {
                let word = UnsafeRawPointer(start + end - 8).loadUnaligned(as: UInt64.self) ^ 0x3030_3030_3030_3030
                // The last byte is the word's highest: its zero bytes at the top are the zeros.
                if word != 0 { return end - word.leadingZeroBitCount / 8 }
                end -= 8
            }
        }
    }

    /// The three digits of `value` (below 1,000) at `target`.
    @inline(__always)
    static func putThree(_ value: UInt32, at target: UnsafeMutablePointer<UInt8>) {
        let hundreds = value / 100
        target[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: hundreds)
        DigitPairs.put(value &- hundreds &* 100, at: target + 1)
    }

    /// The decimal digits of `value`, most significant first: one or two (most quantities'
    /// whole parts, and many amounts') where they are written, more through a call.
    @inline(__always)
    static func writeDigits(_ value: UInt64, to out: inout ByteCursor) {
        guard value >= 10 else { return out.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)) }
        guard value >= 100 else {
            return out.reserve(2) { target in
                DigitPairs.put(UInt32(truncatingIfNeeded: value), at: target)
                return 2
            }
        }
        writeDigits(value, width: digitCount(value), to: &out)
    }

    /// How many decimal digits `value` has (1 for 0): from its bit length, log₁₀ 2 ≈ 1233 / 2¹²,
    /// then one comparison (a loop of a comparison and a multiplication a digit before).
    static func digitCount(_ value: UInt64) -> Int {
        let guess = ((64 &- (value | 1).leadingZeroBitCount) &* 1233) >> 12
        return guess &+ (value | 1 >= powersOfTen64[guess] ? 1 : 0)
    }

    /// 10⁰ … 10¹⁹.
    static let powersOfTen64: [UInt64] = (0..<20).map { UInt64(powerOfTen($0)) }

    /// The last `width` (at most 20) decimal digits of `value`, zeros in front (a tax report at a
    /// million trades writes ~10⁸ digits, most of them the 18 of a fraction): eight digits a
    /// 64-bit division, split in 32 bits into four pairs, each pair's two bytes read from
    /// ``DigitPairs`` (round 30: a division a pair and one of a byte for its tens before).
    static func writeDigits(_ value: UInt64, width: Int, to out: inout ByteCursor) {
        out.reserve(width) { start in
            var rest = value
            var position = width
            while position >= 8 {
                let next = rest / 100_000_000
                let eight = UInt32(truncatingIfNeeded: rest &- next &* 100_000_000)
                rest = next
                position -= 8
                putEight(eight, at: start + position)
            }
            while position >= 2 {
                let next = rest / 100
                position -= 2
                DigitPairs.put(UInt32(truncatingIfNeeded: rest &- next &* 100), at: start + position)
                rest = next
            }
            if position == 1 { start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
            return width
        }
    }

    /// The eight digits of `value` (below 10⁸) at `target`.
    @inline(__always)
    static func putEight(_ value: UInt32, at target: UnsafeMutablePointer<UInt8>) {
        let high = value / 10_000
        putFour(high, at: target)
        putFour(value &- high &* 10_000, at: target + 4)
    }

    /// The four digits of `value` (below 10,000) at `target`.
    @inline(__always)
    static func putFour(_ value: UInt32, at target: UnsafeMutablePointer<UInt8>) {
        let high = value / 100
        DigitPairs.put(high, at: target)
        DigitPairs.put(value &- high &* 100, at: target + 2)
    }
}
