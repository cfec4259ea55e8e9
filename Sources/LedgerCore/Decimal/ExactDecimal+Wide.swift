extension ExactDecimal {
    /// `lhs` × `rhs` in full (256 bits), exactly `lhs.multipliedFullWidth(by: rhs)`, in 64-bit
    /// pieces: the generic form for `UInt128` was ~66 instructions a call, a tenth of the
    /// fold's arithmetic (docs/PERFORMANCE.md, "Cold replay, thirtieth round"). Two operands
    /// within 64 bits are one multiplication.
    @inline(__always)
    static func fullProduct(_ lhs: UInt128, _ rhs: UInt128) -> (high: UInt128, low: UInt128) {
        let (left1, left0) = (UInt64(truncatingIfNeeded: lhs >> 64), UInt64(truncatingIfNeeded: lhs))
        let (right1, right0) = (UInt64(truncatingIfNeeded: rhs >> 64), UInt64(truncatingIfNeeded: rhs))
        let p00 = left0.multipliedFullWidth(by: right0)
        guard left1 | right1 != 0 else { return (0, UInt128(p00.high) << 64 | UInt128(p00.low)) }
        let p01 = left0.multipliedFullWidth(by: right1)
        let p10 = left1.multipliedFullWidth(by: right0)
        let p11 = left1.multipliedFullWidth(by: right1)
        // Each column's sum fits 128 bits (three or four words below 2⁶⁴ each); its high word
        // carries into the next.
        let second = UInt128(p00.high) &+ UInt128(p01.low) &+ UInt128(p10.low)
        let third = UInt128(p01.high) &+ UInt128(p10.high) &+ UInt128(p11.low) &+ (second >> 64)
        let fourth = UInt128(p11.high) &+ (third >> 64)
        return (fourth << 64 | (third & UInt128(UInt64.max)), second << 64 | UInt128(p00.low))
    }

    /// `wide` ÷ `divisor` for `wide.high` < `divisor`: exactly `divisor.dividingFullWidth(wide)`,
    /// whose generic form for `UInt128` is slow, by the hardware's division where it fits: a
    /// divisor within 64 bits (10¹⁸, every product's) in two 128-by-64-bit steps whatever the
    /// dividend (a dividend within 128 bits went through `__udivti3` and `__umodti3`), a
    /// larger one with a dividend within 128 bits in one 128-bit division.
    static func divide(
        _ wide: (high: UInt128, low: UInt128), by divisor: UInt128
    ) -> (quotient: UInt128, remainder: UInt128) {
        guard divisor >> 64 == 0 else {
            if wide.high == 0 { return wide.low.quotientAndRemainder(dividingBy: divisor) }
            return divisor.dividingFullWidth(wide)
        }
        // wide.high < divisor < 2⁶⁴: the dividend's top word is 0 and its second below the divisor.
        // Each step one division, its remainder from the quotient (``quotientAndRemainder(_:dividingBy:)``):
        // `dividingFullWidth` of 64 bits calls `__udivti3` and `__umodti3` each.
        let small = UInt64(truncatingIfNeeded: divisor)
        let upper = quotientAndRemainder(wide.high << 64 | wide.low >> 64, dividingBy: small)
        let lower = quotientAndRemainder(
            UInt128(upper.remainder) << 64 | wide.low & UInt128(UInt64.max), dividingBy: small)
        return (upper.quotient << 64 | lower.quotient, UInt128(lower.remainder))
    }
}

extension ExactDecimal {
    /// `wide` ÷ 10¹⁸ for `wide.high` < 10¹⁸ (every product's rounding step): exactly
    /// ``divide(_:by:)`` by 10¹⁸, in two 128-by-64-bit steps by a multiplication with 10¹⁸'s
    /// reciprocal (Möller and Granlund, "Improved division by invariant integers", 2011,
    /// algorithm 4) instead of the hardware's division: Swift lowers each 128-by-64-bit step to
    /// `__udivti3` and its `divq`, ~57 instructions (docs/PERFORMANCE.md, "Cold replay,
    /// thirty-first round").
    @inline(__always)
    static func divideByUnit(_ wide: (high: UInt128, low: UInt128)) -> (quotient: UInt128, remainder: UInt128) {
        // The 192-bit dividend shifted left by 4, as the divisor is, so that the divisor's top
        // bit is set (10¹⁸ has 60 bits); the top word stays below the shifted divisor.
        let top = UInt64(truncatingIfNeeded: wide.high)
        let (middle, bottom) = (UInt64(truncatingIfNeeded: wide.low >> 64), UInt64(truncatingIfNeeded: wide.low))
        let upper = divideNormalized(top << 4 | middle >> 60, middle << 4 | bottom >> 60)
        let lower = divideNormalized(upper.remainder, bottom << 4)
        return (UInt128(upper.quotient) << 64 | UInt128(lower.quotient), UInt128(lower.remainder >> 4))
    }

    /// (`high`, `low`) ÷ 10¹⁸ × 16 for `high` below it, by its reciprocal.
    @inline(__always)
    private static func divideNormalized(_ high: UInt64, _ low: UInt64) -> (quotient: UInt64, remainder: UInt64) {
        let divisor: UInt64 = 0xDE0B_6B3A_7640_0000 // 10¹⁸ × 16
        let reciprocal: UInt64 = 0x2725_DD1D_243A_BA0E // ⌊(2¹²⁸ − 1) ÷ divisor⌋ − 2⁶⁴
        let product = reciprocal.multipliedFullWidth(by: high)
        let (sum, carry) = product.low.addingReportingOverflow(low)
        var quotient = product.high &+ high &+ (carry ? 2 : 1)
        var remainder = low &- quotient &* divisor
        if remainder > sum {
            quotient &-= 1
            remainder &+= divisor
        }
        if remainder >= divisor {
            quotient &+= 1
            remainder &-= divisor
        }
        return (quotient, remainder)
    }
}
