import LedgerCore
import LedgerCoreTestSupport
import Testing

/// `EventID.write(textTo:)` spells an id from its two 64-bit halves; these hold it to the
/// plain spelling (one `UInt128` shift a digit) and to the parser, for the ids where a half's
/// boundary matters and for seeded ones.
@Suite("Event id text")
struct EventIDTextTests {
    /// The plain spelling: the last digit is the value's lowest 5 bits.
    private static func plain(_ value: UInt128) -> String {
        let digits = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
        var rest = value
        var text = [UInt8](repeating: 0, count: 26)
        for index in stride(from: 25, through: 0, by: -1) {
            text[index] = digits[Int(rest & 31)]
            rest >>= 5
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static var values: [UInt128] {
        var values: [UInt128] = [0, .max, 1 << 64, (1 << 64) - 1, 1 << 60, 1 << 63, 1 << 65, 1 << 127]
        values += (0..<128).map { UInt128(1) << $0 }
        var random = SplitMix64(seed: 34)
        values += (0..<5_000).map { _ in UInt128(random.next()) << 64 | UInt128(random.next()) }
        return values
    }

    @Test("every bit lands in its digit, as the plain spelling puts it, and reads back")
    func spelling() {
        for value in Self.values {
            let id = EventID(value: value)
            let text = id.text
            #expect(text == Self.plain(value), "value \(value)")
            #expect(EventID(text) == id, "value \(value)")
        }
    }
}
