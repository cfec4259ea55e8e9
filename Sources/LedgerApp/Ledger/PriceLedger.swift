import LedgerCore
import LedgerStore

/// The ledger as `add` and the price and market commands use it: read if it exists, created
/// (with its currency setting) only when there is something valid to record.
public struct PriceLedger {
    public let opener: LedgerOpener
    /// The ledger, when one exists at the path.
    public let existing: Ledger?

    public init(opener: LedgerOpener) throws {
        self.opener = opener
        existing = try opener.openIfExists()
    }

    /// Over a ledger the caller already holds open (nil: none exists), such as a server's
    /// read-only handle kept between requests; a read-only one serves reads only.
    public init(opener: LedgerOpener, existing: Ledger?) {
        self.opener = opener
        self.existing = existing
    }

    /// The ledger's currency; for a ledger not yet created, `LGR_CURRENCY`, else USD.
    public func currency() throws -> AssetSymbol {
        if let existing { return try existing.settings.ledgerCurrency() }
        return try LedgerSetting.newBooksCurrency(variables: opener.context.variables)
    }

    /// The quote for prices that name none: `--currency` when given, else the ledger's currency.
    public func defaultQuote(_ flag: String?) throws -> AssetSymbol {
        try Self.quote(flag) { try currency() }
    }

    /// `flag` checked as `--currency` is, else `otherwise` (the books' currency).
    static func quote(_ flag: String?, otherwise: () throws -> AssetSymbol) throws -> AssetSymbol {
        guard let flag else { return try otherwise() }
        guard let symbol = AssetSymbol(flag) else { throw AppError.currencyOption(flag) }
        return symbol
    }

    /// The store to record into, creating the ledger when it does not exist yet.
    public func storeForWriting() throws -> Ledger {
        if let existing { return existing }
        let currency = try currency()
        let store = try opener.open(.create)
        try store.settings.setSetting(LedgerSetting.currency, currency.text)
        return store
    }
}
