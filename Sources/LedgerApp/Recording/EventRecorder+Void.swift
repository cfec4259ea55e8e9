import LedgerCore
import LedgerStore

extension EventRecorder {
    /// `reason` when it can be a void's reason: given, not only spaces, and not too long
    /// (``VoidError``; `reference` is the event as the user named it, for the example).
    public static func checkReason(_ reason: String?, reference: String) throws -> String {
        guard let reason, !reason.allSatisfy(\.isWhitespace) else {
            throw VoidError.missingReason(id: reference)
        }
        if reason.utf8.count > LedgerEvent.maximumTextBytes {
            throw VoidError.reasonTooLong(bytes: reason.utf8.count)
        }
        return reason
    }

    /// ``void(reference:reason:in:)`` on the event log of `books` (a ledger opened to amend, or
    /// a user's books in a server's database).
    public func void(reference: String, reason: String?, in books: OpenBooks) throws
        -> (void: LedgerEvent, target: LedgerEvent)
    {
        try void(reference: reference, reason: reason, in: books.events)
    }

    /// ``void(reference:reason:in:)`` on the ledger of `opener`, opened to amend once the
    /// reason is checked; without a ledger there the event is not found (nothing is created).
    public func void(reference: String, reason: String?, opener: LedgerOpener) throws
        -> (void: LedgerEvent, target: LedgerEvent)
    {
        let reason = try Self.checkReason(reason, reference: reference)
        guard try opener.exists() else { throw StoreError.eventNotFound(reference: reference) }
        return try void(reference: reference, reason: reason, in: opener.open(.amend))
    }

    /// Cancels the event `reference` names (`12`, `#12` or its id) by appending a void; nothing
    /// is erased. Refused, nothing written, when the reason is missing, the event is not found
    /// (``StoreError``), is a void itself or voided already (``VoidError``), or cancelling it
    /// would leave a later event short (``HoldingsError``), all checked under the write lock.
    public func void(reference: String, reason: String?, in events: any EventStore) throws
        -> (void: LedgerEvent, target: LedgerEvent)
    {
        let reason = try Self.checkReason(reason, reference: reference)
        let target = try events.requireEvent(reference)
        let draft = LedgerEvent(
            id: context.newEventID(), occurredAt: context.now, recordedAt: context.now,
            account: target.account, action: .void(target: target.id, reason: reason)
        )
        let appended = try events.append([draft]) { reader in try Self.checkVoidable(reference, reader) }
        return (appended[0], target)
    }

    /// Under the write lock: the target exists, is not a void, is not voided yet, and
    /// cancelling it leaves no later event short.
    private static func checkVoidable(_ reference: String, _ reader: any EventReading) throws {
        let target = try reader.requireEvent(reference)
        if case .void(let cancelled, _) = target.action {
            let number = try reader.event(reference: cancelled.text).map { "#\($0.sequence)" } ?? cancelled.text
            throw VoidError.targetIsVoid(sequence: target.sequence, cancelled: number)
        }
        let voids = try reader.events(touching: [])
        if let earlier = voids.first(where: { if case .void(target.id, _) = $0.action { true } else { false } }),
            case .void(_, let why) = earlier.action
        {
            throw VoidError.alreadyVoided(sequence: target.sequence, voidSequence: earlier.sequence, reason: why)
        }
        try HoldingsGuard.checkVoid(of: target, against: reader)
    }
}
