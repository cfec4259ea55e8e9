import LedgerCore
import LedgerStore

/// Which assets `prices fetch` asks about: those named, else every asset held (the quantity
/// fold over the ledger's events) plus the watchlist, without the quote currency itself. A
/// symbol's class is the one the ledger recorded, else a cached lookup of `add`
/// (``SymbolClassifier``), else inferred.
public struct FetchTargets {
    /// Asset → class, in symbol order.
    public let assets: [(symbol: AssetSymbol, assetClass: AssetClass)]

    public init(named: [String], events: some EventReading, settings: some SettingsStore, quote: AssetSymbol) throws {
        var symbols: Set<AssetSymbol> = []
        if named.isEmpty {
            symbols = try Self.held(events).union(try Self.watched(settings))
        } else {
            for text in named {
                guard let symbol = AssetSymbol(text) else {
                    throw MarketServiceError.notAnAssetSymbol(text)
                }
                symbols.insert(symbol)
            }
        }
        symbols.remove(quote)
        assets = try symbols.sorted().map { symbol in
            let cached = try settings.setting(AssetClassification.cacheKey(symbol)).flatMap {
                AssetClassification.cached(symbol, $0)?.assetClass
            }
            return (symbol: symbol, assetClass: try events.assetClass(of: symbol) ?? cached ?? symbol.inferredClass)
        }
    }

    /// Assets with a non-zero balance in some account after every effective event.
    public static func held(_ store: some EventReading) throws -> Set<AssetSymbol> {
        var book = PositionBook()
        for event in EventReplay.effective(try store.allEvents()) { book.apply(event) }
        return Set(book.balances.filter { !$0.value.isZero }.map(\.key.asset))
    }

    public static func watched(_ store: some SettingsStore) throws -> Set<AssetSymbol> {
        Set(try Watchlist.read(store))
    }

    /// The assets grouped by class, classes in their usual order.
    public var byClass: [(AssetClass, [AssetSymbol])] {
        AssetClass.allCases.compactMap { assetClass in
            let members = assets.filter { $0.assetClass == assetClass }.map(\.symbol)
            return members.isEmpty ? nil : (assetClass, members)
        }
    }
}
