import LedgerCore
import LedgerStore

/// The checks of an import's fast path (``InOrderAppend``), made on each event as it is read:
/// not earlier than the event before it (or the ledger's last), and taking out nothing that is
/// not held. Whatever fails them interrupts the fast path; the import then goes through
/// staging, where every such case is handled and reported.
final class InOrderFeed {
    let append: InOrderAppend
    private var holdings = ImportHoldingsCheck()
    private var last: Timestamp?

    /// Starts the fast path and folds the ledger's balances (its voided events left out).
    init(_ session: SQLiteImportSession) throws {
        append = try session.appendingInOrder()
        last = append.notBefore
        var holdings = ImportHoldingsCheck()
        try session.replay(includeStaged: false) { event, _ in _ = holdings.apply(event, place: nil, credit: false) }
        self.holdings = holdings
    }

    /// Checks one event read at `place` and appends it.
    func add(_ event: LedgerEvent, place: StagedPlace) throws {
        if let last, event.occurredAt < last { throw InOrderAppend.Interrupted(reason: "a row is earlier than the one before it") }
        if holdings.apply(event, place: place, credit: false) {
            throw InOrderAppend.Interrupted(reason: "a row takes out more than is held")
        }
        try append.append(event)
        last = event.occurredAt
    }
}
