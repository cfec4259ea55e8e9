/// The fingerprint of an imported row (`generic:tx:t12345`, `kraken:row:HASH#1`): what makes
/// importing the same row again a no-op.
///
/// A fixed-size value: up to ``inlineCapacity`` UTF-8 bytes are kept in the value itself, so
/// decoding an imported event allocates nothing for it and freeing the event frees nothing
/// (a `String` of 16 bytes or more is an allocation and a free per event, about a tenth of a
/// cold replay's instructions: docs/PERFORMANCE.md, "Cold replay, twenty-fifth round"). A
/// longer fingerprint is kept as a `String`. The text is made only where one is printed,
/// written or compared with a file's.
public struct ImportFingerprint: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// How many UTF-8 bytes are kept inline: covers the presets' source ids (a UUID after
    /// `coinbase:buy:` is 49) and their content fingerprints (`coinbase-pro:row:`, 32 hex
    /// digits, `#N`).
    public static let inlineCapacity = 56

    private typealias Words = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The bytes when there are at most ``inlineCapacity``, zero after them (so equal texts are
    /// equal words); all zero otherwise.
    private var words: Words = (0, 0, 0, 0, 0, 0, 0)
    /// The inline byte count, or ``spilled`` when the text is in `long`.
    private var count: UInt8
    /// The text when it is longer than ``inlineCapacity`` bytes; empty otherwise.
    private var long = ""

    private static let spilled = UInt8.max

    /// The fingerprint of these UTF-8 bytes (borrowed, e.g. from SQLite); bytes that are not
    /// UTF-8 read back as `String(decoding:as:)` repairs them.
    public init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.inlineCapacity else {
            count = Self.spilled
            long = String(decoding: bytes, as: UTF8.self)
            return
        }
        count = UInt8(bytes.count)
        if let base = bytes.baseAddress {
            withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: base, byteCount: bytes.count) }
        }
    }

    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(utf8: $0) }
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// The empty fingerprint: unknown (a record that has none).
    public var isEmpty: Bool { count == 0 }

    /// The UTF-8 bytes, borrowed for the call.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if count == Self.spilled {
            var text = long
            return try text.withUTF8(body)
        }
        var words = words
        return try withUnsafeBytes(of: &words) { raw in
            try body(
                UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: Int(count)))
        }
    }

    /// The text (made on each call).
    public var text: String {
        count == Self.spilled ? long : withUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { text }

    /// Byte for byte, as the ledger's unique index compares them (not `String`'s canonical
    /// equivalence).
    public static func == (lhs: ImportFingerprint, rhs: ImportFingerprint) -> Bool {
        lhs.count == rhs.count && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
            && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4
            && lhs.words.5 == rhs.words.5 && lhs.words.6 == rhs.words.6
            && (lhs.count != spilled || lhs.long.utf8.elementsEqual(rhs.long.utf8))
    }

    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
