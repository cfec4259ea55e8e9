import LedgerCore

/// Imports into a ledger file (``LedgerImports``): one session per transaction, and receipts.
public protocol ImportStore {
    /// Runs one import in one transaction, committed when `write` is true and `body` returns.
    func importing<T>(write: Bool, _ body: (SQLiteImportSession) throws -> T) throws -> T
    /// Every import receipt, oldest first.
    func receipts() throws -> [ImportReceipt]
}

/// The receipts of the files imported into a user's books (``ImportReceipt``): append-only,
/// one per batch. A ledger file keeps them in `imports` (``LedgerImports``), a user's books in
/// PostgreSQL in `import_receipts`; the same contract suite holds both.
public protocol ImportReceiptStore {
    /// Every receipt, oldest first (by import time, then as added).
    func receipts() throws -> [ImportReceipt]
    /// Adds `receipts`, in the caller's transaction when one is open (an append's check, so
    /// that the receipts and the events they name are written together), else in one of
    /// their own. A batch the store holds already is refused, and nothing is added.
    func add(_ receipts: [ImportReceipt]) throws
}
