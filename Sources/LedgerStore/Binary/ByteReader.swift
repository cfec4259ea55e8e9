import LedgerCore

/// A cursor over bytes written by ``ByteWriter`` (borrowed, e.g. from SQLite); every read is
/// bounds-checked and nil past the end.
struct ByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next read starts.
    private(set) var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }
    /// How many bytes there are in all.
    var size: Int { bytes.count }

    @inline(__always)
    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A fixed-width little-endian integer.
    @inline(__always)
    mutating func fixed<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { return nil }
        let start = offset
        offset += size
        return T(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: T.self))
    }

    /// The next `count` bytes, borrowed.
    @inline(__always)
    mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        let start = offset
        offset += count
        return UnsafeBufferPointer(rebasing: bytes[start..<offset])
    }

    /// A LEB128 varint. Up to nine bytes (63 bits: every sequence, time and most mantissas)
    /// are read in 64-bit arithmetic (``shortUnsigned()``); only longer ones in 128 bits.
    mutating func unsigned() -> UInt128? {
        if let short = shortUnsigned() { return UInt128(short) }
        var value: UInt128 = 0
        var shift: UInt128 = 0
        var cursor = offset
        while cursor < bytes.count, shift < 128 {
            let byte = bytes[cursor]
            cursor += 1
            value |= UInt128(byte & 0x7F) << shift
            if byte < 0x80 {
                offset = cursor
                return value
            }
            shift += 7
        }
        return nil
    }

    mutating func signed() -> Int128? {
        guard let raw = unsigned() else { return nil }
        return Int128(bitPattern: raw >> 1) ^ -Int128(bitPattern: raw & 1)
    }

    /// A signed varint that fits 64 bits. Up to nine bytes (every time and sequence) are read
    /// and unzigzagged in 64-bit arithmetic; a longer one is read again by ``signed()``.
    @inline(__always)
    mutating func int64() -> Int64? {
        if let narrow = shortSigned() { return narrow }
        return longInt64()
    }

    @inline(never)
    private mutating func longInt64() -> Int64? {
        guard let value = signed(), let narrow = Int64(exactly: value) else { return nil }
        return narrow
    }

    /// A signed varint of at most nine bytes, in 64-bit arithmetic; nil for a longer one, the
    /// offset left where it was (``signed()`` reads it then).
    @inline(__always)
    mutating func shortSigned() -> Int64? {
        guard let raw = shortUnsigned() else { return nil }
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// A varint of at most nine bytes, in 64-bit arithmetic; nil for a longer one (or one cut
    /// short), the offset left where it was. One byte is one test; up to eight, with eight bytes
    /// left to read, are one load: the first byte without its high bit ends the varint, and
    /// three steps close the 7-bit groups' gaps. Otherwise (the row's last bytes, nine bytes),
    /// byte by byte.
    @inline(__always)
    mutating func shortUnsigned() -> UInt64? {
        guard offset < bytes.count else { return nil }
        let first = bytes[offset]
        if first < 0x80 {
            offset += 1
            return UInt64(first)
        }
        if bytes.count - offset >= 8 {
            let word = UInt64(
                littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let stops = ~word & 0x8080_8080_8080_8080
            if stops != 0 {
                let length = (stops.trailingZeroBitCount &+ 1) &>> 3
                offset += length
                return Self.joined(word & (UInt64.max &>> (64 &- 8 &* UInt64(length))))
            }
        }
        return shortUnsignedByBytes()
    }

    /// The 7-bit groups of up to eight varint bytes (little-endian in `word`), joined.
    @inline(__always)
    private static func joined(_ word: UInt64) -> UInt64 {
        var value = word & 0x7F7F_7F7F_7F7F_7F7F
        value = (value & 0x007F_007F_007F_007F) | ((value & 0x7F00_7F00_7F00_7F00) &>> 1)
        value = (value & 0x0000_3FFF_0000_3FFF) | ((value & 0x3FFF_0000_3FFF_0000) &>> 2)
        return (value & 0x0000_0000_0FFF_FFFF) | ((value & 0x0FFF_FFFF_0000_0000) &>> 4)
    }

    @inline(never)
    private mutating func shortUnsignedByBytes() -> UInt64? {
        var cursor = offset
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        while cursor < bytes.count, shift <= 56 {
            let byte = bytes[cursor]
            cursor += 1
            raw |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                offset = cursor
                return raw
            }
            shift += 7
        }
        return nil
    }

    /// An ``EventID``: its 128 bits little-endian, loaded at once.
    @inline(__always)
    mutating func id() -> EventID? {
        fixed(UInt128.self).map { EventID(value: $0) }
    }

    /// The bytes of a varint-length-prefixed string, borrowed. (A length is never past 63 bits:
    /// read in 64-bit arithmetic.)
    @inline(__always)
    mutating func slice() -> UnsafeBufferPointer<UInt8>? {
        guard let length = shortUnsigned(), length <= UInt64(bytes.count - offset) else { return nil }
        return take(Int(length))
    }

    mutating func string() -> String? {
        guard let bytes = slice() else { return nil }
        return bytes.isEmpty ? "" : String(decoding: bytes, as: UTF8.self)
    }
}
