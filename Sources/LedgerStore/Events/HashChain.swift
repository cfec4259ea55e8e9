import Crypto
import LedgerInterchange

/// The hash chain: each event stores SHA-256(previous hash ‖ canonical encoding).
enum HashChain {
    /// The "previous hash" of the first event.
    static let genesis = String(repeating: "0", count: 64)

    /// Hex SHA-256 of the previous hash's 32 bytes followed by the record's canonical JSON.
    static func hash(previous: String, record: EventRecordV1) -> String {
        var hasher = SHA256()
        hasher.update(data: bytes(fromHex: previous))
        hasher.update(data: record.canonicalJSONBytes)
        return hex(hasher.finalize())
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes lower-case hex; a malformed string gives bytes that can never match a real hash.
    static func bytes(fromHex text: String) -> [UInt8] {
        let values = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
            default: 0xFF
            }
        }
        return stride(from: 0, to: values.count - 1, by: 2).map { values[$0] << 4 | (values[$0 + 1] & 15) }
    }
}
