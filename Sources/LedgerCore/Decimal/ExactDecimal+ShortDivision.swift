/// Division of a magnitude by a divisor within 64 bits (a power of ten up to 10¹⁸), for writing
/// a number's text (split at 10¹⁸) and rounding it for display (at 10^(18 − places)): a tax
/// report at a million trades does it a few million times (docs/PERFORMANCE.md, "`ledger tax`",
/// round 30).
extension ExactDecimal {
    /// `magnitude` ÷ `divisor` and the remainder: a 64-bit division when the magnitude fits in
    /// 64 bits (by a multiplication where the divisor is a constant, the function inlined),
    /// else one 128-bit division (the runtime's `__udivti3`) with the remainder worked out from
    /// the quotient, not by a second call (`__umodti3`, as `quotientAndRemainder` and
    /// `dividingFullWidth` of 128 bits make).
    @inline(__always)
    static func quotientAndRemainder(
        _ magnitude: UInt128, dividingBy divisor: UInt64
    ) -> (quotient: UInt128, remainder: UInt64) {
        let low = UInt64(truncatingIfNeeded: magnitude)
        guard magnitude >> 64 != 0 else { return (UInt128(low / divisor), low % divisor) }
        let quotient = magnitude / UInt128(divisor)
        // The remainder is below 2⁶⁴: the low words' difference, wrapping, is exactly it.
        return (quotient, low &- UInt64(truncatingIfNeeded: quotient) &* divisor)
    }
}
