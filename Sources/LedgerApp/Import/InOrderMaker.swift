import LedgerCore
import LedgerInterchange
import LedgerStore

/// The fast path's work on the parsing thread (``ExchangeFileReader``): each event row made into
/// the event the ledger will hold (its fingerprint, a fresh id, the batch and account), checked
/// for validity, and the prices it states tallied. Into a ledger that held no event, the order
/// and holdings checks (``InOrderCheck``) are made here too, since they need nothing from it;
/// the thread that writes the rows then only appends.
///
/// Moved here from the writing thread, which bounds an import: making the event, validating it
/// and noting its prices were a fifth of that thread's samples while rows were appended, and
/// the parsing thread's core had room (docs/PERFORMANCE.md, "CSV import into a new ledger,
/// twenty-sixth round"). Used on the parsing thread only, and read after it has finished.
final class InOrderMaker {
    private let request: ImportRequest
    private let batch: String
    private let recordedAt: Timestamp
    private let newEventID: () -> EventID
    /// The order and holdings checks, when they are made here (``InOrderFeed/checkedWhenMade``).
    private var check: InOrderCheck?
    private let file: Int
    /// Events made so far: the `index` of the next one's ``StagedPlace``.
    private var made = 0
    /// The prices the rows stated, as ``ImportTally/prices`` keeps them. On the fast path every
    /// row made here is added (any other ends it), so they are the added rows' prices.
    private(set) var prices: [PriceSample: PriceObservation] = [:]
    /// How often each content identity was seen among the rows of the current second.
    private var occurrences: [String: Int] = [:]
    private var occurrencesAt: Timestamp?

    init(
        request: ImportRequest, file: Int, batch: String, recordedAt: Timestamp, checks: Bool,
        newEventID: @escaping () -> EventID
    ) {
        self.request = request
        self.file = file
        check = checks ? InOrderCheck(after: nil) : nil
        self.batch = batch
        self.recordedAt = recordedAt
        self.newEventID = newEventID
    }

    /// What the writing thread gets for `outcome`: the event made (or ``ExchangeFileReader/Parsed/refused``
    /// when it is not valid), anything else as it is.
    func make(_ outcome: ImportOutcome) -> ExchangeFileReader.Parsed {
        guard case .event(let imported) = outcome else { return ExchangeFileReader.Parsed(outcome) }
        let identity = imported.fingerprintIdentity
        let fingerprint = imported.fingerprint(identity: identity) {
            nextOccurrence(of: identity, at: imported.occurredAt)
        }
        let event = imported.event(
            id: newEventID(), recordedAt: recordedAt, account: request.account(for: imported.preset), batch: batch,
            fingerprint: fingerprint)
        guard event.validate() == nil else { return .refused }
        made += 1
        // Into a ledger that held no event, the balances start empty.
        let place = StagedPlace(file: file, line: imported.line, index: made)
        if check?.problem(event, place: place, balances: { ImportHoldingsCheck() }) != nil { return .refused }
        ImportTally.note(imported, in: &prices)
        return .made(event, line: imported.line)
    }

    /// The occurrence of `identity` among identical rows, counted in memory: the fast path's rows
    /// come in time order, and identical rows have the same time, so the rows of one second are
    /// all the rows a row can repeat; staging counts in its scratch database instead (an upsert
    /// into a random place of a table for every row).
    private func nextOccurrence(of identity: String, at time: Timestamp) -> Int {
        if time != occurrencesAt {
            occurrences.removeAll(keepingCapacity: true)
            occurrencesAt = time
        }
        defer { occurrences[identity, default: 0] += 1 }
        return occurrences[identity] ?? 0
    }
}
