import LedgerCore

/// IBKR's instrument types (the `Type` column of Financial Instrument Information) → the
/// ledger's classes. The one mapping of them: when ``AssetClass`` gains `adr`, `fund`,
/// `warrant` and `bond`, only this changes.
enum IBKRInstrumentClass {
    static func assetClass(ofType type: String) -> AssetClass {
        switch type.uppercased() {
        case "ETF", "ETN", "ETC": .etf
        // MERGE(asset classes): ADR → .adr, MUTUAL FUND/FUND → .fund, WAR → .warrant, BOND → .bond
        // once AssetClass has them; until then they are stocks.
        case "ADR", "GDR": .stock
        default: .stock // COMMON, PREFERRED, REIT, RIGHT, …
        }
    }
}
