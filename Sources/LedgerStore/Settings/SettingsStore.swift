/// Ledger-level settings (`currency`, the watchlist). Implementations: ``LedgerSettings`` and
/// ``InMemoryEventStore``, held to one contract by the tests.
public protocol SettingsStore {
    /// A ledger-level setting (e.g. `currency`), or nil.
    func setting(_ key: String) throws -> String?
    /// Stores a setting (in its own transaction).
    func setSetting(_ key: String, _ value: String) throws
    /// Every setting, key to value (what `ledger serve migrate` copies).
    func allSettings() throws -> [String: String]
}
