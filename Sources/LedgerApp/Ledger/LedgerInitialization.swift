import LedgerCore
import LedgerStore

/// `ledger init` on a ledger just opened (or created): what it held before (its currency
/// setting and how many events), then the currency and tax rules written.
public struct LedgerInitialization {
    private let store: Ledger
    /// The currency setting before, nil when it was never set.
    public let storedCurrency: String?
    /// The events recorded so far.
    public let eventCount: Int64

    public init(_ store: Ledger) throws {
        self.store = store
        storedCurrency = try store.settings.setting(LedgerSetting.currency)
        eventCount = try store.events.chainHead().count
    }

    /// Writes the currency (when it changes) and the tax rules (when given).
    public func apply(currency wanted: String, taxRules: TaxRules?) throws {
        if storedCurrency != wanted { try store.settings.setSetting(LedgerSetting.currency, wanted) }
        if let taxRules { try store.settings.setSetting(LedgerSetting.taxRules, taxRules.rawValue) }
    }
}
