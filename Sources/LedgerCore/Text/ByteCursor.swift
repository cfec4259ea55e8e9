/// UTF-8 written into memory reserved up front (on the stack, by ``withBytes(atMost:_:then:)``), for
/// the reports that write millions of small pieces: one bounds check a piece, no capacity or
/// uniqueness check of an array and no call for each (`Array.append(contentsOf:)` of small
/// pieces was the largest part of `ledger tax -O json`; docs/PERFORMANCE.md, "ledger tax").
public struct ByteCursor {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    @usableFromInline var writtenCount = 0

    /// How many bytes were written.
    @inlinable public var count: Int { writtenCount }

    /// A cursor over `capacity` bytes at `base`, which the caller owns and keeps alive while it
    /// writes (a buffer it reuses, a chunk it hands over).
    @inlinable public init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The bytes written so far.
    @inlinable public var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: writtenCount) }

    /// Room for `room` more bytes at the end: `write` fills from the pointer it gets and says
    /// how many it wrote (at most `room`).
    @inlinable public mutating func reserve(_ room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        precondition(count + room <= capacity, "ByteCursor: more than the bytes reserved")
        let wrote = write(base + count)
        precondition(wrote <= room, "ByteCursor: more than the room asked for")
        writtenCount += wrote
    }

    @inlinable public mutating func append(_ byte: UInt8) {
        precondition(count < capacity, "ByteCursor: more than the bytes reserved")
        base[count] = byte
        writtenCount += 1
    }

    /// Always inlined: the compiler kept it a call from other modules, one per key, quote and
    /// value (~3 % of `verify`); inlined, a literal's length picks its copy at compile time.
    @inlinable @inline(__always) public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= capacity, "ByteCursor: more than the bytes reserved")
        guard let start = bytes.baseAddress else { return }
        let target = UnsafeMutableRawPointer(base + count)
        let source = UnsafeRawPointer(start)
        let length = bytes.count
        // Most pieces are a few bytes (a key, a separator): two overlapping words, not a call
        // to memmove (which a byte loop becomes).
        if length >= 8, length <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8,
                as: UInt64.self)
        } else if length >= 4, length < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self), toByteOffset: length - 4,
                as: UInt32.self)
        } else if length < 4 {
            if length > 0 { target.storeBytes(of: start[0], as: UInt8.self) }
            if length > 1 { target.storeBytes(of: start[1], toByteOffset: 1, as: UInt8.self) }
            if length > 2 { target.storeBytes(of: start[2], toByteOffset: 2, as: UInt8.self) }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        writtenCount += length
    }

    /// A literal's bytes (`", "`, a JSON key).
    @inlinable @inline(__always) public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// A string's UTF-8 (copied in one piece).
    @inlinable public mutating func append(text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `count` copies of `byte` (indentation, padding). Always inlined: a JSON key's
    /// indentation was a call for each of tens of millions (`tax -O json` at 1M).
    @inlinable @inline(__always) public mutating func append(_ byte: UInt8, count repeated: Int) {
        precondition(count + repeated <= capacity, "ByteCursor: more than the bytes reserved")
        if repeated >= 8, repeated <= 16 {
            // Indentation: two overlapping words of the byte, not a call to memset.
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            let target = UnsafeMutableRawPointer(base + count)
            target.storeBytes(of: word, as: UInt64.self)
            target.storeBytes(of: word, toByteOffset: repeated - 8, as: UInt64.self)
        } else if repeated >= 4, repeated < 8 {
            // A JSON key's indentation at depth 1 to 2, likewise (two words of four).
            let word = UInt32(byte) &* 0x0101_0101
            let target = UnsafeMutableRawPointer(base + count)
            target.storeBytes(of: word, as: UInt32.self)
            target.storeBytes(of: word, toByteOffset: repeated - 4, as: UInt32.self)
        } else {
            (base + count).update(repeating: byte, count: repeated)
        }
        writtenCount += repeated
    }

    /// A copy of the bytes written at `range` appended (a number written again).
    @inlinable public mutating func append(copyOf range: Range<Int>) {
        precondition(range.upperBound <= count, "ByteCursor: copying past what was written")
        append(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Drops the last `k` bytes written.
    @inlinable public mutating func removeLast(_ k: Int) {
        precondition(k <= count, "ByteCursor: removing more than was written")
        writtenCount -= k
    }

    /// The byte `offset` places from the start of what was written.
    @inlinable public subscript(offset: Int) -> UInt8 {
        get { base[offset] }
        set {
            precondition(offset < count, "ByteCursor: past what was written")
            base[offset] = newValue
        }
    }
}

/// Writes at most `limit` bytes through a cursor on the stack (the heap when large) and hands
/// them to `use` once: many small pieces, one append to the destination.
@inlinable public func withBytes<Result>(
    atMost limit: Int, _ write: (inout ByteCursor) -> Void, then use: (UnsafeBufferPointer<UInt8>) -> Result
) -> Result {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: limit) { buffer in
        var cursor = ByteCursor(base: buffer.baseAddress!, capacity: limit)
        write(&cursor)
        return use(cursor.written)
    }
}

extension Array where Element == UInt8 {
    /// What `write` writes (at most `limit` bytes) through one cursor, straight where the new
    /// array keeps it: many pieces with no copy through a buffer of their own, as
    /// ``append(atMost:_:)`` makes of each (a part of a report of a million disposals).
    @inlinable public init(atMost limit: Int, _ write: (inout ByteCursor) -> Void) {
        self.init(unsafeUninitializedCapacity: limit) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            var cursor = ByteCursor(base: base, capacity: limit)
            write(&cursor)
            count = cursor.count
        }
    }

    /// Appends what `write` writes (at most `limit` bytes) in one piece.
    @inlinable public mutating func append(atMost limit: Int, _ write: (inout ByteCursor) -> Void) {
        withBytes(atMost: limit, write) { append(contentsOf: $0) }
    }
}
