import LedgerCore
import LedgerStore

extension SQLiteImportSession {
    /// The import's own check, after its events are appended and before its COMMIT: nothing
    /// is committed that `ledger verify` would reject. The chain and the count are checked on
    /// the appended events only; the held-quantity rule, which needs the whole replay, only
    /// when the import changed what it appends because of a shortfall (zero-basis lots, rows
    /// left out), since otherwise ``ImportHoldingsCheck`` has folded exactly these events.
    func requireVerifiable(added: Int, foldHoldings: Bool = false) throws {
        if let problem = try resultProblem(added: added) { throw ImportError.resultUnverified(problem) }
        guard foldHoldings else { return }
        var book = PositionBook()
        var shortfall: Shortfall?
        try replay(includeStaged: false) { event, _ in
            book.apply(event, keepingFirst: &shortfall)
        }
        guard let shortfall else { return }
        throw ImportError.resultUnverified(
            "event #\(shortfall.event.sequence) would take \(shortfall.needed) \(shortfall.key.asset) from '\(shortfall.key.account)' where \(shortfall.held) was held"
        )
    }
}
