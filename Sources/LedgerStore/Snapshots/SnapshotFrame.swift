import LedgerInterchange

/// How a snapshot is laid out in one BLOB (the `data` of a `snapshots` row, in a ledger file and
/// in PostgreSQL): a header — magic `LSF1`, the summary's length, the part count, each part's
/// length and SHA-256 — then the summary, then the parts in order. The header and summary are
/// the *sealed prefix*: the row's seal (``SnapshotSeal``) covers them, and through the digests
/// the parts, so a report reads and checks kilobytes, and a part only when it needs it.
struct SnapshotFrame: Equatable {
    static let magic: [UInt8] = Array("LSF1".utf8)
    /// What the bytes of a snapshot saved whole by an older build start with (`LSN4`, `LSN5`).
    static let wholeSnapshotMagic: [UInt8] = Array("LSN".utf8)
    /// Magic, summary length, part count.
    static let fixedSize = 4 + 8 + 8
    static let entrySize = 8 + 32
    /// Bounds on what a header may say, so that no sum of its lengths overflows.
    static let maxLength: Int64 = 1 << 40
    static let maxParts: Int64 = 1 << 20

    let summaryLength: Int
    let partLengths: [Int]
    let digests: [[UInt8]]

    /// The frame of `summary` and `parts`.
    init(summary: [UInt8], parts: [[UInt8]]) {
        summaryLength = summary.count
        partLengths = parts.map(\.count)
        digests = parts.map { SHA256Hasher.hash(data: $0) }
    }

    /// The header's length: where the summary starts.
    var headerSize: Int { Self.fixedSize + partLengths.count * Self.entrySize }
    /// The sealed prefix's length: where the first part starts.
    var prefixSize: Int { headerSize + summaryLength }
    var totalSize: Int { partLengths.reduce(prefixSize, +) }

    /// Where part `index` starts in the BLOB.
    func offset(ofPart index: Int) -> Int { partLengths[..<index].reduce(prefixSize, +) }

    /// The header's bytes.
    var header: [UInt8] {
        var out = ByteWriter()
        out.append(Self.magic)
        out.fixed(Int64(summaryLength))
        out.fixed(Int64(partLengths.count))
        for (length, digest) in zip(partLengths, digests) {
            out.fixed(Int64(length))
            out.append(digest)
        }
        return out.bytes
    }

    /// The part count of a header whose first ``fixedSize`` bytes are `bytes`, and the
    /// summary's length (nil when they are not a frame's).
    static func counts(_ bytes: [UInt8]) -> (summary: Int, parts: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(buffer)
            guard input.take(4).map(Array.init) == magic, let summary = input.fixed(Int64.self),
                let parts = input.fixed(Int64.self), (0..<maxLength).contains(summary), (0..<maxParts).contains(parts)
            else { return nil }
            return (Int(summary), Int(parts))
        }
    }

    /// The frame whose header is `bytes` (nil when they are not one).
    init?(header bytes: [UInt8]) {
        guard let (summary, parts) = Self.counts(Array(bytes.prefix(Self.fixedSize))),
            bytes.count == Self.fixedSize + parts * Self.entrySize
        else { return nil }
        let decoded: ([Int], [[UInt8]])? = bytes.withUnsafeBufferPointer { buffer in
            var input = ByteReader(buffer)
            _ = input.take(Self.fixedSize)
            var lengths: [Int] = []
            var digests: [[UInt8]] = []
            for _ in 0..<parts {
                guard let length = input.fixed(Int64.self), (0..<Self.maxLength).contains(length),
                    let digest = input.take(32)
                else {
                    return nil
                }
                lengths.append(Int(length))
                digests.append(Array(digest))
            }
            return (lengths, digests)
        }
        guard let (lengths, digests) = decoded else { return nil }
        (summaryLength, partLengths, self.digests) = (summary, lengths, digests)
    }

    /// True when `bytes` are part `index` as the header describes it.
    func matches(_ bytes: [UInt8], part index: Int) -> Bool {
        partLengths.indices.contains(index) && bytes.count == partLengths[index]
            && SHA256Hasher.hash(data: bytes) == digests[index]
    }

    /// The whole BLOB of `summary` and `parts` in one array (a store that writes it whole).
    static func framed(summary: [UInt8], parts: [[UInt8]]) -> [UInt8] {
        var bytes = SnapshotFrame(summary: summary, parts: parts).header + summary
        for part in parts { bytes += part }
        return bytes
    }

    /// The frame and summary of a whole BLOB (nil when the bytes are not a frame); its parts
    /// are ``part(_:in:)``, not checked yet.
    static func parse(_ bytes: [UInt8]) -> (frame: SnapshotFrame, summary: [UInt8])? {
        guard let (_, partCount) = counts(Array(bytes.prefix(fixedSize))),
            partCount <= (bytes.count - fixedSize) / entrySize,
            let frame = SnapshotFrame(header: Array(bytes.prefix(fixedSize + partCount * entrySize))),
            frame.totalSize == bytes.count
        else { return nil }
        return (frame, Array(bytes[frame.headerSize..<frame.prefixSize]))
    }

    /// The sealed prefix of a whole BLOB this frame was parsed from.
    func prefix(of bytes: [UInt8]) -> [UInt8] { Array(bytes[..<prefixSize]) }

    /// Part `index` of a whole BLOB this frame was parsed from, or nil when it does not match
    /// its digest.
    func part(_ index: Int, in bytes: [UInt8]) -> [UInt8]? {
        let start = offset(ofPart: index)
        let part = Array(bytes[start..<start + partLengths[index]])
        return matches(part, part: index) ? part : nil
    }

    /// The summary and parts of a whole BLOB, each part checked against its digest (nil when
    /// the bytes are not a frame, or a part does not match).
    static func unframed(_ bytes: [UInt8]) -> (summary: [UInt8], parts: [[UInt8]])? {
        guard let (frame, summary) = parse(bytes) else { return nil }
        var parts: [[UInt8]] = []
        for index in frame.partLengths.indices {
            guard let part = frame.part(index, in: bytes) else { return nil }
            parts.append(part)
        }
        return (summary, parts)
    }
}
