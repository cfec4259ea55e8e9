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

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A fixed-width little-endian integer.
    mutating func fixed<T: FixedWidthInteger>(_ type: T.Type) -> T? {
        let size = MemoryLayout<T>.size
        guard bytes.count - offset >= size else { return nil }
        let start = offset
        offset += size
        return T(littleEndian: UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: start, as: T.self))
    }

    /// The next `count` bytes, borrowed.
    mutating func take(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
        guard count >= 0, count <= bytes.count - offset else { return nil }
        let start = offset
        offset += count
        return UnsafeBufferPointer(rebasing: bytes[start..<offset])
    }

    /// A LEB128 varint. Up to nine bytes (63 bits: every sequence, time and most mantissas)
    /// are read in 64-bit arithmetic; only longer ones continue in 128 bits.
    mutating func unsigned() -> UInt128? {
        var narrow: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift <= 56 {
            let byte = bytes[offset]
            offset += 1
            narrow |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return UInt128(narrow) }
            shift += 7
        }
        var value = UInt128(narrow)
        var wideShift = UInt128(shift)
        while offset < bytes.count, wideShift < 128 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt128(byte & 0x7F) << wideShift
            if byte < 0x80 { return value }
            wideShift += 7
        }
        return nil
    }

    mutating func signed() -> Int128? {
        guard let raw = unsigned() else { return nil }
        return Int128(bitPattern: raw >> 1) ^ -Int128(bitPattern: raw & 1)
    }

    /// A signed varint that fits 64 bits. Up to nine bytes (every time and sequence) are read
    /// and unzigzagged in 64-bit arithmetic; a longer one is read again by ``signed()``.
    mutating func int64() -> Int64? {
        if let narrow = shortSigned() { return narrow }
        guard let value = signed(), let narrow = Int64(exactly: value) else { return nil }
        return narrow
    }

    /// A signed varint of at most nine bytes, in 64-bit arithmetic; nil for a longer one, the
    /// offset left where it was (``signed()`` reads it then).
    mutating func shortSigned() -> Int64? {
        let start = offset
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift <= 56 {
            let byte = bytes[offset]
            offset += 1
            raw |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1) }
            shift += 7
        }
        offset = start
        return nil
    }

    /// An ``EventID``: its 128 bits little-endian, loaded at once.
    mutating func id() -> EventID? {
        fixed(UInt128.self).map { EventID(value: $0) }
    }

    /// The bytes of a varint-length-prefixed string, borrowed.
    mutating func slice() -> UnsafeBufferPointer<UInt8>? {
        guard let length = unsigned(), length <= UInt128(bytes.count - offset) else { return nil }
        return take(Int(length))
    }

    mutating func string() -> String? {
        guard let bytes = slice() else { return nil }
        return bytes.isEmpty ? "" : String(decoding: bytes, as: UTF8.self)
    }
}
