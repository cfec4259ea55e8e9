import LedgerCore

/// Maps prices between `low` and `high` onto `rows` text rows (row 0 at the bottom) and labels
/// some rows with their price.
///
/// The mapping is the one place a chart rounds a price: (price − low) ÷ (high − low) ×
/// (rows − 1), computed exactly and rounded half away from zero to a whole row. When every
/// price is the same (high == low) or there is one row, everything sits on the middle row.
struct PriceScale: Sendable {
    let low: ExactDecimal
    let high: ExactDecimal
    let rows: Int
    /// Decimal places of the axis labels: at least 2, more when neighbouring rows would
    /// otherwise read the same or a price would show fewer than four significant digits.
    let places: Int

    init(low: ExactDecimal, high: ExactDecimal, rows: Int) {
        self.low = low
        self.high = high
        self.rows = max(1, rows)
        self.places = Self.places(low: low, high: high, rows: self.rows)
    }

    /// The scale spanning every low and high of `candles`.
    init(candles: [Candle], rows: Int) {
        let low = candles.map(\.low).min() ?? .zero
        let high = candles.map(\.high).max() ?? .zero
        self.init(low: low, high: high, rows: rows)
    }

    private var isFlat: Bool { rows == 1 || high <= low }

    /// The row `price` falls on, clamped to the chart.
    func row(of price: ExactDecimal) -> Int {
        guard !isFlat else { return (rows - 1) / 2 }
        let fraction = (price - low).divided(by: high - low, rounding: .halfEven)
        let scaled = fraction.multiplied(byInteger: rows - 1).rounded(places: 0)
        let row = Int(scaled.units / ExactDecimal.unitsPerOne)
        return min(max(row, 0), rows - 1)
    }

    /// The price at the middle of `row`.
    func price(atRow row: Int) -> ExactDecimal {
        guard !isFlat else { return low }
        let span = high - low
        return low + span.multiplied(byInteger: row).divided(by: ExactDecimal(rows - 1), rounding: .halfEven)
    }

    /// The rows that carry a label: the top and bottom, and every few rows from the top
    /// (never right above the bottom one, where the two labels would crowd). A flat scale
    /// labels only its middle row.
    var labelledRows: Set<Int> {
        guard !isFlat else { return [(rows - 1) / 2] }
        let spacing = rows >= 12 ? 4 : rows >= 6 ? 3 : 1
        var labelled: Set<Int> = [0]
        var row = rows - 1
        while row > 1 {
            labelled.insert(row)
            row -= spacing
        }
        if rows - 1 == 1 { labelled.insert(1) }
        return labelled
    }

    /// The label of `row`: its price, grouped, to ``places`` decimals.
    func label(row: Int) -> String {
        NumberFormat.grouped(price(atRow: row).formatted(places: places))
    }

    /// The widest label this scale prints.
    var labelWidth: Int {
        labelledRows.map { label(row: $0).count }.max() ?? 0
    }

    private static func places(low: ExactDecimal, high: ExactDecimal, rows: Int) -> Int {
        let maximumPlaces = 12
        var places = 2
        let step =
            rows > 1 && high > low ? (high - low).divided(by: ExactDecimal(rows - 1), rounding: .halfEven) : .zero
        while places < maximumPlaces, step.isPositive, step < tenth(places) { places += 1 }
        let magnitude = max(high.magnitude, low.magnitude)
        while places < maximumPlaces, magnitude.isPositive, magnitude < tenth(places - 3) { places += 1 }
        return places
    }

    /// 10^-exponent for exponent ≥ 0, else 10^|exponent|.
    private static func tenth(_ exponent: Int) -> ExactDecimal {
        if exponent <= 0 {
            var value = ExactDecimal.one
            for _ in 0 ..< -exponent { value = value.multiplied(byInteger: 10) }
            return value
        }
        var divisor: Int128 = 1
        for _ in 0..<min(exponent, ExactDecimal.scale) { divisor *= 10 }
        return ExactDecimal(units: ExactDecimal.unitsPerOne / divisor)
    }
}
