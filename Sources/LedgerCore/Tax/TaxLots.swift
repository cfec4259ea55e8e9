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
/// lot's order, so the earliest lot wins a tie, as a scan from the front would pick. An
/// account's next lot (basis per wallet, transfers) comes from that account's own heap, so a
/// sale does not scan the account's lots whenever the highest of all is another account's.
/// FIFO's and LIFO's next lot of an account (``first(in:)``, ``last(in:)``) comes from that
/// account's positions in order (``AccountPositions``), kept the same way, instead of a scan
/// past the other accounts' lots.
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
    /// Each asked account's heap (its lots only), kept and dropped with ``heap``.
    private var accountHeaps: [Int32: HighestUnitCost] = [:]
    /// FIFO and LIFO: each asked account's positions, kept and dropped with ``heap``.
    private var accountPositions: [Int32: AccountPositions] = [:]
    /// Whether any index of positions or unit costs is kept.
    private var indexed: Bool { heap != nil || !accountHeaps.isEmpty || !accountPositions.isEmpty }

    init(_ lots: [TaxLot] = []) {
        storage = lots
        isHeld = Array(repeating: true, count: lots.count)
        count = lots.count
    }

    /// Room for `count` lots in all (see ``TaxLotMatching/init(method:washSales:perWalletFrom:purchases:acquisitions:)``).
    mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
        isHeld.reserveCapacity(count)
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
            if indexed,
                storage[position].unitCost != newValue.unitCost || storage[position].account != newValue.account
            {
                dropIndexes()
            }
            storage[position] = newValue
        }
    }

    /// Takes `quantity` of the lot at `position` in place and returns its share of the cost:
    /// the lot's account, unit cost and place stay, so every index stays (through the
    /// subscript, the lot was copied out, checked against the indexes and copied back).
    mutating func take(_ quantity: ExactDecimal, at position: Int) -> ExactDecimal {
        storage[position].held.take(quantity)
    }

    mutating func append(_ lot: TaxLot) {
        storage.append(lot)
        isHeld.append(true)
        count += 1
        heap?.push(storage.count - 1, storage)
        if !accountHeaps.isEmpty { accountHeaps[lot.account]?.push(storage.count - 1, storage) }
        if !accountPositions.isEmpty { accountPositions[lot.account]?.positions.append(storage.count - 1) }
    }

    /// Puts `lot` before the lot at `index` (or last, at the end).
    mutating func insert(_ lot: TaxLot, at index: Int) {
        guard index < storage.count else { return append(lot) }
        storage.insert(lot, at: index)
        isHeld.insert(true, at: index)
        count += 1
        if index < head { head = index }
        dropIndexes()
    }

    /// Changes every lot (a split): HIFO's heap is built again when next asked.
    mutating func updateEach(_ change: (inout TaxLot) -> Void) {
        for index in head..<storage.count where isHeld[index] { change(&storage[index]) }
        dropIndexes()
    }

    /// Changes every lot in place and takes out those `change` returns false for (the
    /// allocation at the switch), in one pass: what is left is as ``init(_:)`` of the kept
    /// lots would make it.
    mutating func updateOrRemoveEach(_ change: (inout TaxLot) -> Bool) {
        var removed = false
        for index in head..<storage.count where isHeld[index] {
            guard !change(&storage[index]) else { continue }
            isHeld[index] = false
            count -= 1
            removed = true
        }
        if removed { compact() } else { dropIndexes() }
    }

    /// Takes one lot out: it is marked gone (the last ones are dropped at once), and the gone
    /// ones are dropped once they are half the array.
    mutating func remove(at index: Int) {
        isHeld[index] = false
        count -= 1
        if index == head { head = self.index(after: head) }
        if heap == nil, accountHeaps.isEmpty, !isHeld[storage.count - 1] {
            // LIFO takes from the end: the array shrinks (HIFO's heaps may still hold the
            // position), and so do the accounts' positions, whose last ones are the largest.
            while storage.count > head, !isHeld[storage.count - 1] {
                storage.removeLast()
                isHeld.removeLast()
            }
            var account = accountPositions.startIndex
            while account != accountPositions.endIndex {
                accountPositions.values[account].drop(from: storage.count)
                accountPositions.formIndex(after: &account)
            }
        }
        let gone = storage.count - count
        if gone >= 64, gone * 2 >= storage.count { compact() }
    }

    /// HIFO: the held lot with the highest unit cost (the earliest of equals), of all lots or
    /// only `account`'s.
    mutating func highest(in account: Int32?) -> Int? {
        guard count > 0 else { return nil }
        guard let account else {
            if heap == nil { heap = Self.heap(storage, Array(indices)) }
            return Self.top(&heap!, storage, isHeld)
        }
        if accountHeaps[account] == nil {
            accountHeaps[account] = Self.heap(storage, indices.filter { storage[$0].account == account })
        }
        return Self.top(&accountHeaps[account]!, storage, isHeld)
    }

    /// FIFO per account: `account`'s first held lot.
    mutating func first(in account: Int32) -> Int? {
        guard count > 0 else { return nil }
        makePositions(of: account)
        return accountPositions[account]!.first(held: isHeld)
    }

    /// LIFO per account: `account`'s last held lot.
    mutating func last(in account: Int32) -> Int? {
        guard count > 0 else { return nil }
        makePositions(of: account)
        return accountPositions[account]!.last(held: isHeld)
    }

    /// `account`'s positions, made when first asked (one scan; then kept as lots are added).
    private mutating func makePositions(of account: Int32) {
        guard accountPositions[account] == nil else { return }
        accountPositions[account] = AccountPositions(positions: indices.filter { storage[$0].account == account })
    }

    /// A heap of the lots at `positions`.
    private static func heap(_ storage: [TaxLot], _ positions: [Int]) -> HighestUnitCost {
        var built = HighestUnitCost()
        built.rebuild(storage, indices: positions)
        return built
    }

    /// The heap's highest held lot, the gone ones on top popped on the way (nil: none held).
    private static func top(_ heap: inout HighestUnitCost, _ storage: [TaxLot], _ isHeld: [Bool]) -> Int? {
        while !heap.isEmpty, !isHeld[heap.top] { heap.pop(storage) }
        return heap.isEmpty ? nil : heap.top
    }

    /// Positions, accounts or unit costs changed: the heaps and the accounts' positions are
    /// made again when next asked.
    private mutating func dropIndexes() {
        heap = nil
        accountHeaps.removeAll()
        accountPositions.removeAll()
    }

    /// Drops the gone lots in place, keeping the arrays' room: a new array of only the held
    /// lots grew again, by copying, with the next appends (the copies into fresh memory were
    /// half of appending a lot at a million trades).
    private mutating func compact() {
        var kept = 0
        for index in head..<storage.count where isHeld[index] {
            if index != kept { storage.swapAt(kept, index) }
            kept += 1
        }
        storage.removeLast(storage.count - kept)
        isHeld.removeLast(isHeld.count - kept)
        for index in isHeld.indices { isHeld[index] = true }
        head = 0
        dropIndexes()
    }
}

/// One account's lots (FIFO, LIFO per account): their positions in ``TaxLots``, in order. The
/// gone ones are skipped when they come to the front (FIFO) or the back (LIFO).
struct AccountPositions {
    var positions: [Int]
    /// The first position that may still be held: the ones before it are gone.
    var front = 0

    /// The first held lot's position.
    mutating func first(held isHeld: [Bool]) -> Int? {
        while front < positions.count, !isHeld[positions[front]] { front += 1 }
        return front < positions.count ? positions[front] : nil
    }

    /// Forgets the positions from `end` on (the lots array was cut there).
    mutating func drop(from end: Int) {
        while positions.count > front, positions[positions.count - 1] >= end { positions.removeLast() }
    }

    /// The last held lot's position.
    mutating func last(held isHeld: [Bool]) -> Int? {
        while positions.count > front, !isHeld[positions[positions.count - 1]] { positions.removeLast() }
        return positions.count > front ? positions[positions.count - 1] : nil
    }
}
