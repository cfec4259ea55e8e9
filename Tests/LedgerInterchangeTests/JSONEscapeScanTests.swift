import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// ``JSONWriter/needsEscaping(_:)`` reads eight bytes a step: it must answer as the byte rule
/// does for every byte value at every place of a word and of the tail.
@Suite("JSON escape scan")
struct JSONEscapeScanTests {
    static func byteRule(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    static func scan(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { JSONWriter.needsEscaping($0) }
    }

    @Test("every byte value, at every offset of texts 1 to 24 bytes long, among plain bytes")
    func everyByteEverywhere() {
        for length in 1...24 {
            for offset in 0..<length {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[offset] = UInt8(value)
                    #expect(Self.scan(bytes) == Self.byteRule(bytes), "byte \(value) at \(offset) of \(length)")
                }
            }
        }
        #expect(Self.scan([]) == false)
    }

    @Test("seeded texts mixing the neighbours of each boundary (0x1F/0x20, 0x21-0x23, 0x5B-0x5D, 0x7F-0x81, 0xFF)")
    func seededNeighbours() {
        var random = SplitMix64(seed: 23)
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0x81, 0xA0, 0xDC, 0xFF]
        let escaped: [UInt8] = [0x00, 0x01, 0x1F, 0x22, 0x5C]
        var found = 0
        for _ in 0..<5000 {
            let bytes = (0..<Int(random.next() % 40)).map { _ -> UInt8 in
                let draw = random.next()
                // Mostly plain neighbours, now and then a byte that must be escaped.
                return draw % 60 == 0 ? escaped[Int(draw >> 8) % escaped.count] : plain[Int(draw >> 8) % plain.count]
            }
            #expect(Self.scan(bytes) == Self.byteRule(bytes), "\(bytes)")
            if Self.byteRule(bytes) { found += 1 }
        }
        // Both answers were met.
        #expect(found > 100 && found < 4900)
    }

    @Test("an escaped string is still written escaped, a plain one in one piece")
    func writes() {
        var out: [UInt8] = []
        JSONWriter.appendString("plain text, long enough for a word", to: &out)
        JSONWriter.appendString("a \"q\" \\ \u{01} 日本", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #""plain text, long enough for a word""a \"q\" \\ \u0001 日本""#)
    }
}
