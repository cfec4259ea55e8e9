/// The width of a chart's candles: a whole number of minutes, hours or days (`5m`, `4h`,
/// `1d`), built from the source's minute, hour or day candles.
public struct ChartInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let seconds: Int64

    /// Nil unless `seconds` is a positive whole number of minutes.
    public init?(seconds: Int64) {
        guard seconds >= 60, seconds % 60 == 0 else { return nil }
        self.seconds = seconds
    }

    /// `15m`, `4h`, `1d`: a positive whole number and `m`, `h` or `d`. Nil for anything else.
    public static func parse(_ text: String) -> ChartInterval? {
        guard let seconds = ChartPlan.parseSpan(text, units: ["m": 60, "h": 3_600, "d": 86_400]) else { return nil }
        return ChartInterval(seconds: seconds)
    }

    /// The widest source candle that divides this width: what is fetched and merged.
    public var base: CandleInterval {
        seconds % 86_400 == 0 ? .day : seconds % 3_600 == 0 ? .hour : .minute
    }

    /// How many source candles make one of these.
    public var factor: Int { Int(seconds / base.seconds) }

    /// `5m`, `4h`, `1d`, `90m` (the largest unit that divides it).
    public var description: String {
        switch base {
        case .day: "\(seconds / 86_400)d"
        case .hour: "\(seconds / 3_600)h"
        case .minute: "\(seconds / 60)m"
        }
    }

    /// The widths a chart picks from when the user names none.
    public static let choices: [ChartInterval] = [
        1, 2, 3, 5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1_440, 2_880, 4_320, 10_080,
    ]
    .map { ChartInterval(seconds: Int64($0) * 60)! }

    public static func < (lhs: ChartInterval, rhs: ChartInterval) -> Bool { lhs.seconds < rhs.seconds }
}

/// Which candles a chart of the last `range` seconds shows: their width, how many, from when,
/// and how many source candles to ask for. Pure: `now` and the number of columns come in.
public struct ChartPlan: Equatable, Sendable {
    /// The most source candles one request may ask for (CryptoCompare's `limit` is 2000).
    public static let maximumSourceCandles = 2_000

    public let range: Int64
    public let interval: ChartInterval
    /// How many candles the chart holds; the last is the one still open at `now`.
    public let count: Int
    /// The opening time of the first candle.
    public let start: Timestamp

    /// The plan for the last `range` seconds at `interval`, or at the narrowest choice whose
    /// candles fit `slots` columns (the widest choice when none does).
    public init(range: Int64, interval: ChartInterval?, slots: Int, now: Timestamp) {
        let fitting = ChartInterval.choices.first { Self.candles(range, $0) <= max(1, slots) }
        let chosen = interval ?? fitting ?? ChartInterval.choices.last!
        self.range = range
        self.interval = chosen
        count = Self.candles(range, chosen)
        let current = Candle.floorMultiple(now.secondsSinceEpoch, of: chosen.seconds)
        start = Timestamp(secondsSinceEpoch: current - Int64(count - 1) * chosen.seconds)
    }

    /// How many source candles (of `interval.base`) reach back to `start` from `now`.
    public func sourceCandles(now: Timestamp) -> Int {
        let base = interval.base.seconds
        return Int((Candle.floorMultiple(now.secondsSinceEpoch, of: base) - start.secondsSinceEpoch) / base) + 1
    }

    /// The chart's candles from source candles: merged to the plan's width, and only those
    /// opening at or after ``start``.
    public func candles(from source: [Candle]) -> [Candle] {
        Candle.aggregate(source, every: interval.seconds).filter { $0.openedAt >= start }
    }

    /// `10m`, `10h`, `10d`, `2w` (a positive whole number and a unit among `units`) in seconds.
    public static func parseSpan(_ text: String, units: [Character: Int64]) -> Int64? {
        guard let last = text.last, let unit = units[last], text.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int64(text.dropLast()),
            value > 0, value <= 100_000
        else { return nil }
        return value * unit
    }

    /// A range as the user types it: `10m`, `10h`, `10d`, `2w`.
    public static func parseRange(_ text: String) -> Int64? {
        parseSpan(text, units: ["m": 60, "h": 3_600, "d": 86_400, "w": 604_800])
    }

    /// Candles of `interval` needed to cover `range` (at least one).
    private static func candles(_ range: Int64, _ interval: ChartInterval) -> Int {
        Int(max(1, (range + interval.seconds - 1) / interval.seconds))
    }
}
