/// SHA-256 for imports: the receipt's file hash (fed chunk by chunk as the file streams in)
/// and the compact form of content fingerprints.
public struct ContentDigest {
    private var hasher = SHA256Hasher()

    public init() {}

    /// Adds bytes to the running hash.
    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// The lower-case hex digest of everything added.
    public func hex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hasher.finalize() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The first `length` hex digits of SHA-256(`text`).
    public static func hex(_ text: String, length: Int = 64) -> String {
        var digest = ContentDigest()
        digest.update(Array(text.utf8)[...])
        return String(digest.hex().prefix(length))
    }
}
