import LedgerCore
import LedgerStore

/// Ledger-level settings kept in the ledger file.
public enum LedgerSetting {
    /// The currency prices are quoted in when `add` is not told.
    public static let currency = "currency"
    public static let defaultCurrency = "USD"
    /// The tax rules `ledger tax` applies when not told (`ledger init --tax-rules uk`).
    public static let taxRules = "tax_rules"

    /// The currency new books take: `LGR_CURRENCY`, else USD (a new ledger file when it is
    /// made, a new user's books in a server's database when they are).
    public static func newBooksCurrency(variables: [String: String]) throws -> AssetSymbol {
        let text = variables[environmentPrefix + "CURRENCY"] ?? defaultCurrency
        guard let symbol = AssetSymbol(text) else { throw AppError.currencyVariable(text) }
        return symbol
    }

    /// The settings a new user's books in a server's database start with (what a new ledger
    /// file is made with): the currency of ``newBooksCurrency(variables:)``.
    public static func newBooksSettings(variables: [String: String]) throws -> [String: String] {
        [currency: try newBooksCurrency(variables: variables).text]
    }
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
