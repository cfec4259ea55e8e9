import LedgerCore
import LedgerStore

/// What one round of matching did: the link events appended, the withdrawals or deposits that
/// fit more than one event (listed, never guessed), and the deposits left with no known source.
public struct TransferMatchSummary: Sendable {
    public let linked: [LedgerEvent]
    public let ambiguous: [AmbiguousTransfer]
    public let unmatchedDeposits: Int

    /// The line an import ends with when it linked a transfer:
    /// `Linked 3 transfers between your accounts; 2 deposits have no known source ('ledger transfers --unmatched').`
    public var line: String {
        let count = linked.count
        var text = "Linked \(count) transfer\(count == 1 ? "" : "s") between your accounts"
        if unmatchedDeposits > 0 {
            text +=
                "; \(unmatchedDeposits) deposit\(unmatchedDeposits == 1 ? " has" : "s have") no known source ('ledger transfers --unmatched')"
        }
        if !ambiguous.isEmpty {
            text += "; \(ambiguous.count) fit more than one event ('ledger transfers --unmatched')"
        }
        return text + "."
    }
}

/// The use cases of `ledger transfers` (and the match after every import): matching
/// withdrawals to deposits (``TransferMatcher``), linking and unlinking by hand. A link is an
/// event appended under the write lock; unlinking appends a void of it.
public struct TransferService: Sendable {
    public let context: AppContext

    public init(context: AppContext) {
        self.context = context
    }

    /// The log as `ledger transfers` lists it.
    public func book(_ events: any EventReading) throws -> TransferBook {
        TransferBook(try events.events(ofKinds: TransferBook.kinds))
    }

    /// Links every pair the matcher finds among the unlinked withdrawals and deposits.
    public func match(in events: any EventStore, options: TransferMatchOptions = TransferMatchOptions()) throws
        -> TransferMatchSummary
    {
        let book = try book(events)
        let found = TransferMatcher.match(book.candidates, options: options)
        let byID = Dictionary(uniqueKeysWithValues: book.candidates.map { ($0.event.id, $0.event) })
        let drafts = found.links.compactMap { link in
            byID[link.deposit].map { draft(link, withdrawal: byID[link.withdrawal]!, deposit: $0) }
        }
        let appended =
            drafts.isEmpty ? [] : try events.append(drafts) { reader in try Self.checkUnlinked(drafts, reader) }
        let linkedDeposits = Set(found.links.map(\.deposit))
        return TransferMatchSummary(
            linked: appended, ambiguous: found.ambiguous,
            unmatchedDeposits: book.unmatchedDeposits.count { !linkedDeposits.contains($0.id) })
    }

    /// Links `withdrawal` and `deposit` (`12`, `#12` or an id) by hand, or refuses with one
    /// sentence (``TransferError``) when they cannot be one transfer or either is linked.
    public func link(withdrawal: String, deposit: String, in events: any EventStore) throws -> LedgerEvent {
        let (sent, arrived) = (try events.requireEvent(withdrawal), try events.requireEvent(deposit))
        let link: TransferLink
        do {
            link = try TransferLink.checked(withdrawal: sent, deposit: arrived, rule: .manual)
        } catch {
            throw TransferError.cannotLink(error)
        }
        let draft = draft(link, withdrawal: sent, deposit: arrived)
        return try events.append([draft]) { reader in try Self.checkUnlinked([draft], reader) }[0]
    }

    /// Unlinks the link `reference` names by appending a void of it; the two events read as
    /// they did before it.
    public func unlink(_ reference: String, in events: any EventStore) throws -> (void: LedgerEvent, link: LedgerEvent)
    {
        let target = try events.requireEvent(reference)
        guard target.kind == .link else { throw TransferError.notALink(sequence: target.sequence, kind: target.kind) }
        let (void, _) = try EventRecorder(context: context).void(
            reference: target.id.text, reason: "unlinked with 'ledger transfers unlink'", in: events)
        return (void, target)
    }

    /// The link event: in the withdrawal's account, dated when the deposit arrived (so a
    /// report as of an earlier time reads the two events as they are).
    private func draft(_ link: TransferLink, withdrawal: LedgerEvent, deposit: LedgerEvent) -> LedgerEvent {
        LedgerEvent(
            id: context.newEventID(), occurredAt: deposit.occurredAt, recordedAt: context.now,
            account: withdrawal.account, action: .link(link))
    }

    /// Under the write lock: neither event of any draft is voided or linked by now.
    private static func checkUnlinked(_ drafts: [LedgerEvent], _ reader: any EventReading) throws {
        let book = TransferBook(try reader.events(ofKinds: TransferBook.kinds))
        for case .link(let link) in drafts.map(\.action) {
            for reference in [link.withdrawal, link.deposit] {
                guard let event = try reader.event(reference: reference.text) else {
                    throw StoreError.eventNotFound(reference: reference.text)
                }
                if let linked = book.link(of: event) {
                    throw TransferError.cannotLink(.alreadyLinked(sequence: event.sequence, link: linked.sequence))
                }
            }
        }
    }
}
