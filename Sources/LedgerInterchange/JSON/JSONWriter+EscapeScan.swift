extension JSONWriter {
    /// Whether some byte of `bytes` must be escaped in a JSON string (a control character, a
    /// quote or a backslash: RFC 8259, the rule ``appendString(_:to:)`` escapes by). Eight
    /// bytes a step (`verify` scans every text of every event twice, once as a column and
    /// once as the event's: a byte at a time, that was ~6 % of its CPU: docs/PERFORMANCE.md).
    @inlinable @inline(__always) public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            if escapeIn(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        while offset < bytes.count {
            let byte = base[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
            offset += 1
        }
        return false
    }

    /// Some byte of the word is below 0x20, a quote (0x22) or a backslash (0x5C): the exact
    /// tests of "a byte less than n" and "a zero byte" (each byte's high bit is set in the
    /// result only if some byte qualifies; no false answer either way).
    @inlinable @inline(__always) static func escapeIn(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeros = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
        return below | zeros != 0
    }
}
