import LedgerCore
import LedgerInterchange

/// The in-memory twin of ``LedgerEvents`` and ``LedgerSettings``: the same contract (sequence numbers, hash
/// chain, checks under the lock, all-or-nothing appends) with no file. For tests and for
/// dry runs.
public final class InMemoryEventStore: EventStore, SettingsStore {
    private var stored: [(event: LedgerEvent, hash: String)] = []
    private var settings: [String: String] = [:]

    public init() {}

    public func allEvents() throws -> [LedgerEvent] { stored.map(\.event) }

    public func events(touching symbols: Set<AssetSymbol>) throws -> [LedgerEvent] {
        stored.map(\.event).filter { event in
            event.kind == .void || !event.touchedAssets.isDisjoint(with: symbols)
        }
    }

    public func event(reference: String) throws -> LedgerEvent? {
        switch EventReference(reference) {
        case .sequence(let number)?: stored.first { $0.event.sequence == number }?.event
        case .id(let id)?: stored.first { $0.event.id == id }?.event
        case nil: nil
        }
    }

    public func append(_ drafts: [LedgerEvent], check: (any EventReading) throws -> Void) throws -> [LedgerEvent] {
        try check(self)
        let ids = Set(stored.map(\.event.id))
        if let duplicate = drafts.first(where: { ids.contains($0.id) }) {
            throw StoreError.sqlite(
                SQLiteError(code: 2067, message: "UNIQUE constraint failed: events.id (\(duplicate.id))"))
        }
        var head = try chainHead()
        var appended: [(event: LedgerEvent, hash: String)] = []
        for var event in drafts {
            event.sequence = head.count + 1
            // The SQLite appender's rule: nothing the ledger could not read back.
            if let problem = EventRecordV1.readsBack(event) { throw StoreError.unreadableDraft(problem) }
            let hash = HashChain.hash(previous: head.hash, record: EventRecordV1(event))
            appended.append((event, hash))
            head = ChainHead(count: event.sequence, hash: hash)
        }
        stored += appended
        return appended.map(\.event)
    }

    public func chainHead() throws -> ChainHead {
        guard let last = stored.last else { return ChainHead(count: 0, hash: HashChain.genesis) }
        return ChainHead(count: last.event.sequence, hash: last.hash)
    }

    public func verifyChain() throws -> ChainVerification {
        var previous = HashChain.genesis
        for entry in stored {
            guard HashChain.hash(previous: previous, record: EventRecordV1(entry.event)) == entry.hash else {
                let broken = ChainBreak(
                    sequence: entry.event.sequence, id: entry.event.id.text, reason: "hash mismatch")
                return ChainVerification(head: try chainHead(), firstBreak: broken)
            }
            previous = entry.hash
        }
        return ChainVerification(head: try chainHead(), firstBreak: nil)
    }

    public func setting(_ key: String) throws -> String? { settings[key] }

    public func setSetting(_ key: String, _ value: String) throws { settings[key] = value }

    public func allSettings() throws -> [String: String] { settings }
}
