import LedgerCore
import Testing

/// ``ByteCursor``'s copies and fills by overlapping words (the JSON's keys and indentation):
/// every length writes exactly its bytes, after what was there and nothing beyond.
@Suite("ByteCursor: pieces of every length")
struct ByteCursorTests {
    @Test("a copy of 0 to 40 bytes, and a fill of 0 to 40, after a byte already written")
    func everyLength() {
        for length in 0...40 {
            let piece = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let copied = withBytes(atMost: length + 2) { cursor in
                cursor.append(UInt8(ascii: "<"))
                piece.withUnsafeBufferPointer { cursor.append($0) }
                cursor.append(UInt8(ascii: ">"))
            } then: {
                Array($0)
            }
            #expect(copied == [UInt8(ascii: "<")] + piece + [UInt8(ascii: ">")], "copy of \(length)")
            let filled = withBytes(atMost: length + 2) { cursor in
                cursor.append(UInt8(ascii: "<"))
                cursor.append(UInt8(ascii: " "), count: length)
                cursor.append(UInt8(ascii: ">"))
            } then: {
                Array($0)
            }
            let spaces = [UInt8](repeating: UInt8(ascii: " "), count: length)
            #expect(filled == [UInt8(ascii: "<")] + spaces + [UInt8(ascii: ">")], "fill of \(length)")
        }
    }
}
