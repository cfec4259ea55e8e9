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
    public let volume24h: ExactDecimal?
    public let high24h: ExactDecimal?
    public let low24h: ExactDecimal?

    public init(
        rank: Int, symbol: AssetSymbol, name: String, quote: AssetSymbol, price: ExactDecimal?,
        change24h: ExactDecimal?, change7d: ExactDecimal?, marketCap: ExactDecimal?,
        circulatingSupply: ExactDecimal?, totalSupply: ExactDecimal?, volume24h: ExactDecimal?,
        high24h: ExactDecimal?, low24h: ExactDecimal?
    ) {
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
