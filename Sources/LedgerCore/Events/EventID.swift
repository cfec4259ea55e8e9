/// The stable identity of an event: a 26-character ULID (time-ordered, Crockford base 32).
///
/// The sequence number says where an event sits in one ledger's log; the id stays the same
/// when the event is exported and imported into another ledger.
public struct EventID: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    /// Accepts a ULID-shaped id (26 Crockford base-32 characters), case-insensitively.
    public init?(_ raw: some StringProtocol) {
        let upper = raw.uppercased()
        guard upper.utf8.count == 26, upper.utf8.allSatisfy({ EventID.alphabet.contains($0) }) else { return nil }
        text = upper
    }

    /// Builds a ULID from a millisecond time and 80 random bits.
    public init(milliseconds: UInt64, random: (high: UInt16, low: UInt64)) {
        var value = (UInt128(milliseconds & 0xFFFF_FFFF_FFFF) << 80)
            | (UInt128(random.high) << 64) | UInt128(random.low)
        var characters = [UInt8](repeating: 0, count: 26)
        for index in stride(from: 25, through: 0, by: -1) {
            characters[index] = EventID.alphabet[Int(value & 31)]
            value >>= 5
        }
        text = String(decoding: characters, as: UTF8.self)
    }

    public var description: String { text }

    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
}
