import LedgerCore

/// Compact figures for market views, where a column is 5–10 characters wide. Display only:
/// JSON and CSV carry the exact values.
extension NumberFormat {
    /// Three significant digits with a suffix: `1.33T`, `458B`, `19.7M`, `950K`; below a
    /// thousand, the number itself (`999`, `12.5`). Half away from zero.
    public static func compact(_ value: ExactDecimal) -> String {
        let units: [(suffix: String, exponent: Int)] = [("", 0), ("K", 3), ("M", 6), ("B", 9), ("T", 12)]
        var index = units.lastIndex { value.magnitude >= power($0.exponent) } ?? 0
        var scaled = value / power(units[index].exponent)
        // 999,960 is 1.00M, not 1000K.
        if index + 1 < units.count, ExactDecimal(significant(scaled.magnitude, digits: 3))! >= power(3) {
            index += 1
            scaled = value / power(units[index].exponent)
        }
        return significant(scaled, digits: 3) + units[index].suffix
    }

    /// A market price: grouped with two places from 1 up (`67,543.12`), else four
    /// significant digits (`0.1601`, `0.00001235`).
    public static func marketPrice(_ value: ExactDecimal) -> String {
        price(value)
    }

    /// A change in percent with its sign always shown (`+2.5%`, `-1.2%`), coloured green up
    /// and red down when the theme has colour. Only an exact zero prints `0.0%`: a change
    /// that one place would round to zero prints `+<0.1%` or `-<0.1%`, so it never reads as
    /// no change or loses its direction.
    public static func change(_ value: ExactDecimal?, theme: Theme) -> String {
        guard let value else { return "—" }
        if value.rounded(places: 1).isZero && !value.isZero {
            return theme.signed((value.isPositive ? "+" : "-") + "<0.1%", value)
        }
        return theme.signed(percent(value, signed: true), value.rounded(places: 1))
    }

    /// `value` rounded to `digits` significant digits, trailing zeros kept to that precision
    /// (`19.7`, `1.33`, `458`); whole numbers of more digits are kept whole.
    static func significant(_ value: ExactDecimal, digits: Int) -> String {
        let magnitude = value.magnitude
        var integerDigits = 1
        while integerDigits < 19 && magnitude >= power(integerDigits) { integerDigits += 1 }
        let places = max(0, digits - integerDigits)
        var rounded = value.rounded(places: places)
        // 999.6 rounds to 1000: one digit more before the point, one place fewer after it.
        if places > 0 && rounded.magnitude >= power(integerDigits) { rounded = value.rounded(places: places - 1) }
        return rounded.formatted(places: rounded.magnitude >= power(integerDigits) ? max(0, places - 1) : places)
    }

    static func power(_ exponent: Int) -> ExactDecimal {
        var result = ExactDecimal.one
        for _ in 0..<exponent { result = result.multiplied(byInteger: 10) }
        return result
    }
}
