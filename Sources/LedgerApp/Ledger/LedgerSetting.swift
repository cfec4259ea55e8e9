import LedgerCore
import LedgerStore

/// Ledger-level settings kept in the ledger file.
public enum LedgerSetting {
    /// The currency prices are quoted in when `add` is not told.
    public static let currency = "currency"
    public static let defaultCurrency = "USD"
    /// The tax rules `ledger tax` applies when not told (`ledger init --tax-rules uk`).
    public static let taxRules = "tax_rules"
}

extension SettingsStore {
    /// The ledger's currency setting (USD when never set).
    public func ledgerCurrency() throws -> String {
        try setting(LedgerSetting.currency) ?? LedgerSetting.defaultCurrency
    }
}
extension SettingsStore {
    /// The ledger's currency setting as a symbol (USD when never set or not a symbol).
    public func ledgerCurrency() throws -> AssetSymbol {
        let text: String = try ledgerCurrency()
        return AssetSymbol(text) ?? AssetSymbol(LedgerSetting.defaultCurrency)!
    }
}
