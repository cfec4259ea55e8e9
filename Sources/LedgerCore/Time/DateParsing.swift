/// Why a text is not a date.
public struct DateParseError: Error, Equatable, Sendable {
    public let text: String
    /// True when the text is a date, but its UTC instant falls outside ``Timestamp/recordable``.
    public var outOfRange = false

    public init(text: String, outOfRange: Bool = false) {
        self.text = text
        self.outOfRange = outOfRange
    }

    /// "'2024-13-45' is not a date; use YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or …+02:00".
    public var message: String {
        if outOfRange { return "'\(text)' is \(Timestamp.recordableRangeText)" }
        return "'\(text)' is not a valid date; use YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DDTHH:MM:SS+02:00"
    }
}

extension LocalDate {
    /// Parses `YYYY-MM-DD` exactly; the day must exist.
    public static func parse(_ text: some StringProtocol) -> LocalDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = asciiNumber(bytes, 0, 4), let month = asciiNumber(bytes, 5, 2),
            let day = asciiNumber(bytes, 8, 2)
        else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }
}

extension Timestamp {
    /// Parses a date (`2024-01-02`, midnight UTC), or a date and time with `Z` or an offset
    /// (`2024-01-02T10:00:00Z`, `2024-01-02T12:00:00+02:00`, `T` or one space between).
    /// Fractional seconds are accepted and dropped. A time without a zone is refused: the
    /// ledger never guesses a zone.
    public static func parse(_ text: some StringProtocol) -> Result<Timestamp, DateParseError> {
        let failure = Result<Timestamp, DateParseError>.failure(DateParseError(text: String(text)))
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let date = LocalDate.parse(String(decoding: bytes[0..<10], as: UTF8.self)) else {
            return failure
        }
        if bytes.count == 10 { return .success(date.startOfDay) }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes.count >= 19,
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let hour = asciiNumber(bytes, 11, 2), let minute = asciiNumber(bytes, 14, 2),
            let second = asciiNumber(bytes, 17, 2), hour < 24, minute < 60, second < 60
        else { return failure }
        var position = 19
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] &- 48 < 10 { position += 1 }
            guard position > start else { return failure }
        }
        guard let offset = zoneOffset(bytes[position...]) else { return failure }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let time = Timestamp(secondsSinceEpoch: seconds - Int64(offset))
        guard Timestamp.recordable.contains(time) else {
            return .failure(DateParseError(text: String(text), outOfRange: true))
        }
        return .success(time)
    }

    /// Seconds east of UTC for `Z`, `+HH:MM`, `-HH:MM` or `+HHMM`; nil for anything else.
    private static func zoneOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        let zone = Array(bytes)
        if zone == [UInt8(ascii: "Z")] || zone == [UInt8(ascii: "z")] { return 0 }
        guard zone.count == 6 || zone.count == 5,
            zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-")
        else { return nil }
        let minutesAt = zone.count == 6 ? 4 : 3
        guard zone.count == 5 || zone[3] == UInt8(ascii: ":"),
            let hours = asciiNumber(zone, 1, 2), let minutes = asciiNumber(zone, minutesAt, 2),
            hours <= 18, minutes < 60
        else { return nil }
        let offset = hours * 3600 + minutes * 60
        return zone[0] == UInt8(ascii: "-") ? -offset : offset
    }
}

/// The decimal number in `bytes[start..<start+count]`, all ASCII digits, or nil (dates,
/// times and zones here; the common timestamp shapes of exchange files in LedgerInterchange).
@inlinable
public func asciiNumber<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ start: Int, _ count: Int) -> Int?
where Bytes.Index == Int {
    var value = 0
    for index in start..<(start + count) {
        let digit = bytes[index] &- 48
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
    }
    return value
}
