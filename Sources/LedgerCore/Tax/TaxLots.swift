extension TaxLot: UnitCostRanked {}

/// The open lots of one asset in the order they were opened. A lot taken out is only marked
/// gone, so removing one moves no other lot: FIFO takes from the front, and
/// `Array.remove(at: 0)` moved every other open lot on each sale, which made matching
/// quadratic in the lots held (docs/PERFORMANCE.md, "ledger tax"); HIFO takes from anywhere.
/// The gone lots are dropped once they are half the array. Indices are positions in that
/// array: they skip the gone lots, and stay valid until a lot is inserted or the array is
/// compacted.
///
/// HIFO's next lot (``highest(in:)``) comes from a ``HighestUnitCost`` heap of the positions,
/// built when first asked and kept as lots are appended and taken: a position's order is its
/// lot's order, so the earliest lot wins a tie, as a scan from the front would pick.
struct TaxLots: BidirectionalCollection, MutableCollection {
    private var storage: [TaxLot] = []
    /// Whether each lot of ``storage`` is still held.
    private var isHeld: [Bool] = []
    /// The first held lot (or the end): the ones before it are gone.
    private var head = 0
    private(set) var count = 0
    /// HIFO's heap; nil until asked, and again when positions or unit costs changed (rebuilt
    /// at the next ask). It may still hold gone lots, skipped when they come to the top.
    private var heap: HighestUnitCost?

    init(_ lots: [TaxLot] = []) {
        storage = lots
        isHeld = Array(repeating: true, count: lots.count)
        count = lots.count
    }

    var startIndex: Int { head }
    var endIndex: Int { storage.count }

    func index(after position: Int) -> Int {
        var next = position + 1
        while next < storage.count, !isHeld[next] { next += 1 }
        return next
    }

    func index(before position: Int) -> Int {
        var previous = position - 1
        while !isHeld[previous] { previous -= 1 }
        return previous
    }

    subscript(position: Int) -> TaxLot {
        get { storage[position] }
        set {
            if heap != nil, storage[position].unitCost != newValue.unitCost { heap = nil }
            storage[position] = newValue
        }
    }

    mutating func append(_ lot: TaxLot) {
        storage.append(lot)
        isHeld.append(true)
        count += 1
        heap?.push(storage.count - 1, storage)
    }

    /// Puts `lot` before the lot at `index` (or last, at the end).
    mutating func insert(_ lot: TaxLot, at index: Int) {
        guard index < storage.count else { return append(lot) }
        storage.insert(lot, at: index)
        isHeld.insert(true, at: index)
        count += 1
        if index < head { head = index }
        heap = nil
    }

    /// Changes every lot (a split): HIFO's heap is built again when next asked.
    mutating func updateEach(_ change: (inout TaxLot) -> Void) {
        for index in head..<storage.count where isHeld[index] { change(&storage[index]) }
        heap = nil
    }

    /// Takes one lot out: it is marked gone (the last ones are dropped at once), and the gone
    /// ones are dropped once they are half the array.
    mutating func remove(at index: Int) {
        isHeld[index] = false
        count -= 1
        if index == head { head = self.index(after: head) }
        if heap == nil {
            // LIFO takes from the end: the array shrinks (HIFO's heap may still hold the position).
            while storage.count > head, !isHeld[storage.count - 1] {
                storage.removeLast()
                isHeld.removeLast()
            }
        }
        let gone = storage.count - count
        if gone >= 64, gone * 2 >= storage.count { compact() }
    }

    /// HIFO: the held lot with the highest unit cost (the earliest of equals), of all lots or
    /// only `account`'s.
    mutating func highest(in account: String?) -> Int? {
        guard count > 0 else { return nil }
        if heap == nil {
            var built = HighestUnitCost()
            built.rebuild(storage, indices: Array(indices))
            heap = built
        }
        while !isHeld[heap!.top] { heap!.pop(storage) }
        let top = heap!.top
        guard let account, storage[top].account != account else { return top }
        // The highest of all is elsewhere: scan the account's (per-account basis, transfers).
        var best: Int?
        for index in indices where storage[index].account == account {
            if best == nil || storage[index].unitCost > storage[best!].unitCost { best = index }
        }
        return best
    }

    private mutating func compact() {
        let kept = Array(self)
        storage = kept
        isHeld = Array(repeating: true, count: kept.count)
        head = 0
        heap = nil
    }
}
