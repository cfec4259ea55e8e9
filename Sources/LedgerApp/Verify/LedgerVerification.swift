import LedgerCore
import LedgerStore

/// `ledger verify` as a use case: the hash chain walked, the invariants beyond it checked, an
/// expected head looked up, the ledger held against this user's anchor (or re-anchored with
/// `accept`), and the snapshots that will not be used named. What the chain ends in is the
/// answer; every failure is a ``VerifyError`` (or the store's).
public struct LedgerVerification {
    public let opener: LedgerOpener

    public init(opener: LedgerOpener) {
        self.opener = opener
    }

    /// What a chain that verified ends in.
    public struct Verified: Equatable, Sendable {
        /// The number of events, and the hex SHA-256 of the last (64 zeros for none).
        public let events: Int64
        public let head: String
        /// The event whose hash is the expected head, when one was given.
        public let headEvent: Int64?
    }

    /// `--head`: 64 hex digits, lowercased; anything else is a usage error.
    public static func parseHead(_ text: String) throws -> String {
        let hash = text.lowercased()
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw VerifyError.notAChainHead(text)
        }
        return hash
    }

    /// Verifies the ledger; `expectedHead` (parsed by ``parseHead(_:)``) must be an event of it.
    public func run(expectedHead: String?, accept: Bool) throws -> Verified {
        let store = try opener.open(.read(checkingAnchor: false))
        // The chain walk decodes every event: each is checked as an event there, and the
        // holdings folded when the walk's order is the replay's, not in a second read of the log.
        var invalid: String?
        var holdings = WalkHoldings()
        let result = try store.events.verifyChain { event in
            if invalid == nil { invalid = Self.validityProblem(event) }
            holdings.visit(event)
        }
        if let broken = result.firstBreak { throw VerifyError.brokenChain(broken) }
        if let problem = try invalid ?? Self.logProblem(in: store, walked: holdings) {
            throw VerifyError.invariant(problem)
        }
        let headEvent = try expectedHead.map { hash in
            guard let sequence = try store.events.sequence(ofHash: hash) else {
                throw VerifyError.unknownHead(hash: hash)
            }
            return sequence
        }
        try checkAnchor(store, accept: accept)
        for problem in try store.snapshots.problems() {
            opener.context.notices.warning(
                "snapshot '\(problem.key)' at #\(problem.sequence) is not used: \(problem.reason)")
        }
        return Verified(events: result.head.count, head: result.head.hash, headEvent: headEvent)
    }

    /// The ledger against this user's anchor (docs/EVENTS.md, "Threat model"): a mismatch
    /// fails, unless `accept` re-anchors it at the head just verified.
    private func checkAnchor(_ store: Ledger, accept: Bool) throws {
        if accept {
            guard let anchor = store.anchor.stored else { throw VerifyError.noStateDirectory }
            guard let head = try store.anchor.accept() else { throw StoreError.anchorUnwritable(file: anchor.file) }
            opener.context.notices.note("anchored '\(store.path)' at event #\(head.count)")
            return
        }
        guard case .mismatch(let mismatch) = try store.anchor.check() else { return }
        throw VerifyError.anchorMismatch(mismatch)
    }

    /// Every event is valid, voids name existing, non-void events once each; no event takes
    /// out more than is held. Read in passes over the store (every event, the voids, the
    /// replay), so memory does not grow with the log.
    public static func invariantProblem(in store: Ledger) throws -> String? {
        var invalid: String?
        try store.events.forEachEvent { event in
            if invalid == nil { invalid = validityProblem(event) }
        }
        return try invalid ?? logProblem(in: store)
    }

    /// What is wrong with `event` on its own, as `verify` words it.
    static func validityProblem(_ event: LedgerEvent) -> String? {
        event.validate(limits: false).map { "event #\(event.sequence) is not a valid event: \($0.message)" }
    }

    /// The invariants across events: the voids' targets, then the holdings in replay order
    /// (folded by the walk when it could, ``WalkHoldings``, else in a pass of their own).
    static func logProblem(in store: Ledger, walked: WalkHoldings = .notFolded) throws -> String? {
        if let problem = try voidProblem(in: store) { return problem }
        let shortfall = try walked.firstShortfall {
            var book = PositionBook()
            var shortfall: Shortfall?
            try store.events.forEachEffectiveEvent(through: Timestamp(secondsSinceEpoch: .max)) { event in
                book.apply(event, keepingFirst: &shortfall)
            }
            return shortfall
        }
        guard let shortfall else { return nil }
        return
            "event #\(shortfall.event.sequence) (\(shortfall.event.summary)) takes \(shortfall.needed) \(shortfall.key.asset) from '\(shortfall.key.account)' where \(shortfall.held) was held"
    }

    private static func voidProblem(in store: Ledger) throws -> String? {
        var voided: Set<EventID> = []
        for event in try store.events.voidEvents() {
            guard case .void(let target, _) = event.action else { continue }
            guard let cancelled = try store.events.event(reference: target.text), cancelled.kind != .void else {
                return "event #\(event.sequence) voids \(target), which is not an event that can be voided"
            }
            guard voided.insert(target).inserted else {
                return "event #\(event.sequence) voids #\(cancelled.sequence) a second time"
            }
        }
        return nil
    }
}
