/// Keeping the ledger's ``ChainAnchor`` in step with its writes, and checking it on open.
public struct LedgerAnchor: AnchorStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }
    var path: String { ledger.path }

    /// The anchor file of this ledger; nil for one in memory or without a state directory.
    public var stored: ChainAnchor? {
        path == ":memory:" ? nil : ledger.stateDirectory?.anchor(for: path)
    }

    /// The cheap check every command makes on open (two reads: the anchor file and the last
    /// event). With no anchor yet, one is made from the current head.
    public func check() throws -> AnchorCheck {
        guard let anchor = stored else { return .unanchored }
        return try anchor.locked {
            let head = try ledger.events.chainHead()
            guard let state = anchor.read() else {
                return anchor.write(.init(previous: head, next: head)) ? .created : .unanchored
            }
            guard state.allows(head) else {
                return .mismatch(AnchorMismatch(anchored: state.next, found: head, anchorFile: anchor.file))
            }
            // A writer that died between its COMMIT and confirming: confirm for it.
            if head == state.next, state.previous != head {
                anchor.write(.init(previous: head, next: head, verified: state.verified))
            }
            return .matches
        }
    }

    /// Throws ``StoreError/anchorMismatch(path:_:)`` unless the anchor matches (or there is none).
    public func require() throws {
        if case .mismatch(let mismatch) = try check() { throw StoreError.anchorMismatch(path: path, mismatch) }
    }

    /// What every command does on open: a ledger this open created is anchored anew (an anchor
    /// left at its path describes an earlier ledger); any other must match its anchor.
    public func checkOnOpen() throws {
        if ledger.created { try accept() } else { try require() }
    }

    /// Re-anchors the ledger at its current head (after a full `verify`: a ledger restored
    /// from a backup or brought from another machine; or a ledger just created); returns the
    /// head, or nil when there is no anchor to write or it could not be written.
    @discardableResult
    public func accept() throws -> ChainHead? {
        guard let anchor = stored else { return nil }
        return try anchor.locked {
            let head = try ledger.events.chainHead()
            let schema = try ledger.guarded { try schemaCookie() }
            return anchor.write(.init(previous: head, next: head, verified: .init(head: head, schema: schema)))
                ? head : nil
        }
    }

    /// Inside a write transaction, just before its COMMIT: checks that the ledger still ends
    /// where the anchor allows, and records the head found and the head about to be
    /// committed. Returns that head for ``confirm(_:)`` (nil when nothing was appended).
    /// `appended`: the events this transaction appended, when its caller walked them already.
    func beforeCommit(from before: ChainHead, appended: (from: ChainHead, to: ChainHead)? = nil) throws -> ChainHead? {
        guard let anchor = stored else { return nil }
        let after = try ChainLinker.chainHead(database)
        guard after != before else { return nil }
        try anchor.locked {
            let state = anchor.read()
            if let state, !state.allows(before) {
                throw StoreError.anchorMismatch(
                    path: path, AnchorMismatch(anchored: state.next, found: before, anchorFile: anchor.file))
            }
            // Nothing is appended onto a chain that fails verification.
            let verified = try verifiedPoint(after: state?.verified, appended: appended)
            // With no anchor and no way to make one the ledger is simply not anchored; an
            // anchor that cannot be advanced would make the next open refuse the ledger.
            if !anchor.write(.init(previous: before, next: after, verified: verified)), state != nil {
                throw StoreError.anchorUnwritable(file: anchor.file)
            }
        }
        return after
    }

    /// After the COMMIT: the anchor says the write is done, unless a later writer has
    /// already recorded its own.
    func confirm(_ committed: ChainHead?) {
        guard let anchor = stored, let committed else { return }
        anchor.locked {
            guard let state = anchor.read(), state.next == committed, state.previous != committed else { return }
            anchor.write(.init(previous: committed, next: committed, verified: state.verified))
        }
    }

    /// The check every command makes after the anchor's (docs/EVENTS.md, "Threat model"):
    /// the chain walked from the last verified point to the head, which is cheap (no event
    /// at all when the last write verified up to it), or from the first event when the
    /// file's schema changed since (an append-only trigger dropped to edit an event). Nil
    /// when intact (the point then moves to the head) or when there is no anchor; else the
    /// first event that does not match.
    public func unverifiedBreak() throws -> ChainBreak? {
        guard let anchor = stored else { return nil }
        return try anchor.locked {
            let state = anchor.read()
            do {
                let point = try ledger.guarded {
                    try database.readTransaction { try verifiedPoint(after: state?.verified) }
                }
                if let state, state.verified != point {
                    anchor.write(.init(previous: state.previous, next: state.next, verified: point))
                }
                return nil
            } catch StoreError.chainBroken(_, let broken) {
                return broken
            }
        }
    }

    /// Throws ``StoreError/chainBroken(path:_:)`` unless ``unverifiedBreak()`` finds none.
    public func requireVerifiedChain() throws {
        if let broken = try unverifiedBreak() { throw StoreError.chainBroken(path: path, broken) }
    }

    /// Walks the chain after `point` (after the first event's genesis when the point is
    /// missing, or the schema or the chain no longer match it) to the head; the new point,
    /// or ``StoreError/chainBroken(path:_:)``.
    /// `appended` (walked already, in this transaction) is not walked again.
    private func verifiedPoint(
        after point: ChainAnchor.Verified?, appended: (from: ChainHead, to: ChainHead)? = nil
    ) throws -> ChainAnchor.Verified {
        let schema = try schemaCookie()
        let head = try ChainLinker.chainHead(database)
        var start = ChainHead(count: 0, hash: HashChain.genesis)
        // A point is trusted only while the event at it still has its hash: a writer that
        // died before its COMMIT may have left a point the chain never reached.
        if let point, point.schema == schema, point.head.count <= head.count,
            try storedHash(at: point.head.count) == point.head.hash
        {
            start = point.head
        }
        if let appended, appended.to == head, start.count <= appended.from.count {
            let before = try LedgerEvents.walk(database, after: start, through: appended.from.count)
            if before.firstBreak == nil, before.head == appended.from { return .init(head: head, schema: schema) }
        }
        let result = try LedgerEvents.walk(database, after: start)
        if let broken = result.firstBreak { throw StoreError.chainBroken(path: path, broken) }
        return .init(head: result.head, schema: schema)
    }

    /// The stored hash of event `count` (the genesis hash for 0; nil when there is none).
    private func storedHash(at count: Int64) throws -> String? {
        guard count > 0 else { return HashChain.genesis }
        let statement = try database.prepare("SELECT hash FROM events WHERE seq = ?")
        defer { statement.reset() }
        try statement.bind([.integer(count)])
        return try statement.step() ? statement.text(0) : nil
    }

    /// SQLite's schema cookie, which every change to the schema (a trigger dropped) moves.
    private func schemaCookie() throws -> Int64 {
        try database.scalarInt("PRAGMA schema_version") ?? 0
    }
}
