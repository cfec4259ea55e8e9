import COpenSSL

/// SHA-256 through the system's libcrypto (OpenSSL, with the CPU's SHA instructions where it
/// has them): the hash chain, import receipts and content fingerprints. Was swift-crypto's
/// `SHA256`, whose BoringSSL was a fifth of a clean debug build (docs/PERFORMANCE.md, "Build").
package struct SHA256Hasher {
    private var context = SHA256_CTX()

    package init() { SHA256_Init(&context) }

    /// Adds `bytes` to the running hash.
    package mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        SHA256_Update(&context, base, bytes.count)
    }

    /// Adds `bytes` to the running hash.
    package mutating func update(data bytes: [UInt8]) {
        bytes.withUnsafeBytes { update(bufferPointer: $0) }
    }

    /// The 32-byte digest of everything added so far (the hasher can go on taking bytes).
    package func finalize() -> [UInt8] {
        var copy = context
        return [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
            SHA256_Final(digest.baseAddress, &copy)
            count = 32
        }
    }

    /// ``finalize()`` written to the first 32 bytes of `digest` (no array made: the chain walk
    /// hashes every event).
    package func finalize(into digest: UnsafeMutableRawBufferPointer) {
        precondition(digest.count >= 32, "SHA256Hasher: a digest takes 32 bytes")
        var copy = context
        SHA256_Final(digest.baseAddress!.assumingMemoryBound(to: UInt8.self), &copy)
    }

    /// The digest of `bytes`.
    package static func hash(data bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256Hasher()
        hasher.update(data: bytes)
        return hasher.finalize()
    }
}

/// HMAC-SHA256 (RFC 2104) over ``SHA256Hasher``: the seal of a snapshot row.
package struct HMACSHA256 {
    private static let blockSize = 64
    private var inner = SHA256Hasher()
    private let outerPad: [UInt8]

    /// A key longer than SHA-256's 64-byte block is hashed first; an empty key is allowed.
    package init(key: [UInt8]) {
        var block = key.count > Self.blockSize ? SHA256Hasher.hash(data: key) : key
        block += [UInt8](repeating: 0, count: Self.blockSize - block.count)
        inner.update(data: block.map { $0 ^ 0x36 })
        outerPad = block.map { $0 ^ 0x5c }
    }

    /// Adds `bytes` to the message.
    package mutating func update(data bytes: [UInt8]) { inner.update(data: bytes) }

    /// The 32-byte MAC of the message so far.
    package func finalize() -> [UInt8] {
        var outer = SHA256Hasher()
        outer.update(data: outerPad)
        outer.update(data: inner.finalize())
        return outer.finalize()
    }
}
