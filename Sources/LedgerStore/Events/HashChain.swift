import LedgerInterchange

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hash chain: each event stores SHA-256(previous hash ‖ canonical encoding). `package`: the
/// PostgreSQL store (LedgerStorePostgres) links its events with this same code, so both chains
/// are the same bytes.
package enum HashChain {
    /// The "previous hash" of the first event.
    package static let genesis = String(repeating: "0", count: 64)

    /// Hex SHA-256 of the previous hash's 32 bytes followed by the record's canonical JSON.
    package static func hash(previous: String, record: EventRecordV1) -> String {
        hex(record.canonicalJSONBytes.withUnsafeBytes { digest(previous: bytes(fromHex: previous), canonical: $0) })
    }

    /// SHA-256 of the previous hash's 32 bytes followed by a record's canonical JSON, already
    /// encoded (what the appender links; ``hash(previous:record:)`` for one record).
    static func digest(previous: [UInt8], canonical: UnsafeRawBufferPointer) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(data: previous)
        hasher.update(bufferPointer: canonical)
        return hasher.finalize()
    }

    /// Lower-case hex of `bytes`, as UTF-8 (written in place: a hash is made for every event
    /// appended or verified).
    static func hexBytes(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count * 2) { out, count in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = hexDigits[Int(byte >> 4)]
                out[2 * index + 1] = hexDigits[Int(byte & 15)]
            }
            count = bytes.count * 2
        }
    }

    /// Lower-case hex of `digest`.
    static func hex(_ digest: some Sequence<UInt8>) -> String {
        String(decoding: hexBytes(Array(digest)), as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Decodes lower-case hex; a malformed string gives bytes that can never match a real hash.
    static func bytes(fromHex text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes(fromHexDigits: $0) }
    }

    /// ``bytes(fromHex:)`` of the hex digits' UTF-8 bytes.
    static func bytes(fromHexDigits digits: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: digits.count / 2) { out, count in
            for index in 0..<(digits.count / 2) {
                out[index] = nibble(digits[2 * index]) << 4 | (nibble(digits[2 * index + 1]) & 15)
            }
            count = digits.count / 2
        }
    }

    /// Whether SHA-256 of the 32 bytes `previous` followed by `canonical` is the hash
    /// `hashHex` spells in lower-case hex: ``digest(previous:canonical:)`` and ``hexBytes(_:)``
    /// compared, with no array made for any of them (the chain walk checks every event so).
    /// The digest is written to `digest` (32 bytes), which the walk keeps as the next event's
    /// `previous`: it is what that event's `prev_hash` spells when the two hex texts are the
    /// same, so no hex is decoded.
    static func matches(
        previous: UnsafeRawBufferPointer, canonical: UnsafeRawBufferPointer, hashHex: UnsafeBufferPointer<UInt8>,
        digest: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard hashHex.count == 64, digest.count == 32 else { return false }
        var hasher = SHA256Hasher()
        hasher.update(bufferPointer: previous)
        hasher.update(bufferPointer: canonical)
        hasher.finalize(into: digest)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { hex in
            for index in 0..<32 {
                let byte = digest[index]
                hex[2 * index] = hexDigit(byte >> 4)
                hex[2 * index + 1] = hexDigit(byte & 15)
            }
            return memcmp(hex.baseAddress!, hashHex.baseAddress!, 64) == 0
        }
    }

    /// The lower-case hex digit of `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 + nibble : 87 + nibble }

    private static func nibble(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        default: 0xFF
        }
    }
}
