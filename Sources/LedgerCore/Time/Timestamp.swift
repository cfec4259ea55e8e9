/// An instant in UTC, kept to the second.
///
/// Events are ordered by their `Timestamp`; fractional seconds in input are dropped (see
/// docs/EVENTS.md), which is the only rounding of time the ledger does.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// The instants the ledger can write and read back: the years 0001 to 9999 in UTC (an
    /// event's time is written `YYYY-MM-DDTHH:MM:SSZ`, four digits of year).
    public static let recordable: ClosedRange<Timestamp> =
        LocalDate(year: 1, month: 1, day: 1)!
        .startOfDay...LocalDate(year: 9999, month: 12, day: 31)!.startOfDay.adding(seconds: 86_399)

    /// "outside the years 0001 to 9999 UTC …": the end of a message about a time out of range.
    public static let recordableRangeText =
        "outside 0001-01-01T00:00:00Z…9999-12-31T23:59:59Z in UTC, the times the ledger can record"

    /// The UTC calendar date of this instant.
    public var date: LocalDate { LocalDate(daysSinceEpoch: Int(daysSinceEpoch)) }

    /// Whole UTC days since 1970-01-01 (the day of ``date``; negative before it).
    public var daysSinceEpoch: Int64 {
        secondsSinceEpoch >= 0 ? secondsSinceEpoch / 86_400 : (secondsSinceEpoch - 86_399) / 86_400
    }

    /// Seconds since the start of the UTC day (0…86 399).
    public var secondOfDay: Int {
        // The remainder taken up to the day's start, without the date (working the date out and
        // back was a tenth of writing a time; `tax -O json` writes millions).
        let second = secondsSinceEpoch % 86_400
        return Int(second < 0 ? second + 86_400 : second)
    }

    /// True when the instant is exactly midnight UTC (a date given without a time).
    public var isMidnight: Bool { secondOfDay == 0 }

    /// `YYYY-MM-DDTHH:MM:SSZ` (RFC 3339, UTC).
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendDescription(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``description`` appended to `out` as UTF-8 (no `String` made: every event's hash encodes
    /// two of these, and a tax report writes two a disposal).
    public func appendDescription(to out: inout [UInt8]) {
        out.append(atMost: Self.descriptionMaxBytes) { write(descriptionTo: &$0) }
    }

    /// The most bytes ``write(descriptionTo:)`` writes (20 for the years 0000 to 9999).
    public static let descriptionMaxBytes = 64

    /// ``description`` written to `out`, two digits at a time (``put(_:at:)``).
    public func write(descriptionTo out: inout ByteCursor) {
        let date = date
        let second = secondOfDay
        guard (0...9999).contains(date.year) else {
            out.append(text: "\(date)T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z")
            return
        }
        out.reserve(20) { text in
            Self.put(date, at: UnsafeMutableRawPointer(text))
            Self.put(second: second, at: UnsafeMutableRawPointer(text))
            return 20
        }
    }

    /// The date alone at midnight, else the full instant: how lists show an event's time.
    public var compactDescription: String {
        isMidnight ? date.description : description
    }

    /// How a report's as-of time reads: the date alone for midnight or the last second of a
    /// day (what `--as-of DATE` gives), else the full instant.
    public var reportDescription: String {
        isMidnight || secondOfDay == 86_399 ? date.description : description
    }

    public func adding(seconds: Int64) -> Timestamp {
        Timestamp(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }
}
