import LedgerCore
import LedgerStore

/// `ledger transfers` and `ledger import` on an opened ledger: the same calls over its event log.
extension TransferService {
    public func book(_ ledger: Ledger) throws -> TransferBook {
        try book(ledger.events)
    }

    public func match(in ledger: Ledger, options: TransferMatchOptions = TransferMatchOptions()) throws
        -> TransferMatchSummary
    {
        try match(in: ledger.events, options: options)
    }

    public func link(withdrawal: String, deposit: String, in ledger: Ledger) throws -> LedgerEvent {
        try link(withdrawal: withdrawal, deposit: deposit, in: ledger.events)
    }

    public func unlink(_ reference: String, in ledger: Ledger) throws -> (void: LedgerEvent, link: LedgerEvent) {
        try unlink(reference, in: ledger.events)
    }
}
