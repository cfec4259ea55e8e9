/// Bytes kept from one use to the next: a part of a long report written over the memory of a
/// part handed on before it (``SecondCore/inOrder(_:reusing:consume:)``). Each part of
/// `ledger tax -O json` in an array of its own wrote 690 MB into fresh pages at a million
/// trades: 90k page faults, ~40 % of the command's (docs/PERFORMANCE.md, "ledger tax").
/// Only the bytes written are ever touched, so the room reserved may be generous.
public final class ReusableBytes {
    private var base: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// How many bytes the last ``write(atMost:_:)`` wrote.
    public private(set) var count = 0

    public init() {}

    deinit { base?.deallocate() }

    /// What `write` writes (at most `limit` bytes) in place of what was here.
    public func write(atMost limit: Int, _ write: (inout ByteCursor) -> Void) {
        if capacity < limit || base == nil {
            base?.deallocate()
            // A quarter more: the next part, a little longer, fits in the pages this one touched.
            capacity = max(limit + limit / 4, 1)
            base = .allocate(capacity: capacity)
        }
        // Set by the branch above.
        guard let base else { return }
        var cursor = ByteCursor(base: base, capacity: limit)
        write(&cursor)
        count = cursor.count
    }

    /// The bytes of the last ``write(atMost:_:)``.
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
