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
    public var quantity: ExactDecimal
    public var cost: ExactDecimal
    /// Cost per unit when acquired (rounded half-even at 10⁻¹⁸), kept as the lot is taken
    /// from: HIFO orders by it, so rounding in partial takes never breaks a tie.
    public let unitCost: ExactDecimal

    public init(source: EventID, acquired: Timestamp, quantity: ExactDecimal, cost: ExactDecimal, unitCost: ExactDecimal? = nil) {
        self.source = source
        self.acquired = acquired
        self.quantity = quantity
        self.cost = cost
        self.unitCost = unitCost ?? (quantity.isPositive ? cost / quantity : .zero)
    }

    /// Takes `part` of the lot out. Its cost goes pro rata to quantity, except that the last
    /// piece takes exactly what is left, so a lot's pieces always add up to its cost.
    mutating func take(_ part: ExactDecimal) -> Lot {
        let partCost = part == quantity ? cost : cost * part / quantity
        quantity -= part
        cost -= partCost
        return Lot(source: source, acquired: acquired, quantity: part, cost: partCost, unitCost: unitCost)
    }
}
