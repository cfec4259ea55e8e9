/// The texts (`YYYY-MM-DDTHH:MM:SSZ`) of the instants a ``Timestamp/write(descriptionTo:days:)``
/// wrote lately: a report writes the same few instants again and again (each piece of a sale, a
/// lot's acquisition beside its match's, the lots of the same days sold over weeks). Sixteen
/// slots, an instant's slot chosen by its day (the day's last four bits), so that sixteen
/// days in a row are kept at once and a day's date is worked out once while it stays in its
/// slot, another time of the same day only its three pairs of digits. Round 33: two slots (the
/// instant written last and the one before) missed on every disposal of `ledger tax -O json`
/// at a million trades (a disposal's acquisition and sale, then the next one's acquisition,
/// evicted the sale again), each miss a date worked out and written digit by digit: ~10 % of
/// writing the disposals (docs/PERFORMANCE.md, "`ledger tax`").
public struct DayText {
    private var slots: Slots

    public init() {
        let empty = Slot()
        slots = (
            empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty, empty,
            empty
        )
    }

    private typealias Slots = (
        Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot, Slot
    )

    /// One instant's text: its 20 bytes in 24, its date's part valid for ``day``, the whole of
    /// it for ``instant``.
    fileprivate struct Slot {
        var instant = Int64.min
        var day = Int64.min
        var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
    }

    /// `body` given the text of `time` (20 bytes; the date's 10 alone when `dateOnly`), from its
    /// slot, worked out there first when the slot holds another; false for a year out of
    /// 0000–9999 (never kept, `body` not called).
    fileprivate mutating func text(
        _ time: Timestamp, dateOnly: Bool = false, _ body: (UnsafeRawPointer) -> Void
    ) -> Bool {
        let day = time.daysSinceEpoch
        return withUnsafeMutableBytes(of: &slots) { raw in
            guard let first = raw.baseAddress?.assumingMemoryBound(to: Slot.self) else { return false }
            let slot = first + Int(truncatingIfNeeded: day & 15)
            if slot.pointee.instant != time.secondsSinceEpoch {
                if slot.pointee.day != day {
                    let date = LocalDate(daysSinceEpoch: Int(day))
                    guard (0...9999).contains(date.year) else { return false }
                    withUnsafeMutableBytes(of: &slot.pointee.text) { Timestamp.put(date, at: $0.baseAddress!) }
                    (slot.pointee.day, slot.pointee.instant) = (day, .min)
                }
                if !dateOnly {
                    let second = time.secondOfDay
                    withUnsafeMutableBytes(of: &slot.pointee.text) {
                        Timestamp.put(second: second, at: $0.baseAddress!)
                    }
                    slot.pointee.instant = time.secondsSinceEpoch
                }
            }
            withUnsafeBytes(of: &slot.pointee.text) { body($0.baseAddress!) }
            return true
        }
    }
}

extension Timestamp {
    /// ``write(descriptionTo:)``, the text taken from `days` when kept there, else worked out
    /// and kept.
    public func write(descriptionTo out: inout ByteCursor, days: inout DayText) {
        let kept = days.text(self) { text in
            // A copy of a constant few bytes: a few moves, not a call.
            out.reserve(20) { target in
                UnsafeMutableRawPointer(target).copyMemory(from: text, byteCount: 20)
                return 20
            }
        }
        if !kept { write(descriptionTo: &out) }
    }

    /// The date's text (``LocalDate``'s `YYYY-MM-DD`), from `days` as
    /// ``write(descriptionTo:days:)`` takes it (a tax report's text writes two a disposal).
    public func write(dateTo out: inout ByteCursor, days: inout DayText) {
        let kept = days.text(self, dateOnly: true) { text in
            out.reserve(10) { target in
                UnsafeMutableRawPointer(target).copyMemory(from: text, byteCount: 10)
                return 10
            }
        }
        if !kept { date.write(descriptionTo: &out) }
    }

    /// `YYYY-MM-DDT  :  :  Z` at `text` (20 bytes: the date of a year 0000–9999, the time's
    /// separators), each pair of digits one copy (``DigitPairs``).
    static func put(_ date: LocalDate, at text: UnsafeMutableRawPointer) {
        let bytes = text.assumingMemoryBound(to: UInt8.self)
        let year = UInt32(truncatingIfNeeded: date.year)
        let century = year / 100
        DigitPairs.put(century, at: bytes)
        DigitPairs.put(year &- century &* 100, at: bytes + 2)
        DigitPairs.put(UInt32(truncatingIfNeeded: date.month), at: bytes + 5)
        DigitPairs.put(UInt32(truncatingIfNeeded: date.day), at: bytes + 8)
        (bytes[4], bytes[7], bytes[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
        (bytes[13], bytes[16], bytes[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
    }

    /// The time of day `HH:MM:SS` of `second` (0…86 399) at `text` + 11, the separators left as
    /// they are.
    static func put(second: Int, at text: UnsafeMutableRawPointer) {
        let bytes = text.assumingMemoryBound(to: UInt8.self)
        let second = UInt32(truncatingIfNeeded: second)
        let hours = second / 3600
        let rest = second &- hours &* 3600
        let minutes = rest / 60
        DigitPairs.put(hours, at: bytes + 11)
        DigitPairs.put(minutes, at: bytes + 14)
        DigitPairs.put(rest &- minutes &* 60, at: bytes + 17)
    }
}
