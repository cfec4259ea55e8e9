import LedgerCore

/// Where one source lives and how often it may be asked.
public struct SourceSettings: Sendable, Equatable {
    public var baseURL: String
    /// The API key, when the user has one. Never printed.
    public var key: String?
    /// Seconds between two requests to this source.
    public var minInterval: Double

    public init(baseURL: String, key: String? = nil, minInterval: Double) {
        self.baseURL = baseURL
        self.key = key
        self.minInterval = minInterval
    }
}

/// The market-data configuration: base URLs, keys, minimum intervals, the fallback order per
/// asset class, CoinGecko id overrides and the HTTP policy. Built from defaults, then the
/// config file, then `LGR_*` environment variables (see docs/MARKET-DATA.md).
public struct MarketDataConfig: Sendable, Equatable {
    public var sources: [String: SourceSettings]
    /// Source names to try in order, per asset class.
    public var fallback: [AssetClass: [String]]
    /// Symbol → CoinGecko coin id, chosen by the user (resolves ambiguous symbols).
    public var coingeckoIDs: [String: String]
    public var retry: RetryPolicy
    public var userAgent: String
    /// Seconds a cached rate counts as fresh for `convert` (no request is made for it).
    public var refreshAfter: Int

    /// The sources this build has adapters for.
    public static let knownSources = ["coingecko", "cryptocompare", "frankfurter", "stooq", "yahoo"]

    public static let defaults = MarketDataConfig(
        sources: [
            "coingecko": SourceSettings(baseURL: "https://api.coingecko.com/api/v3", minInterval: 2.5),
            "cryptocompare": SourceSettings(baseURL: "https://min-api.cryptocompare.com", minInterval: 1),
            "frankfurter": SourceSettings(baseURL: "https://api.frankfurter.dev/v1", minInterval: 0.5),
            "stooq": SourceSettings(baseURL: "https://stooq.com", minInterval: 1),
            "yahoo": SourceSettings(baseURL: "https://query1.finance.yahoo.com", minInterval: 1),
        ],
        fallback: [
            // Yahoo first: one request per symbol, but Stooq has served non-browser clients an HTML
            // proof-of-work page since 2026; Stooq then takes every symbol Yahoo missed in one.
            .crypto: ["coingecko", "cryptocompare"], .stock: ["yahoo", "stooq"], .etf: ["yahoo", "stooq"],
            .fund: ["yahoo", "stooq"], .adr: ["yahoo", "stooq"], .warrant: ["yahoo", "stooq"], .fiat: ["frankfurter"],
        ],
        coingeckoIDs: [:], retry: RetryPolicy(), userAgent: MarketHTTP.defaultUserAgent, refreshAfter: 3_600
    )

    /// Every key configured, to be scrubbed from any text shown.
    public var secrets: [String] { sources.values.compactMap(\.key).filter { !$0.isEmpty } }

    /// The settings of a known source.
    public func settings(_ source: String) throws(MarketDataError) -> SourceSettings {
        guard let settings = sources[source] else {
            throw .configuration(
                "unknown market-data source '\(source)'; known: \(Self.knownSources.joined(separator: ", "))")
        }
        return settings
    }
}
