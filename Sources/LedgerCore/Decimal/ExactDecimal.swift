/// An exact decimal number with 18 fractional digits, stored as an `Int128` count of 10⁻¹⁸ units.
///
/// Every quantity, price and amount in the ledger is an `ExactDecimal`; `Double` never touches a
/// money path. The range is ±170 141 183 460 469 231 731.687303715884105727, far beyond any
/// real balance, and 10⁻¹⁸ is below the smallest unit of every asset we know (1 wei).
///
/// Overflow never traps: an operation whose result does not fit yields ``overflow``, a sticky
/// error value (like a floating-point NaN) that every later operation propagates. Code that
/// stores or prints a value checks ``isOverflow`` at that boundary and reports an error.
public struct ExactDecimal: Hashable, Sendable {
    /// The value multiplied by 10¹⁸.
    public let units: Int128

    /// The number of fractional digits every value carries.
    public static let scale = 18

    /// 10¹⁸: the number of units in one.
    public static let unitsPerOne: Int128 = 1_000_000_000_000_000_000

    /// The overflow marker. `Int128.min` is kept out of the ordinary range so that negation is
    /// always exact for every ordinary value.
    public static let overflow = ExactDecimal(units: Int128.min)

    public static let zero = ExactDecimal(units: 0)
    public static let one = ExactDecimal(units: unitsPerOne)

    /// Wraps a raw count of 10⁻¹⁸ units.
    public init(units: Int128) {
        self.units = units
    }

    /// The exact value of an integer.
    public init(_ integer: Int) {
        let (product, overflowed) = Int128(integer).multipliedReportingOverflow(by: Self.unitsPerOne)
        self.units = overflowed ? Int128.min : product
    }

    /// True for the overflow marker.
    public var isOverflow: Bool { units == Int128.min }
    public var isZero: Bool { units == 0 }
    public var isNegative: Bool { units < 0 && !isOverflow }
    public var isPositive: Bool { units > 0 }

    /// The sign-flipped value (exact for every value but ``overflow``, which stays overflow).
    public var negated: ExactDecimal {
        isOverflow ? .overflow : ExactDecimal(units: -units)
    }

    /// The absolute value.
    public var magnitude: ExactDecimal { isNegative ? negated : self }

    /// True when the value has no fractional part.
    public var isInteger: Bool { !isOverflow && units % Self.unitsPerOne == 0 }
}

extension ExactDecimal: Comparable {
    public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
        lhs.units < rhs.units
    }
}

extension ExactDecimal: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}

extension ExactDecimal: CustomStringConvertible {
    /// The shortest exact text: `21000000`, `0.00000001`, `-1.5`; `overflow` for the marker.
    public var description: String { formatted() }
}
