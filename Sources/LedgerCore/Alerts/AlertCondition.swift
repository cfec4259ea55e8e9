/// Which way a `change` alert watches: either way (`10%`), only up (`+10%`) or only down (`-10%`).
public enum ChangeDirection: String, Hashable, Sendable, CaseIterable {
    case either, up, down

    /// The sign written before the percentage: none, `+` or `-`.
    public var sign: String {
        switch self {
        case .either: ""
        case .up: "+"
        case .down: "-"
        }
    }
}

/// What an alert waits for. Thresholds and percentages are exact decimals, always positive;
/// a window is whole seconds.
public enum AlertCondition: Hashable, Sendable, CustomStringConvertible {
    /// The price is at or above the threshold.
    case above(ExactDecimal)
    /// The price is at or below the threshold.
    case below(ExactDecimal)
    /// The price moved by at least `percent` (in `direction`) since `window` seconds before.
    case change(percent: ExactDecimal, direction: ChangeDirection, window: Int64)

    /// `above`, `below` or `change`: the word typed and stored.
    public var kind: String {
        switch self {
        case .above: "above"
        case .below: "below"
        case .change: "change"
        }
    }

    /// The level (`above`, `below`) or the percentage (`change`).
    public var threshold: ExactDecimal {
        switch self {
        case .above(let level), .below(let level): level
        case .change(let percent, _, _): percent
        }
    }

    /// `above 50000`, `below 20000`, `change +10% within 24h`.
    public var description: String {
        switch self {
        case .above(let level): "above \(level)"
        case .below(let level): "below \(level)"
        case .change(let percent, let direction, let window):
            "change \(direction.sign)\(percent)% within \(AlertCondition.durationText(window))"
        }
    }

    /// The oldest price (seconds) the alert fires on when `alert check` has no `--max-age`: a
    /// `change` alert's window; for a level, four days, which a stock's Friday close still meets
    /// over a long weekend while a cached price of last year never pages anyone.
    public var maxPriceAge: Int64 {
        switch self {
        case .above, .below: Self.levelMaxPriceAge
        case .change(_, _, let window): window
        }
    }

    /// ``maxPriceAge`` of an `above` or `below` alert.
    public static let levelMaxPriceAge: Int64 = 4 * 86_400

    /// Seconds as typed back: days from 2 days up (`48h` → `2d`, but `24h` stays `24h`),
    /// else the largest of hours, minutes and seconds that divides them exactly (`90m`).
    public static func durationText(_ seconds: Int64) -> String {
        if seconds >= 172_800 && seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        for (name, size) in [("h", Int64(3_600)), ("m", 60)] where seconds > 0 && seconds % size == 0 {
            return "\(seconds / size)\(name)"
        }
        return "\(seconds)s"
    }
}
