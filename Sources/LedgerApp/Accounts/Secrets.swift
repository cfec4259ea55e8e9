import LedgerInterchange

/// The secrets the accounts hand out: API tokens (`lgr_` + 43 base64url characters), session
/// ids and CSRF tokens, each 32 random bytes; and the one way a secret is stored, as the hex
/// SHA-256 of its text (a token is random enough that a slow hash adds nothing).
public enum Secrets {
    /// The prefix of every API token (so a leaked one is recognisable, e.g. by secret scanners).
    public static let tokenPrefix = "lgr_"

    /// 32 bytes drawn from `random` (the system's generator in the server and the CLI; a
    /// test context seeds it), as unpadded base64url.
    public static func make(_ random: @Sendable () -> (UInt16, UInt64)) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        while bytes.count < 32 {
            var word = random().1
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return base64URL(bytes)
    }

    /// The system's generator, as a source for ``make(_:)``.
    public static let systemRandom: @Sendable () -> (UInt16, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }

    /// What the database keeps of a secret.
    public static func hash(_ secret: String) -> String {
        ContentDigest.hex(secret)
    }

    /// RFC 4648 §5 without padding.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
