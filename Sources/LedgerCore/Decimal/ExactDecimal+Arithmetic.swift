/// How a result that needs more digits than are kept is brought back to a whole number of units.
public enum RoundingRule: Sendable {
    /// To the nearest; a tie goes to the even neighbour (banker's rounding). Used for products
    /// and quotients at 10⁻¹⁸, where it keeps sums of many roundings unbiased.
    case halfEven
    /// To the nearest; a tie goes away from zero (2.345 → 2.35). Used for display.
    case halfAwayFromZero
    /// Drops the extra digits (toward zero).
    case towardZero
}

extension ExactDecimal {
    public static func + (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        guard !lhs.isOverflow, !rhs.isOverflow else { return .overflow }
        let (sum, overflowed) = lhs.units.addingReportingOverflow(rhs.units)
        return overflowed || sum == Int128.min ? .overflow : ExactDecimal(units: sum)
    }

    /// As `lhs + rhs.negated`, in one subtraction: ``overflow`` is never an operand, so −`rhs`
    /// fits and the two overflow alike (the negation's own check was a third of the fold's `−`).
    public static func - (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        guard !lhs.isOverflow, !rhs.isOverflow else { return .overflow }
        let (difference, overflowed) = lhs.units.subtractingReportingOverflow(rhs.units)
        return overflowed || difference == Int128.min ? .overflow : ExactDecimal(units: difference)
    }

    public static prefix func - (value: ExactDecimal) -> ExactDecimal {
        value.negated
    }

    public static func += (lhs: inout ExactDecimal, rhs: ExactDecimal) {
        lhs = lhs + rhs
    }

    public static func -= (lhs: inout ExactDecimal, rhs: ExactDecimal) {
        lhs = lhs - rhs
    }

    /// The product, rounded half-even at 10⁻¹⁸.
    public static func * (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        lhs.multiplied(by: rhs, rounding: .halfEven)
    }

    /// The quotient, rounded half-even at 10⁻¹⁸; division by zero yields ``overflow``.
    public static func / (lhs: ExactDecimal, rhs: ExactDecimal) -> ExactDecimal {
        lhs.divided(by: rhs, rounding: .halfEven)
    }

    /// The product through a full-width (256-bit) intermediate, so no digit is lost before the
    /// single rounding step (``fullProduct(_:_:)``, ``divideByUnit(_:)``: 64-bit pieces).
    public func multiplied(by other: ExactDecimal, rounding: RoundingRule) -> ExactDecimal {
        guard !isOverflow, !other.isOverflow else { return .overflow }
        let wide = Self.fullProduct(units.magnitude, other.units.magnitude)
        let divisor = Self.unitsPerOne.magnitude
        guard wide.high < divisor else { return .overflow }
        let (quotient, remainder) = Self.divideByUnit(wide)
        let negative = (units < 0) != (other.units < 0)
        return Self.make(quotient, remainder, divisor, negative: negative, rounding: rounding)
    }

    /// The quotient (`self` ÷ `divisor`) through a full-width intermediate; division by zero
    /// yields ``overflow``.
    public func divided(by other: ExactDecimal, rounding: RoundingRule) -> ExactDecimal {
        guard !isOverflow, !other.isOverflow, !other.isZero else { return .overflow }
        let wide = Self.fullProduct(units.magnitude, Self.unitsPerOne.magnitude)
        let divisor = other.units.magnitude
        guard wide.high < divisor else { return .overflow }
        let (quotient, remainder) = Self.divide(wide, by: divisor)
        let negative = (units < 0) != (other.units < 0)
        return Self.make(quotient, remainder, divisor, negative: negative, rounding: rounding)
    }

    /// The quotient when it has at most 18 fractional digits (nothing is rounded), else nil:
    /// whether a total ÷ quantity is an exact unit price.
    public func dividedExactly(by other: ExactDecimal) -> ExactDecimal? {
        guard !isOverflow, !other.isOverflow, !other.isZero else { return nil }
        let wide = Self.fullProduct(units.magnitude, Self.unitsPerOne.magnitude)
        let divisor = other.units.magnitude
        guard wide.high < divisor, Self.divide(wide, by: divisor).remainder == 0 else { return nil }
        return divided(by: other, rounding: .towardZero)
    }

    /// The product when it has at most 18 fractional digits and fits (nothing is rounded),
    /// else nil: whether quantity × unit price is an exact total.
    public func multipliedExactly(by other: ExactDecimal) -> ExactDecimal? {
        guard !isOverflow, !other.isOverflow else { return nil }
        let wide = Self.fullProduct(units.magnitude, other.units.magnitude)
        let divisor = Self.unitsPerOne.magnitude
        guard wide.high < divisor, Self.divide(wide, by: divisor).remainder == 0 else { return nil }
        let product = multiplied(by: other, rounding: .towardZero)
        return product.isOverflow ? nil : product
    }

    /// The value rounded to `places` fractional digits (0…18).
    public func rounded(places: Int, rule: RoundingRule = .halfAwayFromZero) -> ExactDecimal {
        guard !isOverflow, places < Self.scale else { return self }
        let step = Self.powerOfTen(Self.scale - max(places, 0)).magnitude
        // One division, not two (display rounds millions of figures in a tax report).
        let (quotient, remainder) = Self.quotientAndRemainder(
            units.magnitude, dividingBy: UInt64(truncatingIfNeeded: step))
        let result = Self.make(quotient, UInt128(remainder), step, negative: units < 0, rounding: rule)
        // A value within half a step of the largest rounds past it: overflow, not a trap.
        return result.multiplied(byInteger: Int(step))
    }

    /// `self` × `factor` for an integer factor, exact (splits, share counts).
    public func multiplied(byInteger factor: Int) -> ExactDecimal {
        guard !isOverflow else { return .overflow }
        let (product, overflowed) = units.multipliedReportingOverflow(by: Int128(factor))
        return overflowed || product == Int128.min ? .overflow : ExactDecimal(units: product)
    }

    /// 10^exponent as an `Int128`, for 0 ≤ exponent ≤ 38.
    static func powerOfTen(_ exponent: Int) -> Int128 {
        powersOfTen[exponent]
    }

    private static let powersOfTen: [Int128] = {
        var table: [Int128] = [1]
        for _ in 1...38 { table.append(table[table.count - 1] * 10) }
        return table
    }()

    /// Applies the sign and the rounding rule to a magnitude quotient and its remainder.
    private static func make(
        _ quotient: UInt128, _ remainder: UInt128, _ divisor: UInt128,
        negative: Bool, rounding: RoundingRule
    ) -> ExactDecimal {
        var magnitude = quotient
        if remainder != 0 && roundsUp(quotient, remainder, divisor, rounding) {
            magnitude += 1
        }
        guard magnitude <= UInt128(Int128.max) else { return .overflow }
        let value = Int128(magnitude)
        return ExactDecimal(units: negative ? -value : value)
    }

    private static func roundsUp(
        _ quotient: UInt128, _ remainder: UInt128, _ divisor: UInt128, _ rule: RoundingRule
    ) -> Bool {
        // remainder < divisor ≤ 2¹²⁷ + something, so compare remainder with divisor − remainder
        // instead of doubling it, which could overflow.
        let rest = divisor - remainder
        switch rule {
        case .towardZero: return false
        case .halfAwayFromZero: return remainder >= rest
        case .halfEven: return remainder > rest || (remainder == rest && quotient & 1 == 1)
        }
    }
}

extension Sequence where Element == ExactDecimal {
    /// The exact sum (``ExactDecimal/overflow`` if any partial sum overflows).
    public func sum() -> ExactDecimal {
        reduce(.zero, +)
    }
}
