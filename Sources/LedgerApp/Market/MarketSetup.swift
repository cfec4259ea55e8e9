import LedgerCore
import LedgerMarketData
import LedgerStore

/// The market-data side of a command: the configuration (file, then `LGR_*` variables), the
/// shared HTTP layer, and one adapter per source, caching CoinGecko's coin list in the market
/// data (the ledger's, or the server's shared cache).
public struct MarketSetup {
    public let config: MarketDataConfig
    public let http: MarketHTTP
    public let store: any MarketStores
    public let context: MarketContext
    /// CoinGecko's coin list, written to the store only by ``commit()``.
    public let coinList: StoreCoinListCache

    public init(store: any MarketStores, context: MarketContext) throws {
        let connection = try Self.connection(context)
        config = connection.0
        http = connection.1
        self.store = store
        self.context = context
        coinList = StoreCoinListCache(store: store, now: context.now)
    }

    /// The configuration (file, then `LGR_*` variables) and the HTTP layer built on it, for
    /// code that needs the sources without a ledger (``SymbolClassifier`` on a new ledger).
    public static func connection(_ context: MarketContext) throws -> (MarketDataConfig, MarketHTTP) {
        let file = try ConfigFile.read(context)
        let config: MarketDataConfig
        do {
            config = try MarketDataConfig.load(file: file.text, environment: context.variables)
        } catch {
            let place = file.text == nil ? "" : " (config file \(file.path) or LGR_* variables)"
            throw MarketServiceError.marketConfiguration(place: place, reason: error.description)
        }
        let http = MarketHTTP(
            client: context.httpClient, policy: Self.policy(config.retry, context), pacing: context.pacing,
            userAgent: config.userAgent, secrets: config.secrets,
            wallClock: { [context] in context.now.secondsSinceEpoch }, reachability: context.reachability
        )
        return (config, http)
    }

    /// The HTTP policy: at a terminal (stdout or stderr, as colour and progress lines are
    /// decided) the interactive one, which fails over quickly; otherwise (cron, pipes to
    /// files) the patient one of the configuration (docs/MARKET-DATA.md, "HTTP behaviour").
    public static func policy(_ configured: RetryPolicy, _ context: MarketContext) -> RetryPolicy {
        context.interactive ? configured.interactive : configured
    }

    /// Writes what the adapters cached on the way (a command calls it once it succeeds, so
    /// that a failing command leaves the ledger file as it was).
    public func commit() throws {
        try coinList.commit()
    }

    /// The adapter called `name`.
    public func source(_ name: String) throws -> any MarketDataSource {
        let settings: SourceSettings
        do {
            settings = try config.settings(name)
        } catch {
            throw MarketServiceError.unknownSource(name)
        }
        switch name {
        case "coingecko":
            return CoinGeckoSource(settings: settings, http: http, overrides: config.coingeckoIDs, coinList: coinList)
        case "cryptocompare": return CryptoCompareSource(settings: settings, http: http)
        case "frankfurter": return FrankfurterSource(settings: settings, http: http)
        case "stooq": return StooqSource(settings: settings, http: http)
        default: return YahooChartSource(settings: settings, http: http)
        }
    }

    /// The sources to try for an asset class: `--source` when given, else the fallback order.
    public func order(for assetClass: AssetClass, forced: String?) -> [String] {
        if let forced { return [forced] }
        return config.fallback[assetClass] ?? []
    }
}

/// CoinGecko's coin list kept in the market cache (`symbol_ids`), trusted for 7 days. A list
/// fetched now is held in memory until ``commit()``.
public final class StoreCoinListCache: CoinListCache, @unchecked Sendable {
    public let store: any MarketStores
    public let now: Timestamp
    public static let lifetime: Int64 = 7 * 86_400
    private var pending: [String: [CoinListEntry]] = [:]

    public init(store: any MarketStores, now: Timestamp) {
        self.store = store
        self.now = now
    }

    public func commit() throws {
        for (source, entries) in pending {
            let records = entries.map { SymbolIDRecord(symbol: $0.symbol, id: $0.id, name: $0.name) }
            try store.market.replaceSymbolIDs(records, source: source, fetchedAt: now)
        }
        pending = [:]
    }

    public func coinList(source: String) -> [CoinListEntry]? {
        if let fetched = pending[source] { return fetched }
        guard let cached = try? store.market.symbolIDs(source: source),
            now.secondsSinceEpoch - cached.fetchedAt.secondsSinceEpoch < Self.lifetime
        else { return nil }
        return cached.value.map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }
    }

    public func storeCoinList(_ entries: [CoinListEntry], source: String) {
        pending[source] = entries
    }
}
