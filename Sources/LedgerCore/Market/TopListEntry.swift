/// One line of a top-N list by market capitalisation. Every figure a source does not give is
/// nil (never zero); percentages are in percent (`-1.23` is −1.23 %).
public struct TopListEntry: Hashable, Sendable {
    public let rank: Int
    public let symbol: AssetSymbol
    public let name: String
    public let quote: AssetSymbol
    public let price: ExactDecimal?
    public let change24h: ExactDecimal?
    public let change7d: ExactDecimal?
    public let marketCap: ExactDecimal?
    public let circulatingSupply: ExactDecimal?
    public let totalSupply: ExactDecimal?
    /// The last 24 hours' traded volume in `quote` (CoinGecko's `total_volume`,
    /// CryptoCompare's `VOLUME24HOURTO`), never a count of coins.
    public let volume24h: ExactDecimal?
    public let high24h: ExactDecimal?
    public let low24h: ExactDecimal?
    /// The source's id of the coin (CoinGecko's `solana`), when the source gives one. Many
    /// coins share a symbol (Solana and Wrapped SOL are both SOL): figures are joined to a
    /// coin by this id, never by symbol alone.
    public let id: String?

    public init(
        rank: Int, symbol: AssetSymbol, name: String, quote: AssetSymbol, price: ExactDecimal?,
        change24h: ExactDecimal?, change7d: ExactDecimal?, marketCap: ExactDecimal?,
        circulatingSupply: ExactDecimal?, totalSupply: ExactDecimal?, volume24h: ExactDecimal?,
        high24h: ExactDecimal?, low24h: ExactDecimal?, id: String? = nil
    ) {
        self.id = id
        self.rank = rank
        self.symbol = symbol
        self.name = name
        self.quote = quote
        self.price = price
        self.change24h = change24h
        self.change7d = change7d
        self.marketCap = marketCap
        self.circulatingSupply = circulatingSupply
        self.totalSupply = totalSupply
        self.volume24h = volume24h
        self.high24h = high24h
        self.low24h = low24h
    }
}

extension TopListEntry {
    /// True when this entry and `result` are the same coin: the same id when both have one;
    /// otherwise the same symbol and the same name (any case), so that a coin without an id
    /// never takes the figures of another coin with its symbol.
    public func isSameCoin(as result: AssetSearchResult) -> Bool {
        if let id, !id.isEmpty, !result.id.isEmpty { return id == result.id }
        return symbol.text == result.symbol.uppercased() && name.lowercased() == result.name.lowercased()
    }
}

/// A top-N list as one source gave it at one time.
public struct TopList: Hashable, Sendable {
    public let quote: AssetSymbol
    public let source: String
    public let entries: [TopListEntry]

    public init(quote: AssetSymbol, source: String, entries: [TopListEntry]) {
        self.quote = quote
        self.source = source
        self.entries = entries
    }
}
