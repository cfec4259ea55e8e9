import LedgerCore

/// Reading the times of exchange exports into UTC.
public enum ImportDate {
    /// `YYYY-MM-DD`, then optionally `T` or a space and `HH:MM[:SS[.fff…]]`, then optionally a
    /// zone: `Z`, ` UTC`, `+HH:MM`, `+HHMM`. Without a zone the time is taken to be at
    /// `defaultOffset` seconds east of UTC (the layout's documented zone, or `--timezone`).
    /// Two-digit years (`23-05-01 12:00:00`, Binance) are read as 20YY.
    public static func iso(_ text: String, _ field: String, defaultOffset: Int = 0) throws(RowError) -> Timestamp {
        if let time = commonShape(text, defaultOffset: defaultOffset) { return time }
        var body = ImportText.trimmed(text)
        if body.hasSuffix(" UTC") || body.hasSuffix(" utc") { body = String(body.dropLast(4)) + "Z" }
        if body.count >= 8, body.utf8.dropFirst(2).first == UInt8(ascii: "-"),
            body.utf8.prefix(2).allSatisfy({ $0 &- 48 < 10 })
        {
            body = "20" + body
        }
        let bytes = Array(body.utf8)
        guard bytes.count >= 10 else { throw invalid(text, field) }
        var position = 10
        var clock = "T00:00:00"
        if bytes.count > 10, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ") {
            var end = 11
            while end < bytes.count,
                bytes[end] &- 48 < 10 || bytes[end] == UInt8(ascii: ":") || bytes[end] == UInt8(ascii: ".")
            { end += 1 }
            let time = String(decoding: bytes[11..<end], as: UTF8.self)
            clock = "T" + (time.split(separator: ":").count == 2 ? time + ":00" : time)
            position = end
        }
        var zone = ImportText.trimmed(String(decoding: bytes[position...], as: UTF8.self))
        if zone.isEmpty { zone = offsetText(defaultOffset) }
        let candidate = String(decoding: bytes[0..<10], as: UTF8.self) + clock + zone
        switch Timestamp.parse(candidate) {
        case .success(let time): return time
        case .failure(let error) where error.outOfRange: throw outOfRange(text, field)
        case .failure: throw invalid(text, field)
        }
    }

    /// `2024-01-02 09:00:00 UTC`, `2024-01-02T09:00:00Z` or `2024-01-02 09:00:00` (at
    /// `defaultOffset`), read straight from the bytes; nil for any other shape, which ``iso``
    /// then reads the long way. Nearly every export writes one of these three, and building
    /// the strings of the long way took a fifth of the time a Coinbase row took to read.
    static func commonShape(_ text: String, defaultOffset: Int) -> Timestamp? {
        var text = text
        return text.withUTF8 { bytes -> Timestamp? in
            guard bytes.count >= 19 else { return nil }
            let offset: Int
            switch bytes.count {
            case 19 where defaultOffset % 60 == 0 && abs(defaultOffset) <= 18 * 3600: offset = defaultOffset
            case 20 where bytes[19] == UInt8(ascii: "Z"): offset = 0
            case 23
            where bytes[19] == UInt8(ascii: " ") && bytes[20] == UInt8(ascii: "U")
                && bytes[21] == UInt8(ascii: "T") && bytes[22] == UInt8(ascii: "C"):
                offset = 0
            default: return nil
            }
            let separators = [(4, "-"), (7, "-"), (13, ":"), (16, ":")].allSatisfy { bytes[$0.0] == UInt8(ascii: $0.1) }
            guard separators, bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
                let year = asciiNumber(bytes, 0, 4), let month = asciiNumber(bytes, 5, 2),
                let day = asciiNumber(bytes, 8, 2),
                let hour = asciiNumber(bytes, 11, 2), let minute = asciiNumber(bytes, 14, 2),
                let second = asciiNumber(bytes, 17, 2),
                hour < 24, minute < 60, second < 60,
                let date = LocalDate(year: year, month: month, day: day)
            else { return nil }
            let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
            let time = Timestamp(secondsSinceEpoch: seconds - Int64(offset))
            return Timestamp.recordable.contains(time) ? time : nil
        }
    }

    /// A date column and a time column (`2018-02-16` + `19:41:00.164`), in UTC unless told.
    public static func dateAndTime(_ date: String, _ time: String, _ field: String, defaultOffset: Int = 0)
        throws(RowError) -> Timestamp
    {
        if date.contains(":") { return try iso(date, field, defaultOffset: defaultOffset) }
        return try iso(date + (time.isEmpty ? "" : " " + time), field, defaultOffset: defaultOffset)
    }

    /// `+HH:MM` / `-HH:MM` for an offset in seconds (`Z` for 0).
    public static func offsetText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "Z" }
        let magnitude = abs(seconds)
        let hours = magnitude / 3600
        let minutes = magnitude / 60 % 60
        return (seconds < 0 ? "-" : "+") + two(hours) + ":" + two(minutes)
    }

    /// Seconds east of UTC for `UTC`, `Z`, `UTC+08:00`, `+02:00`, `-0530`, `UTC+8`; nil for
    /// anything else (named zones such as `Europe/Paris` are not supported).
    public static func offset(_ text: String) -> Int? {
        var body = ImportText.trimmed(text).uppercased()
        if body.hasPrefix("UTC") || body.hasPrefix("GMT") { body = String(body.dropFirst(3)) }
        if body.isEmpty || body == "Z" || body == "+0" || body == "-0" { return 0 }
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        let digits = body.dropFirst()
        var hours = 0
        var minutes = 0
        if let colon = digits.firstIndex(of: ":") {
            guard let h = Int(digits[..<colon]), let m = Int(digits[digits.index(after: colon)...]) else { return nil }
            (hours, minutes) = (h, m)
        } else if digits.count <= 2, let h = Int(digits) {
            hours = h
        } else if digits.count == 4, let value = Int(digits) {
            (hours, minutes) = (value / 100, value % 100)
        } else {
            return nil
        }
        guard hours <= 18, minutes < 60, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") }) else {
            return nil
        }
        let seconds = hours * 3600 + minutes * 60
        return sign == "-" ? -seconds : seconds
    }

    /// The zone written in a header name such as `Time(UTC+08:00)` or `Date(UTC)`; nil when the
    /// name carries none.
    public static func headerOffset(_ name: String) -> Int? {
        guard let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")"), open < close else { return nil }
        return offset(String(name[name.index(after: open)..<close]))
    }

    static func outOfRange(_ text: String, _ field: String) -> RowError {
        RowError("\(field) '\(text)' is \(Timestamp.recordableRangeText)")
    }

    static func invalid(_ text: String, _ field: String) -> RowError {
        RowError("\(field) '\(text)' is not a date and time this layout uses")
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
