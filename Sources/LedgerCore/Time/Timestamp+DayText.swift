/// The text of the instants a ``Timestamp/write(descriptionTo:days:)`` wrote last
/// (`YYYY-MM-DDTHH:MM:SSZ`): a report writes the same few instants again and again (each piece
/// of a sale, a lot's acquisition beside its match's), and the calendar arithmetic of each was
/// a tenth of writing a tax report's disposals; since round 30 the time of day is kept with the
/// date (its three divisions were a third of what was left of writing a time).
public struct DayText {
    fileprivate var current = Kept()
    /// The instant written before it, kept too: a disposal's acquisition and sale, each written
    /// twice, alternate between two (1% of `ledger tax -O json` was their calendar).
    fileprivate var previous = Kept()

    public init() {}

    /// One instant's text: its 20 bytes in 24.
    fileprivate struct Kept {
        var instant = Int64.min
        var day = Int64.min
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
    }

    /// `time`'s text made `current` (the last one kept `previous`), its date taken from either
    /// when it is the same day; false for a year out of 0000–9999 (nothing kept).
    fileprivate mutating func keep(_ time: Timestamp) -> Bool {
        let day = time.daysSinceEpoch
        var made = day == current.day ? current : day == previous.day ? previous : Kept()
        if made.day != day {
            let date = LocalDate(daysSinceEpoch: Int(day))
            guard (0...9999).contains(date.year) else { return false }
            withUnsafeMutableBytes(of: &made.text) { raw in
                guard let text = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                LocalDate.put(date.year, width: 4, then: "-", at: text)
                LocalDate.put(date.month, width: 2, then: "-", at: text + 5)
                LocalDate.put(date.day, width: 2, then: "T", at: text + 8)
            }
            made.day = day
        }
        let second = time.secondOfDay
        withUnsafeMutableBytes(of: &made.text) { raw in
            guard let text = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            LocalDate.put(second / 3600, width: 2, then: ":", at: text + 11)
            LocalDate.put(second / 60 % 60, width: 2, then: ":", at: text + 14)
            LocalDate.put(second % 60, width: 2, then: "Z", at: text + 17)
        }
        made.instant = time.secondsSinceEpoch
        (previous, current) = (current, made)
        return true
    }
}

extension DayText {
    /// `time`'s text made ``current``, from either instant kept or worked out; false for a
    /// year out of 0000–9999 (never kept).
    fileprivate mutating func find(_ time: Timestamp) -> Bool {
        if time.secondsSinceEpoch == previous.instant {
            swap(&current, &previous)
            return true
        }
        return time.secondsSinceEpoch == current.instant || keep(time)
    }

    /// The first `count` bytes of ``current``'s text written to `out`.
    fileprivate func write(_ count: Int, to out: inout ByteCursor) {
        withUnsafeBytes(of: current.text) { source in
            guard let source = source.baseAddress else { return }
            // A copy of a constant few bytes: a few moves, not a call.
            out.reserve(count) { target in
                UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: count)
                return count
            }
        }
    }
}

extension Timestamp {
    /// ``write(descriptionTo:)``, the text taken from `days` when it is the instant written last
    /// or the one before, else worked out and kept there.
    public func write(descriptionTo out: inout ByteCursor, days: inout DayText) {
        guard days.find(self) else { return write(descriptionTo: &out) }
        days.write(20, to: &out)
    }

    /// The date's text (``LocalDate``'s `YYYY-MM-DD`), from `days` as
    /// ``write(descriptionTo:days:)`` takes it (a tax report's text writes two a disposal).
    public func write(dateTo out: inout ByteCursor, days: inout DayText) {
        guard days.find(self) else { return date.write(descriptionTo: &out) }
        days.write(10, to: &out)
    }
}
