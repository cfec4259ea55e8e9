import LedgerCore
import LedgerStore

extension Ledger {
    /// The record of every file imported into the ledger, oldest first (`ledger import --history`).
    public func importReceipts() throws -> [ImportReceipt] {
        try imports.receipts()
    }
}
