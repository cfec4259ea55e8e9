/// The open lots of one asset in the order they were opened: an array whose front lots are
/// dropped without moving the others. FIFO takes from the front, and `Array.remove(at: 0)`
/// moved every other open lot on each sale, which made matching quadratic in the lots held
/// (docs/PERFORMANCE.md, "ledger tax"). Indices are positions in the whole array: they start
/// at the first open lot, and stay valid until a lot is removed.
struct TaxLots: RandomAccessCollection, MutableCollection {
    private var storage: [TaxLot] = []
    /// How many lots at the front of ``storage`` are gone.
    private var head = 0

    init(_ lots: [TaxLot] = []) { storage = lots }

    var startIndex: Int { head }
    var endIndex: Int { storage.count }
    /// A plain range: the default `DefaultIndices` holds a copy of the collection, so a loop
    /// that asked for the indices and then changed a lot copied every open lot (issue 32).
    var indices: Range<Int> { head..<storage.count }

    subscript(position: Int) -> TaxLot {
        get { storage[position] }
        set { storage[position] = newValue }
    }

    mutating func append(_ lot: TaxLot) { storage.append(lot) }

    mutating func insert(_ lot: TaxLot, at index: Int) { storage.insert(lot, at: index) }

    /// Removes one lot: the first in O(1) (the space is given back once half the array is
    /// gone), any other by moving the ones after it.
    mutating func remove(at index: Int) {
        guard index == head else {
            storage.remove(at: index)
            return
        }
        head += 1
        if head >= 64, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
