/// A calendar date (proleptic Gregorian) with no time of day or zone.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A date, or nil when the day does not exist (`2024-02-30`, `2024-13-45`).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01 (negative for earlier dates).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days: exact for every day of the proleptic calendar.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Midnight UTC at the start of this date.
    public var startOfDay: Timestamp { Timestamp(secondsSinceEpoch: Int64(daysSinceEpoch) * 86_400) }

    /// The last second of this date, 23:59:59 UTC: where a daily close is stamped (so a
    /// valuation earlier that day never sees it) and what `--as-of DATE` means.
    public var endOfDay: Timestamp { startOfDay.adding(seconds: 86_399) }

    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int { ((daysSinceEpoch + 4) % 7 + 7) % 7 }

    /// `YYYY-MM-DD`.
    public var description: String {
        pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    /// ``description`` written to `out` (at most ``Timestamp/descriptionMaxBytes``): a report
    /// names millions of dates.
    public func write(descriptionTo out: inout ByteCursor) {
        guard (0...9999).contains(year) else { return out.append(text: description) }
        out.reserve(10) { text in
            Self.put(year, width: 4, then: "-", at: text)
            Self.put(month, width: 2, then: "-", at: text + 5)
            text[8] = UInt8(ascii: "0") + UInt8(day / 10)
            text[9] = UInt8(ascii: "0") + UInt8(day % 10)
            return 10
        }
    }

    /// `value` (below 10^`width`) in `width` digits, zero-padded, at `start`, then `separator`.
    static func put(_ value: Int, width: Int, then separator: Unicode.Scalar, at start: UnsafeMutablePointer<UInt8>) {
        var rest = value
        for position in stride(from: width - 1, through: 0, by: -1) {
            start[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        start[width] = UInt8(ascii: separator)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }
}

/// Left-pads a non-negative number with zeros to `width` digits.
func pad(_ number: Int, _ width: Int) -> String {
    let text = String(number)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
