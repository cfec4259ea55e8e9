/// A quantity with its total cost, from which parts are taken at their proportion of the cost
/// (an acquisition being matched, a section 104 pool). The part taken last takes what is left,
/// so the costs taken and the cost left always add up to the costs put in, exactly.
public struct CostedQuantity: Hashable, Sendable {
    public internal(set) var quantity: ExactDecimal = .zero
    public internal(set) var cost: ExactDecimal = .zero
    public internal(set) var complete = true

    mutating func add(quantity more: ExactDecimal, cost moreCost: ExactDecimal, complete known: Bool) {
        quantity += more
        cost += moreCost
        complete = complete && known
    }

    /// Takes `part` (at most ``quantity``) and returns its cost.
    mutating func take(_ part: ExactDecimal) -> ExactDecimal {
        guard part < quantity else {
            let all = cost
            (quantity, cost) = (.zero, .zero)
            return all
        }
        let taken = cost * part / quantity
        quantity -= part
        cost -= taken
        return taken
    }

    /// Splits and consolidations: the quantity changes, the cost does not.
    mutating func scale(numerator: ExactDecimal, denominator: ExactDecimal) {
        quantity = quantity * numerator / denominator
    }
}
