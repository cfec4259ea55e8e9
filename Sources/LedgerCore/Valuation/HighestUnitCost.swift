/// A lot HIFO can rank: by its unit cost, fixed while it is indexed.
protocol UnitCostRanked {
    var unitCost: ExactDecimal { get }
}

extension Lot: UnitCostRanked {}

/// HIFO's choice of lot: the indices of the open lots in a binary max-heap by unit cost, the
/// earlier lot first among equals (what a scan from the oldest lot would pick). A sale finds
/// its lot in O(log n) instead of scanning every open lot, so a long history of one asset
/// does not make each sale slower than the last. Used by the replay's ``LotBook`` and the tax
/// report's ``TaxLots``; the lots stay in their array, which the heap only indexes.
struct HighestUnitCost: Sendable {
    private var heap: [Int] = []

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }
    var top: Int { heap[0] }

    mutating func rebuild<Item: UnitCostRanked>(_ lots: [Item]) {
        rebuild(lots, indices: Array(lots.indices))
    }

    /// The heap of `indices` (positions in `lots`) only.
    mutating func rebuild<Item: UnitCostRanked>(_ lots: [Item], indices: [Int]) {
        heap = indices
        for position in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(position, lots) }
    }

    mutating func push<Item: UnitCostRanked>(_ index: Int, _ lots: [Item]) {
        heap.append(index)
        var position = heap.count - 1
        while position > 0 {
            let parent = (position - 1) / 2
            guard Self.ranks(heap[position], above: heap[parent], lots) else { break }
            heap.swapAt(position, parent)
            position = parent
        }
    }

    mutating func pop<Item: UnitCostRanked>(_ lots: [Item]) {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        if !heap.isEmpty { siftDown(0, lots) }
    }

    private mutating func siftDown<Item: UnitCostRanked>(_ start: Int, _ lots: [Item]) {
        var position = start
        while true {
            var best = position
            for child in (2 * position + 1)...(2 * position + 2)
            where child < heap.count && Self.ranks(heap[child], above: heap[best], lots) {
                best = child
            }
            guard best != position else { return }
            heap.swapAt(position, best)
            position = best
        }
    }

    private static func ranks<Item: UnitCostRanked>(_ lhs: Int, above rhs: Int, _ lots: [Item]) -> Bool {
        let left = lots[lhs].unitCost
        let right = lots[rhs].unitCost
        return left != right ? left > right : lhs < rhs
    }
}
