import LedgerCore
import LedgerStore

/// The watchlist: symbols in the `watchlist` setting, comma-separated, in the order added.
/// `watch` edits it, `market` marks its coins, and `prices fetch` fetches them with the holdings.
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
}
