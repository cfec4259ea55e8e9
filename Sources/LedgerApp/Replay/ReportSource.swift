import LedgerCore
import LedgerStore

/// Where every report of the ledger starts (`portfolio`, `gains`, `allocation`, and the
/// server's portfolio and report pages): the ledger opened to read, its currency read once,
/// and the report options checked into ``ValuationOptions`` with defaults from it. The replay
/// itself is ``runner()``'s, made only when a report is computed (a kept answer needs none).
public struct ReportSource {
    public let store: any BookStores
    public let context: AppContext
    public let options: ValuationOptions
    /// The ledger's currency, for the views that name it; nil when it cannot be read.
    public let ledgerCurrency: AssetSymbol?

    /// The options of `query` against `store`: `--currency`, else the ledger's; `now` is read
    /// only when no as-of is given.
    public init(store: any BookStores, query: ValuationQuery, perAccount: Bool, context: AppContext) throws {
        let setting = Result { () throws -> String in try store.settings.ledgerCurrency() }
        self.store = store
        self.context = context
        ledgerCurrency = (try? setting.get()).flatMap(AssetSymbol.init)
        options = try query.valuation(
            ledgerCurrency: AssetSymbol(try setting.get()) ?? AssetSymbol(LedgerSetting.defaultCurrency)!,
            now: context.now, perAccount: perAccount)
    }

    /// The ledger of `opener` opened to read (read-only when it cannot be written; a chain
    /// that fails verification is one warning), after `query` was checked.
    public static func open(
        _ opener: LedgerOpener, query: ValuationQuery, perAccount: Bool = false
    ) throws -> ReportSource {
        try query.validate()
        let store = try opener.open(.read(checkingAnchor: true))
        return try ReportSource(store: store, query: query, perAccount: perAccount, context: opener.context)
    }

    /// The replay over this ledger and its price table.
    public func runner() throws -> ReplayRunner {
        try ReplayRunner(store: store, context: context)
    }
}

extension SettingsStore {
    /// The ledger's currency for display: nil when the setting cannot be read or is not a
    /// symbol (the views then name no currency rather than a wrong one).
    public func displayedLedgerCurrency() -> AssetSymbol? {
        (try? ledgerCurrency() as String).flatMap(AssetSymbol.init)
    }
}
