/// Decimal digits two at a time from a table: a number's text (``ExactDecimal``) and an
/// instant's (``Timestamp``, ``DayText``) write each pair as one 16-bit copy, not two divisions.
enum DigitPairs {
    /// The two digits of `value` (below 100) at `target`: one 16-bit copy from ``table``.
    @inline(__always)
    static func put(_ value: UInt32, at target: UnsafeMutablePointer<UInt8>) {
        let source = UnsafeRawPointer(table.utf8Start + 2 &* Int(value))
        UnsafeMutableRawPointer(target).storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
    }

    /// "00", "01", … "99" end to end: a literal, read in place (nothing to initialise).
    private static let table: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
