import LedgerCore

/// How old something is, in words, and durations as the user types them.
public enum Age {
    /// "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago".
    public static func ago(_ then: Timestamp, now: Timestamp) -> String {
        let seconds = now.secondsSinceEpoch - then.secondsSinceEpoch
        switch seconds {
        case ..<1: return "just now"
        case ..<60: return "\(seconds) s ago"
        case ..<3_600: return "\(seconds / 60) min ago"
        case ..<172_800: return "\(seconds / 3_600) h ago"
        default: return "\(seconds / 86_400) d ago"
        }
    }

    /// `90s`, `30m`, `2h`, `1d`, `1w` (or plain seconds) → seconds; nil for anything else.
    public static func parseDuration(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        guard let last = text.last else { return nil }
        let (number, unit) = units[last].map { (text.dropLast(), $0) } ?? (Substring(text), 1)
        guard let value = Int64(number), value >= 0 else { return nil }
        return value * unit
    }
}
