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
            if head == state.next, state.previous != head { anchor.write(.init(previous: head, next: head)) }
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
            return anchor.write(.init(previous: head, next: head)) ? head : nil
        }
    }

    /// Inside a write transaction, just before its COMMIT: checks that the ledger still ends
    /// where the anchor allows, and records the head found and the head about to be
    /// committed. Returns that head for ``confirm(_:)`` (nil when nothing was appended).
    func beforeCommit(from before: ChainHead) throws -> ChainHead? {
        guard let anchor = stored else { return nil }
        let after = try ChainLinker.chainHead(database)
        guard after != before else { return nil }
        try anchor.locked {
            let state = anchor.read()
            if let state, !state.allows(before) {
                throw StoreError.anchorMismatch(
                    path: path, AnchorMismatch(anchored: state.next, found: before, anchorFile: anchor.file))
            }
            // With no anchor and no way to make one the ledger is simply not anchored; an
            // anchor that cannot be advanced would make the next open refuse the ledger.
            if !anchor.write(.init(previous: before, next: after)), state != nil {
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
            anchor.write(.init(previous: committed, next: committed))
        }
    }
}
