/// A coin's share of a total market capitalisation, and which total it is of: the whole
/// market (a source's global figure) or only the coins of a cached top list.
public struct MarketShare: Hashable, Sendable {
    public enum Basis: Hashable, Sendable {
        /// The whole crypto market as `source` reports it (CoinGecko `/global`).
        case wholeMarket(source: String)
        /// The sum of the market caps of the `count` coins of a top list.
        case topList(count: Int)
    }

    /// In percent (`51.2` is 51.2 %).
    public let percent: ExactDecimal
    public let total: ExactDecimal
    public let basis: Basis

    /// Nil when either figure is missing or the total is not positive.
    public init?(marketCap: ExactDecimal?, total: ExactDecimal?, basis: Basis) {
        guard let marketCap, let total, total.isPositive else { return nil }
        percent = marketCap * ExactDecimal(100) / total
        self.total = total
        self.basis = basis
    }

    /// The share of the sum of the list's market caps (what is known offline).
    public static func ofTopList(_ entry: TopListEntry, in list: TopList) -> MarketShare? {
        let caps = list.entries.compactMap(\.marketCap)
        return MarketShare(marketCap: entry.marketCap, total: caps.sum(), basis: .topList(count: caps.count))
    }
}
