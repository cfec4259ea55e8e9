/// One asset's price effect over a report period: what was held at the start, valued at the
/// start price and at the end price. Buys and sells during the period are flows, not price
/// effect, and are left out.
public struct Mover: Hashable, Sendable {
    public let asset: AssetSymbol
    /// Quantity held at the close of the base day.
    public let quantity: ExactDecimal
    /// Price observed on the base day.
    public let startPrice: ExactDecimal
    /// Latest price at or before as-of.
    public let endPrice: ExactDecimal
    /// quantity × (end price − start price).
    public var effect: ExactDecimal { quantity * (endPrice - startPrice) }
    /// The price change in percent (nil when the start price is zero).
    public var percent: ExactDecimal? {
        startPrice.isPositive ? (endPrice - startPrice) * 100 / startPrice : nil
    }
}

extension PeriodReport {
    /// Every asset held at the start (but the report currency) ranked by the size of its price
    /// effect, largest first, ties by symbol; and those that cannot be ranked for want of a price.
    static func movers(
        held: [AssetSymbol: ExactDecimal], period: ReportPeriod, prices: PriceTable,
        options: ValuationOptions
    ) -> (movers: [Mover], unranked: [AssetSymbol]) {
        let baseClose = period.baseDay.startOfDay.adding(seconds: 86_399)
        var movers: [Mover] = []
        var unranked: [AssetSymbol] = []
        for (asset, quantity) in held where asset != options.currency {
            guard
                let start = dayPrice(
                    asset, on: period.baseDay, at: baseClose, last: false, prices: prices, currency: options.currency),
                let end = prices.price(of: asset, in: options.currency, at: options.asOf)?.value
            else {
                unranked.append(asset)
                continue
            }
            movers.append(Mover(asset: asset, quantity: quantity, startPrice: start, endPrice: end))
        }
        movers.sort { ($0.effect.magnitude, $1.asset) > ($1.effect.magnitude, $0.asset) }
        return (movers, unranked.sorted())
    }
}
