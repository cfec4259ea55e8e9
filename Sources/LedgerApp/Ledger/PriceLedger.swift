import LedgerApp
import LedgerCore
import LedgerStore

/// The ledger as the price commands use it: read if it exists, created (with its currency
/// setting, as `add` does) only when there is something valid to record.
struct PriceLedger {
    let options: LedgerOptions
    let environment: CommandEnvironment
    /// The ledger, when one exists at the path.
    let existing: SQLiteEventStore?

    init(options: LedgerOptions, environment: CommandEnvironment) throws {
        self.options = options
        self.environment = environment
        existing = try options.openIfExists(in: environment)
    }

    /// The ledger's currency; for a ledger not yet created, `LGR_CURRENCY`, else USD.
    func currency() throws -> AssetSymbol {
        if let existing { return try existing.ledgerCurrency() }
        let text = environment.variables[environmentPrefix + "CURRENCY"] ?? LedgerSetting.defaultCurrency
        guard let symbol = AssetSymbol(text) else {
            throw CommandError.usage(
                "\(environmentPrefix)CURRENCY='\(text)' is not a currency code; use a code such as USD")
        }
        return symbol
    }

    /// The quote for prices that name none: `--currency` when given, else the ledger's currency.
    func defaultQuote(_ flag: String?) throws -> AssetSymbol {
        guard let flag else { return try currency() }
        guard let symbol = AssetSymbol(flag) else {
            throw CommandError.usage(
                "--currency '\(flag)' is not a currency code; use a code such as USD, EUR or GBP")
        }
        return symbol
    }

    /// The store to record into, creating the ledger when it does not exist yet.
    func storeForWriting() throws -> SQLiteEventStore {
        if let existing { return existing }
        let currency = try currency()
        let store = try options.openOrCreate(in: environment)
        try store.setSetting(LedgerSetting.currency, currency.text)
        return store
    }
}
