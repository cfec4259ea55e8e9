import LedgerCore

/// The value series as one line of block characters (`▁▂▃▄▅▆▇█`), a `·` for a day with no
/// complete valuation: a gap stays a gap, it is never drawn as zero.
///
/// When there are more days than columns, each column stands for a run of days and shows the
/// last valued day of its run; it is a gap only when every day of the run is.
public enum ValueSparkline {
    /// What a day without a complete valuation shows as.
    public static let gap: Character = "·"
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The line for `values` in at most `width` columns (at least one), or nil when no day
    /// has a value. The lowest level is `range`'s lower bound and the highest its upper (by
    /// default the values' own low and high), so two lines can share one scale.
    public static func render(_ values: [ExactDecimal?], width: Int, range: ClosedRange<ExactDecimal>? = nil)
        -> String?
    {
        let columns = buckets(values, width: max(1, width))
        let known = columns.compactMap { $0 }
        guard let low = range?.lowerBound ?? known.min(), let high = range?.upperBound ?? known.max(),
            !known.isEmpty
        else { return nil }
        return String(
            columns.map { value -> Character in
                guard let value else { return gap }
                return levels[level(value, low: low, high: high)]
            })
    }

    /// One value per column: the last non-nil value of each run of days.
    static func buckets(_ values: [ExactDecimal?], width: Int) -> [ExactDecimal?] {
        guard values.count > width else { return values }
        return (0..<width).map { column in
            let from = column * values.count / width
            let to = (column + 1) * values.count / width
            return values[from..<to].last { $0 != nil } ?? nil
        }
    }

    /// (value − low) ÷ (high − low) × 7, exactly, rounded half away from zero; the middle
    /// level when every value is the same.
    static func level(_ value: ExactDecimal, low: ExactDecimal, high: ExactDecimal) -> Int {
        guard high > low else { return levels.count / 2 - 1 }
        let scaled = ((value - low) / (high - low)).multiplied(byInteger: levels.count - 1).rounded(places: 0)
        return min(max(Int(scaled.units / ExactDecimal.unitsPerOne), 0), levels.count - 1)
    }
}
