import LedgerCore

extension CoinGeckoSource {
    /// The coins of CoinGecko's coin list (`/coins/list`, cached like the symbol mapping) whose
    /// symbol is `asset`: empty when no coin goes by it. Classification asks this.
    public func coins(withSymbol asset: AssetSymbol) throws(MarketDataError) -> [CoinListEntry] {
        try symbols.coinList().filter { $0.symbol.uppercased() == asset.text }
    }
}
