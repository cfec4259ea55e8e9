/// What a buy or a sell was priced at: a unit price (`@ 30000`), or the total the source gave
/// (`@@ 100`, a CSV subtotal or total column).
///
/// A total is kept as given: the quote moves by exactly that amount, and the unit price is
/// derived from it only for display. ``quoteAmount(for:)`` is the one place every consumer
/// (the replay, the held-quantity check, the journals) asks what the quote moves by.
public enum PriceTerm: Hashable, Sendable, CustomStringConvertible {
    /// A price per unit: the quote moves by quantity × price, rounded half to even at 10⁻¹⁸.
    case unit(Price)
    /// The total: the quote moves by exactly `amount` of `quote`.
    case total(ExactDecimal, quote: AssetSymbol)

    /// The currency (or asset) the price or total is in.
    public var quote: AssetSymbol {
        switch self {
        case .unit(let price): price.currency
        case .total(_, let quote): quote
        }
    }

    /// The number that was given: the unit price, or the total.
    public var givenAmount: ExactDecimal {
        switch self {
        case .unit(let price): price.amount
        case .total(let amount, _): amount
        }
    }

    /// The total, when the total is what was given.
    public var total: ExactDecimal? {
        if case .total(let amount, _) = self { return amount }
        return nil
    }

    /// What the quote moves by for `quantity`: the total when it was given, else
    /// quantity × unit price (rounded half to even at 10⁻¹⁸).
    public func quoteAmount(for quantity: ExactDecimal) -> ExactDecimal {
        switch self {
        case .unit(let price): quantity * price.amount
        case .total(let amount, _): amount
        }
    }

    /// The unit price: as given, or derived from the total (total ÷ quantity, rounded half to
    /// even at 10⁻¹⁸) for display and for the record's `price` field. Never used for money.
    public func unitPrice(for quantity: ExactDecimal) -> Price {
        switch self {
        case .unit(let price): price
        case .total(let amount, let quote): Price(amount / quantity, quote)
        }
    }

    /// `@ 30000 USD` or `@@ 100 USD`, as `add` takes them.
    public var description: String {
        switch self {
        case .unit(let price): "@ \(price)"
        case .total(let amount, let quote): "@@ \(amount) \(quote)"
        }
    }
}
