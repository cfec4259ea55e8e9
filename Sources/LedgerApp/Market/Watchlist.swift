import LedgerCore
import LedgerStore

/// The watchlist: symbols in the `watchlist` setting, comma-separated, in the order added.
/// `watch` and the server's watchlist page edit it, `market` marks its coins, and
/// `prices fetch` (and the server's fetcher) fetch them with the holdings.
public enum Watchlist {
    /// The settings key: symbols separated by commas.
    public static let key = "watchlist"

    public static func read(_ store: some SettingsStore) throws -> [AssetSymbol] {
        let text = try store.setting(key) ?? ""
        var seen = Set<AssetSymbol>()
        return text.split(separator: ",").compactMap { AssetSymbol($0.filter { $0 != " " }) }.filter {
            seen.insert($0).inserted
        }
    }

    public static func write(_ symbols: [AssetSymbol], to store: some SettingsStore) throws {
        try store.setSetting(key, symbols.map(\.text).joined(separator: ","))
    }

    /// The symbols of `watch add|remove SYMBOL…` (words, or comma-separated), each once, in
    /// order; `verb` names the command in the message when there are none.
    public static func parse(_ words: [String], verb: String) throws(WatchError) -> [AssetSymbol] {
        guard !words.isEmpty else { throw .missingSymbol(verb: verb) }
        var seen = Set<AssetSymbol>()
        var symbols: [AssetSymbol] = []
        for word in words.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }) {
            guard let symbol = AssetSymbol(word) else { throw .notASymbol(word) }
            if seen.insert(symbol).inserted { symbols.append(symbol) }
        }
        return symbols
    }

    /// Adds the symbols not watched yet; returns those it added.
    @discardableResult
    public static func add(_ wanted: [AssetSymbol], to store: some SettingsStore) throws -> [AssetSymbol] {
        let current = try read(store)
        let added = wanted.filter { !current.contains($0) }
        if !added.isEmpty { try write(current + added, to: store) }
        return added
    }

    /// Removes the symbols, all or nothing: one that is not watched refuses the lot.
    public static func remove(_ unwanted: [AssetSymbol], from store: (some SettingsStore)?) throws {
        let current = try store.map { try read($0) } ?? []
        if let stray = unwanted.first(where: { !current.contains($0) }) {
            throw WatchError.notWatched(stray, watched: current)
        }
        if let store { try write(current.filter { !unwanted.contains($0) }, to: store) }
    }

    /// The watched coins with their figures: from `list` (a cached top list) when it has
    /// them, else the newest price `prices` record in `quote` (any source).
    public static func coins(
        _ symbols: [AssetSymbol], list: TopList?, quote: AssetSymbol, prices: some PriceStore
    ) throws -> [WatchedCoin] {
        let entries = Dictionary(
            (list?.entries ?? []).map { ($0.symbol, $0) }, uniquingKeysWith: { first, _ in first })
        return try symbols.map { symbol in
            WatchedCoin(
                symbol: symbol, entry: entries[symbol],
                price: entries[symbol] == nil ? try latestPrice(symbol, quote, prices) : nil)
        }
    }

    /// The most recent recorded price of `symbol` in `quote` (any source).
    public static func latestPrice(_ symbol: AssetSymbol, _ quote: AssetSymbol, _ prices: some PriceStore) throws
        -> PriceObservation?
    {
        try prices.observations(asset: symbol).map(\.observation).filter { $0.quote == quote }.max {
            $0.observedAt < $1.observedAt
        }
    }
}
