/// One watched symbol with what the cache knows of it.
public struct WatchedCoin: Hashable, Sendable {
    public let symbol: AssetSymbol
    /// From the latest cached top list, when the coin is in it.
    public let entry: TopListEntry?
    /// Else the latest cached price.
    public let price: PriceObservation?

    public init(symbol: AssetSymbol, entry: TopListEntry?, price: PriceObservation?) {
        self.symbol = symbol
        self.entry = entry
        self.price = price
    }
}
