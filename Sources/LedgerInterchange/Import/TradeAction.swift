import LedgerCore

/// How an exchange trade becomes an event action, exactly.
///
/// A trade of `base` against `quote` is a `buy`/`sell` of the base in the quote. Its price is
/// the unit price quote ÷ base when that division is exact (such an event stays record
/// version 1); otherwise the event keeps the quote
/// amount itself as its total (`@@`, record version 2), so no amount is ever rounded.
public enum TradeAction {
    public enum Side: Sendable { case buy, sell }

    /// The action for receiving (`buy`) or giving (`sell`) `base` for `quote`; quantities are
    /// taken as magnitudes.
    /// A sign against the side is refused, never dropped: a buy of -1 BTC, or a sale that
    /// pays a negative amount, is not read as its size.
    public static func make(_ side: Side, base: AssetAmount, quote: AssetAmount, field: String = "quantity")
        throws(RowError) -> EventAction
    {
        if side == .buy, base.quantity.isNegative {
            throw RowError(
                "\(field) is \(base.quantity) \(base.asset) on a buy; a buy brings the asset in, so the quantity cannot be negative"
            )
        }
        if side == .sell, quote.quantity.isNegative {
            throw RowError(
                "a sale that pays \(quote.quantity) \(quote.asset); a sale brings the quote in, so it cannot be negative"
            )
        }
        let baseQuantity = base.quantity.magnitude
        let quoteQuantity = quote.quantity.magnitude
        guard baseQuantity.isPositive else { throw RowError("\(field) is 0; a trade needs a quantity") }
        guard base.asset.symbol != quote.asset.symbol else {
            throw RowError("a trade needs two different assets, got \(base.asset) on both sides")
        }
        let baseAmount = AssetAmount(baseQuantity, base.asset)
        // A unit price only when the division is exact: 800.02 ÷ 0.3 rounds to a price whose
        // product gives 800.02 back after rounding, but it is not the price the file implies.
        let term: PriceTerm =
            quoteQuantity.dividedExactly(by: baseQuantity).map { .unit(Price($0, quote.asset.symbol)) }
            ?? .total(quoteQuantity, quote: quote.asset.symbol)
        return side == .buy ? .buy(baseAmount, price: term) : .sell(baseAmount, price: term)
    }

    /// A swap where `given` leaves and `received` arrives (converts): a buy/sell when one side
    /// is fiat, else a trade.
    public static func swap(given: AssetAmount, received: AssetAmount) throws(RowError) -> EventAction {
        if given.asset.isFiat && !received.asset.isFiat { return try make(.buy, base: received, quote: given) }
        if received.asset.isFiat && !given.asset.isFiat { return try make(.sell, base: given, quote: received) }
        guard given.quantity.isPositive || given.quantity.isNegative, !received.quantity.isZero else {
            throw RowError("a convert needs a quantity on both sides")
        }
        guard given.asset.symbol != received.asset.symbol else {
            throw RowError("a convert needs two different assets, got \(given.asset) on both sides")
        }
        return .trade(
            given: AssetAmount(given.quantity.magnitude, given.asset),
            received: AssetAmount(received.quantity.magnitude, received.asset))
    }

    /// A movement in or out of the account: deposit for a positive quantity, withdraw for a
    /// negative one.
    public static func movement(_ amount: AssetAmount, field: String = "quantity") throws(RowError) -> EventAction {
        guard !amount.quantity.isZero else { throw RowError("\(field) is 0") }
        let magnitude = AssetAmount(amount.quantity.magnitude, amount.asset)
        return amount.quantity.isPositive ? .deposit(magnitude) : .withdraw(magnitude)
    }

    /// A deposit of `amount`, which a row's type says comes in: a negative quantity
    /// contradicts the type and is refused.
    public static func inflow(_ amount: AssetAmount, field: String = "quantity") throws(RowError) -> EventAction {
        guard !amount.quantity.isNegative else {
            throw RowError(
                "\(field) is \(amount.quantity) \(amount.asset) on a deposit; a deposit brings the asset in, so it cannot be negative"
            )
        }
        return .deposit(amount)
    }

    /// Income of `amount`, valued at `value` (per unit, or the total) when the file gives one. Income brings the
    /// asset in: a negative quantity is refused.
    public static func income(_ amount: AssetAmount, _ kind: IncomeKind, value: PriceTerm? = nil) throws(RowError)
        -> EventAction
    {
        guard !amount.quantity.isZero else { throw RowError("the reward's quantity is 0") }
        guard amount.quantity.isPositive else {
            throw RowError(
                "the reward's quantity is \(amount.quantity); income brings the asset in, so it cannot be negative")
        }
        return .income(AssetAmount(amount.quantity.magnitude, amount.asset), kind: kind, value: value)
    }
}
