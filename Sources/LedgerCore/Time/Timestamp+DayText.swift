/// The text of the days a ``Timestamp/write(descriptionTo:days:)`` wrote last (`YYYY-MM-DDT`):
/// a report writes the same few days again and again (each piece of a sale, a day's trades, a
/// lot's acquisition beside its match's), and the calendar arithmetic of each was a tenth of
/// writing a tax report's disposals.
public struct DayText {
    fileprivate var day = Int64.min
    /// The 11 bytes of the day's text, in 16.
    fileprivate var text: (UInt64, UInt64) = (0, 0)
    /// The day written before it, kept too: a disposal's acquisition and sale, each written
    /// twice, alternate between two days (1% of `ledger tax -O json` was their calendar).
    fileprivate var previousDay = Int64.min
    fileprivate var previousText: (UInt64, UInt64) = (0, 0)

    public init() {}
}

extension Timestamp {
    /// ``write(descriptionTo:)``, the date's text taken from `days` when it is the day written
    /// last, else worked out and kept there.
    public func write(descriptionTo out: inout ByteCursor, days: inout DayText) {
        let day = daysSinceEpoch
        if day == days.previousDay {
            swap(&days.day, &days.previousDay)
            swap(&days.text, &days.previousText)
        } else if day != days.day {
            let date = LocalDate(daysSinceEpoch: Int(day))
            guard (0...9999).contains(date.year) else { return write(descriptionTo: &out) }
            (days.previousDay, days.previousText) = (days.day, days.text)
            withUnsafeMutableBytes(of: &days.text) { raw in
                guard let text = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                LocalDate.put(date.year, width: 4, then: "-", at: text)
                LocalDate.put(date.month, width: 2, then: "-", at: text + 5)
                LocalDate.put(date.day, width: 2, then: "T", at: text + 8)
            }
            days.day = day
        }
        let second = secondOfDay
        withUnsafeBytes(of: days.text) { raw in
            guard let date = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            out.reserve(20) { text in
                text.update(from: date, count: 11)
                LocalDate.put(second / 3600, width: 2, then: ":", at: text + 11)
                LocalDate.put(second / 60 % 60, width: 2, then: ":", at: text + 14)
                LocalDate.put(second % 60, width: 2, then: "Z", at: text + 17)
                return 20
            }
        }
    }
}
