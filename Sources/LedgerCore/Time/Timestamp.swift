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
    public var date: LocalDate {
        let days =
            secondsSinceEpoch >= 0
            ? secondsSinceEpoch / 86_400
            : (secondsSinceEpoch - 86_399) / 86_400
        return LocalDate(daysSinceEpoch: Int(days))
    }

    /// Seconds since the start of the UTC day (0…86 399).
    public var secondOfDay: Int {
        Int(secondsSinceEpoch - Int64(date.daysSinceEpoch) * 86_400)
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
        let date = date
        let second = secondOfDay
        guard (0...9999).contains(date.year) else {
            out += "\(date)T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z".utf8
            return
        }
        // Written digit by digit on the stack, then appended in one piece (twenty appends each
        // checked the array's room).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            Self.put(date.year, width: 4, then: "-", at: 0, in: text)
            Self.put(date.month, width: 2, then: "-", at: 5, in: text)
            Self.put(date.day, width: 2, then: "T", at: 8, in: text)
            Self.put(second / 3600, width: 2, then: ":", at: 11, in: text)
            Self.put(second / 60 % 60, width: 2, then: ":", at: 14, in: text)
            Self.put(second % 60, width: 2, then: "Z", at: 17, in: text)
            out.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// `value` (below 10^`width`) in `width` digits, zero-padded, at `start`, then `separator`.
    private static func put(
        _ value: Int, width: Int, then separator: Unicode.Scalar, at start: Int,
        in text: UnsafeMutableBufferPointer<UInt8>
    ) {
        var rest = value
        for position in stride(from: start + width - 1, through: start, by: -1) {
            text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        text[start + width] = UInt8(ascii: separator)
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
