import LedgerCore
import LedgerCoreTestSupport
import Testing

@Suite("Dates and timestamps")
struct TimeTests {
    @Test(
        "accepted forms",
        arguments: [
            ("2024-01-02", "2024-01-02T00:00:00Z"),
            ("2024-01-02T10:00:00Z", "2024-01-02T10:00:00Z"),
            ("2024-01-02 10:00:00Z", "2024-01-02T10:00:00Z"),
            ("2024-01-02T12:00:00+02:00", "2024-01-02T10:00:00Z"),
            ("2024-01-02T01:30:00-0230", "2024-01-02T04:00:00Z"),
            ("2024-01-02T10:00:00.987Z", "2024-01-02T10:00:00Z"),
            ("2024-02-29", "2024-02-29T00:00:00Z"),
            ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59Z"),
        ])
    func accepted(_ input: String, _ expected: String) throws {
        #expect(try Timestamp.parse(input).get().description == expected)
    }

    @Test(
        "refused forms",
        arguments: [
            "2024-13-45", "2023-02-29", "2024-1-2", "02/01/2024", "2024-01-02T10:00:00", "2024-01-02T25:00:00Z",
            "2024-01-02T10:00Z", "", "yesterday", "2024-01-02T10:00:00+2",
        ])
    func refused(_ input: String) {
        #expect((try? Timestamp.parse(input).get()) == nil, "'\(input)' should be refused")
    }

    @Test("days since epoch round-trip over four centuries")
    func civilDays() {
        var previous: LocalDate?
        for days in stride(from: -150_000, through: 150_000, by: 7) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(LocalDate(year: date.year, month: date.month, day: date.day) == date)
            if let previous { #expect(previous < date) }
            previous = date
        }
        #expect(LocalDate(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(LocalDate(daysSinceEpoch: 19_723).description == "2024-01-01")
    }

    @Test(
        "an instant's day counts whole days from 1970, down before it",
        arguments: [(0, 0), (86_399, 0), (86_400, 1), (-1, -1), (-86_400, -1), (-86_401, -2)] as [(Int64, Int64)])
    func instantDay(seconds: Int64, day: Int64) {
        let time = Timestamp(secondsSinceEpoch: seconds)
        #expect(time.daysSinceEpoch == day)
        #expect(time.date.daysSinceEpoch == Int(day))
    }

    @Test("an instant prints as date, time and Z, padded, also for years before 1000 or after 9999")
    func instantText() {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let time = Timestamp(secondsSinceEpoch: Int64(days) * 86_400 + 3_723)
            #expect(time.description == "\(time.date)T01:02:03Z")
        }
        #expect(Timestamp(secondsSinceEpoch: -1).description == "1969-12-31T23:59:59Z")
    }

    @Test(
        "a time written with the last two instants' texts kept reads as its description", arguments: [1, 2] as [UInt64])
    func dayText(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var days = DayText()
        // Mostly the same day again, sometimes the next or an earlier one, some far off (and
        // out of the four-digit years, which are never kept).
        var seconds: Int64 = 1_700_000_000
        var back = false
        let far: [Int64] = [-62_167_219_200 - 86_400, 253_402_300_800 + 5, -1, 0]
        for step in 0..<2_000 {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: seconds += 86_400 * Int64.random(in: -3...3, using: &rng)
            // Back and forth between two days (a disposal's acquisition and sale).
            case 10, 11:
                seconds += (back ? -86_400 : 86_400) * 400 + 17
                back.toggle()
            case 1: seconds = far[step % far.count]
            // The same instant again (a lot's acquisition beside its match's).
            case 3: break
            case 2: seconds = Int64.random(in: -5_000_000_000...5_000_000_000, using: &rng)
            default: seconds += Int64.random(in: -600...600, using: &rng)
            }
            let time = Timestamp(secondsSinceEpoch: seconds)
            // The date alone or the whole instant, in turn at random, from the same texts kept.
            let dateOnly = Int.random(in: 0..<3, using: &rng) == 0
            let text = Self.written(time, dateOnly: dateOnly, days: &days)
            #expect(text == (dateOnly ? time.date.description : time.description), "\(seconds)")
        }
    }

    @Test(
        "a time written among many instants kept in sixteen slots by their day reads as its description",
        arguments: [3, 4] as [UInt64])
    func dayTextSlots(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var days = DayText()
        // Forty instants over a few weeks (several a day, days sharing a slot sixteen apart, a
        // second before midnight and midnight, negative days), written in random order: every
        // way a slot is found, its date kept with another time, or taken by another day.
        let start: Int64 = Int64.random(in: -2_000_000_000...4_000_000_000, using: &rng) / 86_400 * 86_400
        var instants: [Int64] = (0..<36).map { _ in
            start + 86_400 * Int64.random(in: -20...40, using: &rng) + Int64.random(in: 0..<86_400, using: &rng)
        }
        instants += [start - 1, start, start + 86_399, -86_401]
        for _ in 0..<3_000 {
            let time = Timestamp(secondsSinceEpoch: instants[Int.random(in: 0..<instants.count, using: &rng)])
            let dateOnly = Int.random(in: 0..<4, using: &rng) == 0
            let text = Self.written(time, dateOnly: dateOnly, days: &days)
            #expect(text == (dateOnly ? time.date.description : Self.reference(time)), "\(time.secondsSinceEpoch)")
            #expect(time.description == Self.reference(time))
        }
    }

    /// `time`'s date alone or its whole instant, written from the texts `days` keeps.
    static func written(_ time: Timestamp, dateOnly: Bool, days: inout DayText) -> String {
        withBytes(atMost: Timestamp.descriptionMaxBytes) {
            if dateOnly {
                time.write(dateTo: &$0, days: &days)
            } else {
                time.write(descriptionTo: &$0, days: &days)
            }
        } then: {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// An instant's text made apart from the writers: the date's `description`, the time's
    /// three numbers padded by `String`.
    static func reference(_ time: Timestamp) -> String {
        let second = time.secondOfDay
        let pairs = [second / 3600, second / 60 % 60, second % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
        return "\(time.date)T" + pairs.joined(separator: ":") + "Z"
    }
}
