/// The stable identity of an event: a 26-character ULID (time-ordered, Crockford base 32).
///
/// The sequence number says where an event sits in one ledger's log; the id stays the same
/// when the event is exported and imported into another ledger. Kept as its 128-bit value
/// (no string per event on the replay path); ``text`` spells it out.
public struct EventID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 128 bits the 26 characters encode (the first character carries only 3 bits).
    public let value: UInt128

    /// Accepts a ULID-shaped id (26 Crockford base-32 characters), case-insensitively.
    public init?(_ raw: some StringProtocol) {
        var value: UInt128 = 0
        var count = 0
        for byte in raw.utf8 {
            guard count < 26, let digit = EventID.digit(byte) else { return nil }
            if count == 0 && digit > 7 { return nil }
            value = value << 5 | UInt128(digit)
            count += 1
        }
        guard count == 26 else { return nil }
        self.value = value
    }

    /// The id with these 128 bits.
    public init(value: UInt128) {
        self.value = value
    }

    /// Builds a ULID from a millisecond time and 80 random bits.
    public init(milliseconds: UInt64, random: (high: UInt16, low: UInt64)) {
        value = (UInt128(milliseconds & 0xFFFF_FFFF_FFFF) << 80) | (UInt128(random.high) << 64) | UInt128(random.low)
    }

    /// The id to mint after `previous` at this millisecond: a fresh one from `random` when the
    /// clock has moved past `previous`'s time, else `previous` plus one (a monotonic ULID).
    ///
    /// Why: ids minted in one process then increase strictly, so a million imported events go
    /// to the end of the ledger's id index instead of random places in it (1M-row import:
    /// 22 s before, docs/PERFORMANCE.md); the random bits are drawn once per millisecond, not
    /// per event. Ids from two processes in one millisecond still differ by their random start.
    public static func following(_ previous: EventID?, milliseconds: UInt64, random: () -> (UInt16, UInt64)) -> EventID
    {
        let fresh = EventID(milliseconds: milliseconds, random: (0, 0))
        if let previous, previous.value >= fresh.value, previous.value < UInt128.max {
            return EventID(value: previous.value + 1)
        }
        return EventID(milliseconds: milliseconds, random: random())
    }

    /// The 26-character text, upper case.
    public var text: String {
        var characters: [UInt8] = []
        characters.reserveCapacity(26)
        appendText(to: &characters)
        return String(decoding: characters, as: UTF8.self)
    }

    /// ``text`` appended to `out` as UTF-8.
    public func appendText(to out: inout [UInt8]) {
        out.append(atMost: 26) { write(textTo: &$0) }
    }

    public var description: String { text }

    public static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.value < rhs.value }

    /// Crockford's base-32 digits (``digitPairs`` holds them two by two for writing).
    private static let digits: StaticString = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    private static let alphabet = digits.withUTF8Buffer { Array($0) }

    /// The value of one Crockford digit (upper or lower case), or nil.
    private static func digit(_ byte: UInt8) -> UInt8? {
        let upper = byte >= 97 && byte <= 122 ? byte - 32 : byte
        return decode[Int(upper)]
    }

    private static let decode: [UInt8?] = {
        var table = [UInt8?](repeating: nil, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()
}
