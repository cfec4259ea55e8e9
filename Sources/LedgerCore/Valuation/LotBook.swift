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
    /// Lots restored from a snapshot and not needed yet (then `storage` is empty): decoded by
    /// the first change.
    private var packed: PackedLots?

    public init(method: BookingMethod) {
        self.method = method
    }

    /// A book holding `lots`, already in acquisition order (a snapshot being restored).
    public init(method: BookingMethod, lots: [Lot]) {
        self.method = method
        storage = lots
    }

    /// A book restored from a snapshot, its lots still packed.
    init(method: BookingMethod, packed: PackedLots) {
        self.method = method
        self.packed = packed
    }

    public var lots: ArraySlice<Lot> { packed.map { ArraySlice($0.decode()) } ?? storage[head...] }
    public var quantity: ExactDecimal { packed?.quantity ?? lots.reduce(.zero) { $0 + $1.quantity } }
    public var cost: ExactDecimal { packed?.cost ?? lots.reduce(.zero) { $0 + $1.cost } }
    public var isEmpty: Bool { packed.map { $0.count == 0 } ?? (head == storage.count) }

    /// The lots in the snapshot encoding, with their totals (copied as they are when still
    /// packed).
    func pack(to out: inout [UInt8]) -> (count: Int, quantity: ExactDecimal, cost: ExactDecimal) {
        if let packed {
            out += packed.bytes
            return (packed.count, packed.quantity, packed.cost)
        }
        PackedLots.encode(lots, to: &out)
        return (lots.count, quantity, cost)
    }

    /// Decodes packed lots before a change.
    private mutating func unpack() {
        guard let packed else { return }
        storage = packed.decode()
        head = 0
        self.packed = nil
    }

    /// Adds a lot at its place in acquisition order (average cost merges it into the pool,
    /// keeping the earliest acquisition date).
    public mutating func add(_ lot: Lot) {
        guard lot.quantity.isPositive else { return }
        unpack()
        if method == .average, !isEmpty {
            var pooled = storage[head]
            pooled = Lot(source: pooled.source, acquired: min(pooled.acquired, lot.acquired),
                         quantity: pooled.quantity + lot.quantity, cost: pooled.cost + lot.cost)
            // (average cost: the pool's unit cost is recomputed from its new totals)
            storage[head] = pooled
            return
        }
        var lot = lot
        if method == .hifo { lot.fixUnitCost() }
        var index = storage.count
        while index > head, storage[index - 1].acquired > lot.acquired { index -= 1 }
        storage.insert(lot, at: index)
    }

    /// Takes `quantity` from the lots the method chooses.
    public mutating func reduce(_ quantity: ExactDecimal) -> Reduction {
        unpack()
        var reduction = Reduction()
        var remaining = quantity
        while remaining.isPositive, !isEmpty {
            let index = nextIndex()
            let part = min(remaining, storage[index].quantity)
            reduction.pieces.append(storage[index].take(part))
            remaining -= part
            if !storage[index].quantity.isPositive { remove(at: index) }
        }
        reduction.uncovered = remaining
        compactIfSparse()
        return reduction
    }

    /// Multiplies every open quantity by `numerator / denominator`; costs stay. The position's
    /// total is scaled once and the last lot takes what the other lots' scaled quantities leave,
    /// so a 1:3 reverse split of three lots of 1 holds exactly 1, not 0.999999999999999999.
    /// Everything rounds toward zero at 10⁻¹⁸ (as the held-quantity check does): the sum of
    /// rounded-down parts never exceeds the rounded-down total, so no lot goes negative.
    public mutating func split(numerator: ExactDecimal, denominator: ExactDecimal) {
        unpack()
        guard !isEmpty else { return }
        let total = Self.scaled(quantity, numerator, denominator)
        var scaled = ExactDecimal.zero
        for index in head..<storage.count {
            let lot = storage[index]
            let quantity = index == storage.count - 1 ? total - scaled : Self.scaled(lot.quantity, numerator, denominator)
            scaled += quantity
            storage[index] = Lot(source: lot.source, acquired: lot.acquired, quantity: quantity, cost: lot.cost,
                                 unitCost: lot.unitCost * denominator / numerator)
        }
    }

    /// quantity × numerator ÷ denominator, rounded toward zero.
    static func scaled(_ quantity: ExactDecimal, _ numerator: ExactDecimal, _ denominator: ExactDecimal) -> ExactDecimal {
        quantity.multiplied(by: numerator, rounding: .towardZero).divided(by: denominator, rounding: .towardZero)
    }

    private func nextIndex() -> Int {
        switch method {
        case .fifo, .average: return head
        case .lifo: return storage.count - 1
        case .hifo:
            var best = head
            for index in (head + 1)..<max(storage.count, head + 1) where storage[index].unitCost > storage[best].unitCost {
                best = index
            }
            return best
        }
    }

    private mutating func remove(at index: Int) {
        if index == head { head += 1 } else { storage.remove(at: index) }
    }

    private mutating func compactIfSparse() {
        if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
