import LedgerCore

/// IBKR's instrument types (the `Type` column of Financial Instrument Information) → the
/// ledger's classes: the one mapping of them.
enum IBKRInstrumentClass {
    static func assetClass(ofType type: String) -> AssetClass {
        switch type.uppercased() {
        case "ETF", "ETN", "ETC": .etf
        case "ADR", "GDR": .adr
        case "FUND", "MUTUAL FUND", "MF": .fund
        case "WAR", "WARRANT": .warrant
        case "BOND": .bond
        default: .stock // COMMON, PREFERRED, REIT, RIGHT, …
        }
    }
}
