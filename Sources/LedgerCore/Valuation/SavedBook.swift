/// One book's open lots as a snapshot keeps them, with their totals. LedgerStore's
/// `SnapshotCodec` writes and reads the bytes; Core keeps a restored book's lots
/// ``Lots/encoded(_:decode:)`` or ``Lots/deferred(_:)`` until an event needs them: after one
/// `add` on a long history, `portfolio` reads no lots for a buy and one book's for a sale, not
/// the hundreds of thousands of lots of every asset.
public struct SavedBook: Sendable {
    /// The lots: decoded, still in the bytes they were restored from (with the codec's
    /// decoder; a saved state copies those bytes through as they are), or not read yet.
    public enum Lots: Sendable {
        case decoded(ArraySlice<Lot>)
        case encoded(ArraySlice<UInt8>, decode: @Sendable (ArraySlice<UInt8>, Int) -> [Lot])
        /// Read when first needed (a snapshot's lots section): the lots, decoded or encoded.
        /// When they cannot be read it gives none, and the reader says so to whoever restored
        /// the state (which must then not use it).
        case deferred(@Sendable () -> Lots)
    }

    public let count: Int
    public let quantity: ExactDecimal
    public let cost: ExactDecimal
    /// How many of the lots have an incomplete cost.
    public let incomplete: Int
    /// The latest acquisition among the lots (the oldest time there is when none): a lot
    /// acquired at or after it goes after all of them, so a book can take it still packed.
    public let lastAcquired: Timestamp
    public let lots: Lots

    public init(
        count: Int, quantity: ExactDecimal, cost: ExactDecimal, incomplete: Int, lastAcquired: Timestamp, lots: Lots
    ) {
        self.count = count
        self.quantity = quantity
        self.cost = cost
        self.incomplete = incomplete
        self.lastAcquired = lastAcquired
        self.lots = lots
    }

    /// The lots, in acquisition order.
    func decode() -> [Lot] { Self.decode(lots, count) }

    private static func decode(_ lots: Lots, _ count: Int) -> [Lot] {
        switch lots {
        case .decoded(let lots): Array(lots)
        case .encoded(let bytes, let decode): decode(bytes, count)
        case .deferred(let load): decode(load(), count)
        }
    }
}
