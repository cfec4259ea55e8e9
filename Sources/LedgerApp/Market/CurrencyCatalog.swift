import LedgerCore
import LedgerMarketData

/// `ledger currencies`: the fiat currencies the ledger knows, and which of them a source
/// publishes rates for (the ECB's, through frankfurter).
public enum CurrencyCatalog {
    /// The codes whose code or name contains `search` (any case), sorted; all of them for nil.
    public static func matching(_ search: String?) -> [String] {
        let needle = search?.lowercased() ?? ""
        return FiatCurrency.named.keys.sorted().filter { code in
            needle.isEmpty || code.lowercased().contains(needle)
                || FiatCurrency.named[code]!.lowercased().contains(needle)
        }
    }

    /// The codes a source publishes rates for.
    public static var published: Set<String> { FrankfurterSource.published }
}
