import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// ``SHA256Hasher`` and ``HMACSHA256`` (the system's libcrypto since round 19, swift-crypto
/// before): the published test vectors, and any chunking of the same bytes gives one digest.
@Suite("SHA-256 and HMAC-SHA256: the published vectors, whatever the chunking")
struct SHA256HasherTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("FIPS 180-2's examples and the empty message")
    func vectors() {
        let cases = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]
        for (message, digest) in cases {
            #expect(Self.hex(SHA256Hasher.hash(data: Array(message.utf8))) == digest, "\(message)")
            #expect(ContentDigest.hex(message) == digest)
        }
    }

    @Test("RFC 4231's HMAC-SHA256 cases 1, 2 and 6 (a key longer than the block)")
    func hmacVectors() {
        let cases: [([UInt8], String, String)] = [
            (
                [UInt8](repeating: 0x0b, count: 20), "Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), "what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for (key, message, mac) in cases {
            var hmac = HMACSHA256(key: key)
            hmac.update(data: Array(message.utf8))
            #expect(Self.hex(hmac.finalize()) == mac, "\(message)")
        }
    }

    @Test("300 seeded messages fed in random pieces hash as in one piece; finalize leaves the hash going on")
    func chunking() {
        var random = SplitMix64(seed: 19)
        for _ in 0..<300 {
            let message = (0..<Int.random(in: 0...700, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            var pieces = SHA256Hasher()
            var start = 0
            while start < message.count {
                let end = min(message.count, start + Int.random(in: 0...130, using: &random))
                message[start..<end].withUnsafeBytes { pieces.update(bufferPointer: $0) }
                _ = pieces.finalize()
                start = end
            }
            #expect(pieces.finalize() == SHA256Hasher.hash(data: message))
        }
    }
}
