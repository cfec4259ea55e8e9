import LedgerCore
import LedgerMarketData
import LedgerStore

/// The class of a symbol `add` was not told (`--class`) and the ledger has not recorded, never
/// guessed: a well-known coin (``WellKnownCoin``), else an earlier lookup cached in the ledger's
/// settings (`asset_class.SYMBOL`), else a lookup: Yahoo's chart (`meta.instrumentType`:
/// EQUITY → stock, ETF → etf, MUTUALFUND → fund, CRYPTOCURRENCY → crypto) and CoinGecko's coin
/// list. When they disagree, know nothing, or cannot be reached, it throws
/// ``ClassificationError``, which asks for `--class`. Well-known fiat codes never get here.
public final class SymbolClassifier {
    let context: MarketContext
    let ledger: (any BookStores)?
    let offline: Bool
    /// CoinGecko's coin list, made on the first lookup (reading the clock only then).
    private var coinList: (any CoinListCache)?

    /// `ledger`: where the cache is read and written (nil for a ledger not yet created).
    public init(context: MarketContext, ledger: (any BookStores)?, offline: Bool) {
        self.context = context
        self.ledger = ledger
        self.offline = offline
    }

    public func classify(_ symbol: AssetSymbol) throws -> AssetClassification {
        if WellKnownCoin.contains(symbol) {
            return AssetClassification(symbol: symbol, assetClass: .crypto, reason: "a well-known coin")
        }
        if let value = try ledger?.settings.setting(AssetClassification.cacheKey(symbol)),
            let cached = AssetClassification.cached(symbol, value)
        {
            return cached
        }
        guard !offline else { throw ClassificationError.offline(symbol) }
        return try lookUp(symbol)
    }

    /// Caches the lookups among `classified` in `settings` (and CoinGecko's coin list, when it
    /// was fetched for a ledger that existed), so the next `add` asks no source.
    public func remember(_ classified: [AssetClassification], in settings: any SettingsStore) throws {
        for answer in classified where answer.lookedUp {
            try settings.setSetting(AssetClassification.cacheKey(answer.symbol), answer.cacheValue)
        }
        try (coinList as? StoreCoinListCache)?.commit()
    }

    private func lookUp(_ symbol: AssetSymbol) throws -> AssetClassification {
        let (config, http) = try MarketSetup.connection(context)
        // CoinGecko's coin list is cached in a ledger file's market cache; books kept
        // elsewhere (a server's database) have none, and fetch it for the lookup.
        let coinList: any CoinListCache =
            if let file = ledger as? any MarketStores {
                StoreCoinListCache(store: file, now: context.now)
            } else {
                InMemoryCoinListCache()
            }
        self.coinList = coinList
        let yahoo = YahooChartSource(settings: try sourceSettings(config, "yahoo"), http: http)
        let gecko = CoinGeckoSource(
            settings: try sourceSettings(config, "coingecko"), http: http, overrides: config.coingeckoIDs,
            coinList: coinList)
        var reasons: [String] = []
        var listed: String?
        do { listed = try yahoo.instrumentType(of: symbol) } catch { reasons.append("\(error)") }
        var coins: [String] = config.coingeckoIDs[symbol.text].map { [$0] } ?? []
        if coins.isEmpty {
            do { coins = try gecko.coins(withSymbol: symbol).map(\.id).sorted() } catch {
                reasons.append("\(error)")
            }
        }
        guard reasons.isEmpty else { throw ClassificationError.unreachable(symbol, reasons: reasons) }
        return try Self.decide(symbol, yahoo: listed, coins: coins)
    }

    /// The answer of the two sources: Yahoo's instrument type (nil: not listed) and the ids of
    /// CoinGecko's coins with that symbol.
    static func decide(_ symbol: AssetSymbol, yahoo: String?, coins: [String]) throws(ClassificationError)
        -> AssetClassification
    {
        switch (yahoo, yahoo.flatMap(yahooClass)) {
        case (nil, _):
            guard !coins.isEmpty else { throw .unknown(symbol) }
            let reason = "coingecko: \(ClassificationError.few(coins))"
            return AssetClassification(symbol: symbol, assetClass: .crypto, reason: reason, lookedUp: true)
        case (let type?, .crypto?):
            return AssetClassification(symbol: symbol, assetClass: .crypto, reason: "yahoo: \(type)", lookedUp: true)
        case (let type?, let listedClass?):
            guard coins.isEmpty else { throw .disagree(symbol, yahoo: type, coins: coins) }
            return AssetClassification(
                symbol: symbol, assetClass: listedClass, reason: "yahoo: \(type)", lookedUp: true)
        case (let type?, nil):
            guard coins.isEmpty else { throw .disagree(symbol, yahoo: type, coins: coins) }
            throw .notAnAssetClass(symbol, yahoo: type)
        }
    }

    /// Yahoo's `quoteType`/`instrumentType` as a class, or nil for the kinds that are none
    /// (INDEX, CURRENCY, FUTURE, OPTION, …).
    static func yahooClass(_ type: String) -> AssetClass? {
        switch type {
        case "EQUITY": .stock
        case "ETF": .etf
        case "MUTUALFUND": .fund
        case "CRYPTOCURRENCY": .crypto
        default: nil
        }
    }

    private func sourceSettings(_ config: MarketDataConfig, _ name: String) throws -> SourceSettings {
        do {
            return try config.settings(name)
        } catch {
            throw MarketServiceError.marketConfiguration(place: "", reason: error.description)
        }
    }
}
