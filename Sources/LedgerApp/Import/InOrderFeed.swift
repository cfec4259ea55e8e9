import LedgerCore
import LedgerStore

/// The checks of an import's fast path (``InOrderAppend``), made on each event as it is read:
/// not earlier than the event before it (or the ledger's last), and taking out nothing that is
/// not held. Whatever fails them interrupts the fast path; the import then goes through
/// staging, where every such case is handled and reported.
public final class InOrderFeed {
    public let append: InOrderAppend
    private let session: SQLiteImportSession
    private var check: InOrderCheck
    /// True when the ledger held no event when the import began: then the checks need nothing
    /// from it, and the parsing thread makes them (``InOrderMaker``) instead of the thread that
    /// writes, which bounds the import.
    public let checkedWhenMade: Bool

    /// Starts the fast path.
    public init(_ session: SQLiteImportSession) throws {
        let append = try session.appendingInOrder()
        self.session = session
        self.append = append
        check = InOrderCheck(after: append.notBefore)
        checkedWhenMade = append.notBefore == nil && session.existingCount == 0
    }

    /// Checks one event read at `place` (unless ``checkedWhenMade``) and appends it.
    public func add(_ event: LedgerEvent, place: StagedPlace) throws {
        if !checkedWhenMade, let problem = try check.problem(event, place: place, balances: ledgerBalances) {
            throw InOrderAppend.Interrupted(reason: problem)
        }
        try append.append(event)
    }

    private func ledgerBalances() throws -> ImportHoldingsCheck {
        var balances = ImportHoldingsCheck()
        try session.replay(includeStaged: false) { event, _ in _ = balances.apply(event, place: nil, credit: false) }
        return balances
    }
}

/// The fast path's checks of one event after another: in time order, not before `last`, and
/// taking out nothing that is not held.
struct InOrderCheck {
    private var last: Timestamp?
    /// The balances, folded when the first event needs them: an import interrupted at its first
    /// row (a file imported again, whose rows are all present) then never reads the ledger for
    /// nothing.
    private var holdings: ImportHoldingsCheck?

    init(after last: Timestamp?) {
        self.last = last
    }

    /// Why `event` cannot follow the events before it, or nil when it can (it is then applied).
    /// `balances` gives the ledger's own (its voided events left out) when first needed.
    mutating func problem(_ event: LedgerEvent, place: StagedPlace, balances: () throws -> ImportHoldingsCheck)
        rethrows -> String?
    {
        if let last, event.occurredAt < last { return "a row is earlier than the one before it" }
        if holdings == nil { holdings = try balances() }
        // Applied in place (a copy of the balances would be copied again at each change).
        guard holdings?.apply(event, place: place, credit: false) == false else {
            return "a row takes out more than is held"
        }
        last = event.occurredAt
        return nil
    }
}
