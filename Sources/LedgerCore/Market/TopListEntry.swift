/// One line of a top-N list by market capitalisation. Every figure a source does not give is
/// nil (never zero); percentages are in percent (`-1.23` is −1.23 %).
public struct TopListEntry: Hashable, Sendable {
    public let rank: Int
    public let symbol: AssetSymbol
    public let name: String
    public let quote: AssetSymbol
    public let price: ExactDecimal?
    /// The change over the last 24 hours (for a stock list: since the previous close).
    public let change24h: ExactDecimal?
    public let change7d: ExactDecimal?
    /// The changes over the other periods a source may give (CoinGecko gives all five).
    public let change1h: ExactDecimal?
    public let change30d: ExactDecimal?
    public let change1y: ExactDecimal?
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
        high24h: ExactDecimal?, low24h: ExactDecimal?, id: String? = nil, change1h: ExactDecimal? = nil,
        change30d: ExactDecimal? = nil, change1y: ExactDecimal? = nil
    ) {
        self.id = id
        self.change1h = change1h
        self.change30d = change30d
        self.change1y = change1y
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
    /// The change over `period`, when the source gave it.
    public func change(_ period: ChangePeriod) -> ExactDecimal? {
        switch period {
        case .hour: change1h
        case .day: change24h
        case .week: change7d
        case .month: change30d
        case .year: change1y
        }
    }

    /// True when this entry and `result` are the same coin: the same id when both have one;
    /// otherwise the same symbol and the same name (any case), so that a coin without an id
    /// never takes the figures of another coin with its symbol.
    public func isSameCoin(as result: AssetSearchResult) -> Bool {
        if let id, !id.isEmpty, !result.id.isEmpty { return id == result.id }
        return symbol.text == result.symbol.uppercased() && name.lowercased() == result.name.lowercased()
    }
}

/// A top-N list as one source gave it at one time: the coins by market cap, or a stock
/// screen (`screen` names it; its entries are priced in their own currencies, `quote` being
/// the currency it was asked in).
public struct TopList: Hashable, Sendable {
    public let quote: AssetSymbol
    public let source: String
    public let entries: [TopListEntry]
    /// The screen a stock or ETF list came from (`most_actives`); nil for the coins by market cap.
    public let screen: StockScreen?

    public init(quote: AssetSymbol, source: String, entries: [TopListEntry], screen: StockScreen? = nil) {
        self.quote = quote
        self.source = source
        self.entries = entries
        self.screen = screen
    }

    /// The key the cache files the list under: `crypto`, or `stock:most_actives`.
    public var cacheKey: String { screen?.cacheKey ?? "crypto" }
}

/// The period of the change `ledger market --change` shows, colours and sorts by.
public enum ChangePeriod: String, CaseIterable, Sendable {
    case hour = "1h"
    case day = "24h"
    case week = "7d"
    case month = "30d"
    case year = "1y"

    /// The change shown beside this one: 7d, or 24h beside 7d.
    public var companion: ChangePeriod { self == .week ? .day : .week }
}

/// One of the predefined screens a stock or ETF list comes from (Yahoo's `most_actives`),
/// with the class of what it lists.
public struct StockScreen: Hashable, Sendable {
    public let assetClass: AssetClass
    public let id: String

    /// The screens offered, per class; the first is the default.
    public static let known: [AssetClass: [String]] = [
        .stock: [
            "most_actives", "day_gainers", "day_losers", "growth_technology_stocks", "undervalued_large_caps",
            "undervalued_growth_stocks", "aggressive_small_caps", "small_cap_gainers", "most_shorted_stocks",
        ],
        .etf: ["top_etfs_us", "top_performing_etfs", "technology_etfs", "bond_etfs"],
    ]

    /// A known screen of `assetClass` (its default when `id` is nil), or nil.
    public init?(_ id: String?, assetClass: AssetClass) {
        guard let screens = Self.known[assetClass] else { return nil }
        let chosen = id?.lowercased() ?? screens[0]
        guard screens.contains(chosen) else { return nil }
        self.assetClass = assetClass
        self.id = chosen
    }

    /// `stock:most_actives`.
    public var cacheKey: String { "\(assetClass.rawValue):\(id)" }

    /// `most actives`.
    public var title: String { id.split(separator: "_").joined(separator: " ") }
}
