import LedgerCore
import LedgerInterchange

extension CoinGeckoSource {
    /// The total market capitalisation of every coin CoinGecko tracks, in `quote`
    /// (`/global`: `data.total_market_cap.<quote>`), for a coin's share of the whole market.
    public func totalMarketCap(in quote: AssetSymbol) throws(MarketDataError) -> ExactDecimal {
        let json = try endpoint.json("/global")
        try check(json)
        guard let caps = json["data"]?["total_market_cap"] else {
            throw endpoint.badShape("/global has no data.total_market_cap")
        }
        guard let total = caps[quote.text.lowercased()]?.decimal else {
            throw .unknownSymbol(source: name, symbol: quote.text)
        }
        return total
    }
}
