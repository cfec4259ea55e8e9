import LedgerCore
import LedgerMarketData
import LedgerStore

/// The market-data side of a command: the configuration (file, then `LGR_*` variables), the
/// shared HTTP layer, and one adapter per source, caching CoinGecko's coin list in the ledger.
struct MarketSetup {
    let config: MarketDataConfig
    let http: MarketHTTP
    let store: SQLiteEventStore
    let environment: CommandEnvironment
    /// CoinGecko's coin list, written to the ledger only by ``commit()``.
    let coinList: StoreCoinListCache

    init(store: SQLiteEventStore, environment: CommandEnvironment) throws {
        let file = try ConfigFile.read(environment)
        do {
            config = try MarketDataConfig.load(file: file.text, environment: environment.variables)
        } catch {
            let place = file.text == nil ? "" : " (config file \(file.path) or LGR_* variables)"
            throw CommandError.data("market-data configuration\(place): \(error.description)")
        }
        http = MarketHTTP(
            client: environment.httpClient, policy: Self.policy(config.retry, environment), pacing: environment.pacing,
            userAgent: config.userAgent, secrets: config.secrets,
            wallClock: { [environment] in environment.now.secondsSinceEpoch }
        )
        self.store = store
        self.environment = environment
        coinList = StoreCoinListCache(store: store, now: environment.now)
    }

    /// The HTTP policy: at a terminal (stdout or stderr, as colour and progress lines are
    /// decided) the interactive one, which fails over quickly; otherwise (cron, pipes to
    /// files) the patient one of the configuration (docs/MARKET-DATA.md, "HTTP behaviour").
    static func policy(_ configured: RetryPolicy, _ environment: CommandEnvironment) -> RetryPolicy {
        environment.stdoutIsTerminal || environment.stderrIsTerminal ? configured.interactive : configured
    }

    /// Writes what the adapters cached on the way (a command calls it once it succeeds, so
    /// that a failing command leaves the ledger file as it was).
    func commit() throws {
        try coinList.commit()
    }

    /// The adapter called `name`.
    func source(_ name: String) throws -> any MarketDataSource {
        let settings: SourceSettings
        do {
            settings = try config.settings(name)
        } catch {
            throw CommandError.usage(
                "--source '\(name)' is not a market-data source; use one of \(MarketDataConfig.knownSources.joined(separator: ", "))"
            )
        }
        switch name {
        case "coingecko":
            return CoinGeckoSource(settings: settings, http: http, overrides: config.coingeckoIDs, coinList: coinList)
        case "cryptocompare": return CryptoCompareSource(settings: settings, http: http)
        case "frankfurter": return FrankfurterSource(settings: settings, http: http)
        default: return YahooChartSource(settings: settings, http: http)
        }
    }

    /// The sources to try for an asset class: `--source` when given, else the fallback order.
    func order(for assetClass: AssetClass, forced: String?) -> [String] {
        if let forced { return [forced] }
        return config.fallback[assetClass] ?? []
    }
}

/// CoinGecko's coin list kept in the ledger file (`symbol_ids`), trusted for 7 days. A list
/// fetched now is held in memory until ``commit()``.
final class StoreCoinListCache: CoinListCache, @unchecked Sendable {
    let store: SQLiteEventStore
    let now: Timestamp
    static let lifetime: Int64 = 7 * 86_400
    private var pending: [String: [CoinListEntry]] = [:]

    init(store: SQLiteEventStore, now: Timestamp) {
        self.store = store
        self.now = now
    }

    func commit() throws {
        for (source, entries) in pending {
            let records = entries.map { SymbolIDRecord(symbol: $0.symbol, id: $0.id, name: $0.name) }
            try store.replaceSymbolIDs(records, source: source, fetchedAt: now)
        }
        pending = [:]
    }

    func coinList(source: String) -> [CoinListEntry]? {
        if let fetched = pending[source] { return fetched }
        guard let cached = try? store.symbolIDs(source: source),
            now.secondsSinceEpoch - cached.fetchedAt.secondsSinceEpoch < Self.lifetime
        else { return nil }
        return cached.value.map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }
    }

    func storeCoinList(_ entries: [CoinListEntry], source: String) {
        pending[source] = entries
    }
}
