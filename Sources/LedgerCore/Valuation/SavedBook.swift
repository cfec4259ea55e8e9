/// One book's open lots as a snapshot keeps them, with their totals. LedgerStore's
/// `SnapshotCodec` writes and reads the bytes; Core only keeps a restored book's lots
/// ``Lots/encoded(_:decode:)`` until an event touches it: after one `add` on a long history,
/// `portfolio` decodes one book, not the hundreds of thousands of lots of every asset.
public struct SavedBook: Sendable {
    /// The lots: decoded, or still in the bytes they were restored from, with the codec's
    /// decoder (a saved state copies those bytes through as they are).
    public enum Lots: Sendable {
        case decoded(ArraySlice<Lot>)
        case encoded(ArraySlice<UInt8>, decode: @Sendable (ArraySlice<UInt8>, Int) -> [Lot])
    }

    public let count: Int
    public let quantity: ExactDecimal
    public let cost: ExactDecimal
    /// How many of the lots have an incomplete cost.
    public let incomplete: Int
    public let lots: Lots

    public init(count: Int, quantity: ExactDecimal, cost: ExactDecimal, incomplete: Int, lots: Lots) {
        self.count = count
        self.quantity = quantity
        self.cost = cost
        self.incomplete = incomplete
        self.lots = lots
    }

    /// The lots, in acquisition order.
    func decode() -> [Lot] {
        switch lots {
        case .decoded(let lots): Array(lots)
        case .encoded(let bytes, let decode): decode(bytes, count)
        }
    }
}
