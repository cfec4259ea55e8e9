import LedgerCore

/// Imports into a ledger file (``LedgerImports``): one session per transaction, and receipts.
public protocol ImportStore {
    /// Runs one import in one transaction, committed when `write` is true and `body` returns.
    func importing<T>(write: Bool, _ body: (SQLiteImportSession) throws -> T) throws -> T
    /// Every import receipt, oldest first.
    func receipts() throws -> [ImportReceipt]
}
