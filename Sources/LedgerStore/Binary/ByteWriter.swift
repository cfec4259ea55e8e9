import LedgerCore

/// Appends the pieces of the store's binary forms: the replay rows (``PackedEvent``) and the
/// snapshots (``SnapshotCodec``). Varints are LEB128 (signed ones zig-zag); fixed-width
/// integers are little-endian.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func append(_ other: some Sequence<UInt8>) { bytes += other }

    /// A fixed-width integer, little-endian.
    mutating func fixed<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// A LEB128 varint.
    mutating func unsigned(_ value: UInt128) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Zig-zag: small magnitudes of either sign stay short.
    mutating func signed(_ value: Int128) {
        unsigned(UInt128(bitPattern: (value << 1) ^ (value >> 127)))
    }

    mutating func signed(_ value: Int64) { signed(Int128(value)) }

    /// A varint length, then the UTF-8 bytes.
    mutating func string(_ text: String) {
        unsigned(UInt128(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// A varint length, then these UTF-8 bytes.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        unsigned(UInt128(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// An event id: 16 bytes, least significant first.
    mutating func id(_ id: EventID) {
        var value = id.value
        for _ in 0..<16 {
            bytes.append(UInt8(truncatingIfNeeded: value))
            value >>= 8
        }
    }
}
