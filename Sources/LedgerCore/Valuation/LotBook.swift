/// What a reduction took: the lot pieces, oldest first in the order taken, and what could not
/// be covered by open lots.
public struct Reduction: Sendable {
    public var pieces: [Lot] = []
    /// The quantity asked for beyond what the lots held (0 when covered).
    public var uncovered: ExactDecimal = .zero
}

/// The open lots of one asset in one position, kept in acquisition order, reduced by a
/// ``BookingMethod``.
public struct LotBook: Sendable {
    public let method: BookingMethod
    /// Open lots from `head` on, in acquisition order (FIFO consumes from the front without
    /// shifting the array).
    private var storage: [Lot] = []
    private var head = 0
    /// Lots restored from a snapshot and not needed yet: decoded by the first change that
    /// needs them. Until then `storage` holds only the lots added after them (later in
    /// acquisition order), and the totals below count both.
    private var packed: SavedBook?
    /// HIFO only: which lots of `storage` are still open (a lot HIFO empties stays in place,
    /// so taking from the middle does not shift the rest), and ``highest``, their indices.
    private var open: [Bool] = []
    private var highest = HighestUnitCost()
    /// The open lots' totals, kept as lots come and go: reports ask for them per position
    /// (per day, in a period report), and summing every lot each time grew with the history.
    private var openQuantity = ExactDecimal.zero
    private var openCost = ExactDecimal.zero
    /// How many open lots have an incomplete cost (a missing price).
    private var openIncomplete = 0

    public init(method: BookingMethod) {
        self.method = method
    }

    /// A book holding `lots`, already in acquisition order (a snapshot being restored).
    public init(method: BookingMethod, lots: [Lot]) {
        self.method = method
        storage = lots
        reindex()
        recount()
    }

    /// A book restored from a snapshot, its lots still packed.
    init(method: BookingMethod, saved: SavedBook) {
        self.method = method
        packed = saved
        (openQuantity, openCost, openIncomplete) = (saved.quantity, saved.cost, saved.incomplete)
    }

    public var lots: ArraySlice<Lot> {
        if let packed { return ArraySlice(packed.decode() + storage) }
        guard method == .hifo, highest.count < storage.count else { return storage[head...] }
        return ArraySlice(storage.indices.filter { open[$0] }.map { storage[$0] })
    }

    public var quantity: ExactDecimal { openQuantity }
    public var cost: ExactDecimal { openCost }
    /// False when an open lot's cost could not be fully valued: ``cost`` is the known part.
    public var costComplete: Bool { openIncomplete == 0 }
    public var isEmpty: Bool {
        if let packed { return packed.count == 0 && storage.isEmpty }
        return method == .hifo ? highest.isEmpty : head == storage.count
    }

    /// The open lots as a snapshot keeps them (still encoded when never unpacked and nothing
    /// was added).
    var saved: SavedBook {
        if let packed, storage.isEmpty { return packed }
        let lots = lots
        let last = lots.reduce(Timestamp(secondsSinceEpoch: Int64.min)) { max($0, $1.acquired) }
        // The count the lots should have: packed lots that could not be read give fewer, which
        // the codec refuses to save.
        let count = packed.map { $0.count + storage.count } ?? lots.count
        return SavedBook(
            count: count, quantity: quantity, cost: cost, incomplete: openIncomplete, lastAcquired: last,
            lots: .decoded(lots))
    }

    /// Decodes packed lots before a change that needs them, the lots added since after them.
    private mutating func unpack() {
        guard let packed else { return }
        storage = packed.decode() + storage
        head = 0
        self.packed = nil
        reindex()
    }

    /// Adds a lot to a book whose lots are still packed, if it goes after all of them (a buy
    /// after the snapshot): the lots stay unread. False when the book must be unpacked first.
    private mutating func appendPacked(_ lot: Lot) -> Bool {
        guard let packed, method != .average, lot.acquired >= packed.lastAcquired,
            lot.acquired >= storage.last?.acquired ?? packed.lastAcquired
        else { return false }
        var lot = lot
        if method == .hifo { lot.fixUnitCost() }
        storage.append(lot)
        openQuantity += lot.quantity
        openCost += lot.cost
        if !lot.costComplete { openIncomplete += 1 }
        return true
    }

    private mutating func recount() {
        openQuantity = lots.reduce(.zero) { $0 + $1.quantity }
        openCost = lots.reduce(.zero) { $0 + $1.cost }
        openIncomplete = lots.reduce(0) { $0 + ($1.costComplete ? 0 : 1) }
    }

    /// HIFO: drops the emptied lots and orders the open ones by unit cost again.
    private mutating func reindex() {
        guard method == .hifo else { return }
        if open.contains(false) { storage = storage.indices.filter { open[$0] }.map { storage[$0] } }
        for index in storage.indices { storage[index].fixUnitCost() }
        open = Array(repeating: true, count: storage.count)
        highest.rebuild(storage)
    }

    /// Adds a lot at its place in acquisition order (average cost merges it into the pool,
    /// keeping the earliest acquisition date).
    public mutating func add(_ lot: Lot) {
        guard lot.quantity.isPositive, !appendPacked(lot) else { return }
        unpack()
        openQuantity += lot.quantity
        openCost += lot.cost
        if method == .average, !isEmpty {
            var pooled = storage[head]
            if pooled.costComplete && !lot.costComplete { openIncomplete = 1 }
            pooled = Lot(
                source: pooled.source, acquired: min(pooled.acquired, lot.acquired),
                quantity: pooled.quantity + lot.quantity, cost: pooled.cost + lot.cost,
                costComplete: pooled.costComplete && lot.costComplete)
            // (average cost: the pool's unit cost is recomputed from its new totals)
            storage[head] = pooled
            return
        }
        var lot = lot
        if !lot.costComplete { openIncomplete += 1 }
        if method == .hifo { lot.fixUnitCost() }
        var index = storage.count
        while index > head, storage[index - 1].acquired > lot.acquired { index -= 1 }
        // Nearly every lot is the newest: an append (`insert` at the end went through the
        // generic `replaceSubrange`).
        if index == storage.count { storage.append(lot) } else { storage.insert(lot, at: index) }
        guard method == .hifo else { return }
        open.insert(true, at: index)
        // A lot acquired before others (a transfer of old lots) shifts the indices: rare.
        if index == storage.count - 1 { highest.push(index, storage) } else { reindex() }
    }

    /// Takes `quantity` from the lots the method chooses.
    public mutating func reduce(_ quantity: ExactDecimal) -> Reduction {
        var pieces: [Lot] = []
        let uncovered = reduce(quantity) { pieces.append($0) }
        return Reduction(pieces: pieces, uncovered: uncovered)
    }

    /// Takes `quantity` from the lots the method chooses, handing each piece taken to `taken`
    /// in order, and returns what the lots did not cover (a replay that keeps no disposal
    /// pieces needs only their totals, not an array of them).
    public mutating func reduce(_ quantity: ExactDecimal, taking taken: (Lot) -> Void) -> ExactDecimal {
        unpack()
        var remaining = quantity
        while remaining.isPositive, !isEmpty {
            let index = nextIndex()
            let part = min(remaining, storage[index].quantity)
            let piece = storage[index].take(part)
            taken(piece)
            openQuantity -= piece.quantity
            openCost -= piece.cost
            remaining -= part
            if !storage[index].quantity.isPositive {
                if !storage[index].costComplete { openIncomplete -= 1 }
                remove(at: index)
            }
        }
        compactIfSparse()
        return remaining
    }

    /// Multiplies every open quantity by `numerator / denominator`; costs stay. The position's
    /// total is scaled once and the last lot takes what the other lots' scaled quantities leave,
    /// so a 1:3 reverse split of three lots of 1 holds exactly 1, not 0.999999999999999999.
    /// Everything rounds toward zero at 10⁻¹⁸ (as the held-quantity check does): the sum of
    /// rounded-down parts never exceeds the rounded-down total, so no lot goes negative.
    public mutating func split(numerator: ExactDecimal, denominator: ExactDecimal) {
        unpack()
        reindex()
        defer {
            reindex()
            recount()
        }
        guard !isEmpty else { return }
        let total = Self.scaled(quantity, numerator, denominator)
        var scaled = ExactDecimal.zero
        for index in head..<storage.count {
            let lot = storage[index]
            let quantity =
                index == storage.count - 1 ? total - scaled : Self.scaled(lot.quantity, numerator, denominator)
            scaled += quantity
            storage[index] = Lot(
                source: lot.source, acquired: lot.acquired, quantity: quantity, cost: lot.cost,
                unitCost: lot.unitCost * denominator / numerator, costComplete: lot.costComplete)
        }
    }

    /// quantity × numerator ÷ denominator, rounded toward zero.
    static func scaled(_ quantity: ExactDecimal, _ numerator: ExactDecimal, _ denominator: ExactDecimal) -> ExactDecimal
    {
        quantity.multiplied(by: numerator, rounding: .towardZero).divided(by: denominator, rounding: .towardZero)
    }

    private func nextIndex() -> Int {
        switch method {
        case .fifo, .average: head
        case .lifo: storage.count - 1
        case .hifo: highest.top
        }
    }

    private mutating func remove(at index: Int) {
        if method == .hifo {
            open[index] = false
            highest.pop(storage)
        } else if index == head {
            head += 1
        } else {
            storage.remove(at: index)
        }
    }

    private mutating func compactIfSparse() {
        if method == .hifo {
            let emptied = storage.count - highest.count
            if emptied > 64, emptied * 2 > storage.count { reindex() }
        } else if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
