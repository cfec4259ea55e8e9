import LedgerCore
import LedgerStore

/// The checks of an import's fast path (``InOrderAppend``), made on each event as it is read:
/// not earlier than the event before it (or the ledger's last), and taking out nothing that is
/// not held. Whatever fails them interrupts the fast path; the import then goes through
/// staging, where every such case is handled and reported.
public final class InOrderFeed {
    public let append: InOrderAppend
    private let session: SQLiteImportSession
    /// The ledger's balances (its voided events left out), folded when the first event needs
    /// them: an import interrupted at its first row (a file imported again, whose rows are all
    /// present) then never reads the ledger for nothing.
    private var holdings: ImportHoldingsCheck?
    private var last: Timestamp?

    /// Starts the fast path.
    public init(_ session: SQLiteImportSession) throws {
        self.session = session
        append = try session.appendingInOrder()
        last = append.notBefore
    }

    /// Checks one event read at `place` and appends it.
    public func add(_ event: LedgerEvent, place: StagedPlace) throws {
        if let last, event.occurredAt < last {
            throw InOrderAppend.Interrupted(reason: "a row is earlier than the one before it")
        }
        if holdings == nil { holdings = try ledgerBalances() }
        // Applied in place (a copy of the balances would be copied again at each change).
        guard holdings?.apply(event, place: place, credit: false) == false else {
            throw InOrderAppend.Interrupted(reason: "a row takes out more than is held")
        }
        try append.append(event)
        last = event.occurredAt
    }

    private func ledgerBalances() throws -> ImportHoldingsCheck {
        var balances = ImportHoldingsCheck()
        try session.replay(includeStaged: false) { event, _ in _ = balances.apply(event, place: nil, credit: false) }
        return balances
    }
}
