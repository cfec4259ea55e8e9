/// e^x and ln x in exact decimal arithmetic, for rates (a rate of return raised to a fraction of
/// a year), never for money. LedgerCore has no binary floating point (PurityTests), so both are
/// series summed at 10⁻¹⁸: each is good to a few units of 10⁻¹⁷ relative, far below the
/// 0.01 % a return is shown to (docs/RETURNS.md, "Solver").
extension ExactDecimal {
    /// ln 2 to 18 places (0.693147180559945309417…).
    static let ln2 = ExactDecimal(units: 693_147_180_559_945_309)

    /// e^self, or ``overflow`` when it exceeds what an ``ExactDecimal`` holds (self above ~46);
    /// 0 when below 10⁻¹⁸. Range reduction self = k·ln 2 + f, |f| ≤ ln 2 / 2, then Taylor.
    public func exponential() -> ExactDecimal {
        guard !isOverflow else { return .overflow }
        if self > ExactDecimal(46) { return .overflow }
        if self < ExactDecimal(-42) { return .zero }
        let k = Int((self / Self.ln2).rounded(places: 0).units / Self.unitsPerOne)
        let f = self - Self.ln2.multiplied(byInteger: k)
        var sum = ExactDecimal.one
        var term = ExactDecimal.one
        for n in 1...40 {
            term = term * f / ExactDecimal(n)
            if term.isZero { break }
            sum += term
        }
        return sum.scaled(byPowerOfTwo: k)
    }

    /// ln self for self > 0 (nil otherwise): self = m·2^k with 1 ≤ m < 2, and
    /// ln m = 2·atanh((m − 1)/(m + 1)), whose argument is at most 1/3.
    public func naturalLogarithm() -> ExactDecimal? {
        guard isPositive else { return nil }
        var mantissa = self
        var k = 0
        let two = ExactDecimal(2)
        while mantissa >= two {
            mantissa = mantissa / two
            k += 1
        }
        while mantissa < .one {
            mantissa = mantissa * two
            k -= 1
        }
        let z = (mantissa - .one) / (mantissa + .one)
        let zSquared = z * z
        var power = z
        var sum = ExactDecimal.zero
        var n = 1
        while !power.isZero, n < 120 {
            sum += power / ExactDecimal(n)
            power = power * zSquared
            n += 2
        }
        return sum.multiplied(byInteger: 2) + Self.ln2.multiplied(byInteger: k)
    }

    /// self × 2^k (k may be negative), in steps that each fit an ``ExactDecimal``.
    func scaled(byPowerOfTwo k: Int) -> ExactDecimal {
        var value = self
        var left = k
        while left != 0, !value.isZero, !value.isOverflow {
            let step = min(abs(left), 60)
            let factor = ExactDecimal(1 << step)
            value = left > 0 ? value * factor : value / factor
            left -= left > 0 ? step : -step
        }
        return value
    }
}
