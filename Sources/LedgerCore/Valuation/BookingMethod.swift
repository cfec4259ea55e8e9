/// Which open lots a reduction (sell, trade, fee, transfer) takes. The methods differ only in
/// that choice: FIFO takes the oldest, LIFO the newest, HIFO the highest unit cost, and
/// average cost keeps one pooled lot per position so every unit costs the same.
public enum BookingMethod: String, CaseIterable, Sendable {
    case fifo, lifo, hifo, average

    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// One open lot: a quantity acquired together, with its total cost in the valuation currency
/// (fee included) and the date that counts for the holding period.
public struct Lot: Hashable, Sendable {
    /// The event that acquired it.
    public let source: EventID
    public let acquired: Timestamp
    public private(set) var quantity: ExactDecimal
    public private(set) var cost: ExactDecimal
    /// The unit cost once fixed (by a partial take, a split, HIFO booking or a snapshot); nil
    /// while the lot is whole, when it is simply cost ÷ quantity. Dividing for every lot
    /// opened cost the replay a tenth of its time, and most lots are never asked.
    private var fixedUnitCost: ExactDecimal?
    /// False when part of the cost could not be valued (a missing price): `cost` is then
    /// the known part only, and every figure built on it is incomplete.
    public let costComplete: Bool

    public init(
        source: EventID, acquired: Timestamp, quantity: ExactDecimal, cost: ExactDecimal, unitCost: ExactDecimal? = nil,
        costComplete: Bool = true
    ) {
        self.source = source
        self.acquired = acquired
        self.quantity = quantity
        self.cost = cost
        fixedUnitCost = unitCost
        self.costComplete = costComplete
    }

    /// Cost per unit when acquired (rounded half-even at 10⁻¹⁸), kept as the lot is taken
    /// from: HIFO orders by it, so rounding in partial takes never breaks a tie.
    public var unitCost: ExactDecimal {
        fixedUnitCost ?? (quantity.isPositive ? cost / quantity : .zero)
    }

    /// Fixes the unit cost now (HIFO compares it for every lot at every sale).
    mutating func fixUnitCost() {
        if fixedUnitCost == nil { fixedUnitCost = unitCost }
    }

    /// Takes `part` of the lot out. Its cost goes pro rata to quantity, except that the last
    /// piece takes exactly what is left, so a lot's pieces always add up to its cost.
    mutating func take(_ part: ExactDecimal) -> Lot {
        if part == quantity {
            defer { (quantity, cost) = (.zero, .zero) }
            return self
        }
        fixUnitCost()
        let partCost = cost * part / quantity
        quantity -= part
        cost -= partCost
        return Lot(
            source: source, acquired: acquired, quantity: part, cost: partCost, unitCost: fixedUnitCost,
            costComplete: costComplete)
    }

    public static func == (lhs: Lot, rhs: Lot) -> Bool {
        lhs.source == rhs.source && lhs.acquired == rhs.acquired && lhs.quantity == rhs.quantity
            && lhs.cost == rhs.cost && lhs.unitCost == rhs.unitCost && lhs.costComplete == rhs.costComplete
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(quantity)
        hasher.combine(cost)
    }
}
