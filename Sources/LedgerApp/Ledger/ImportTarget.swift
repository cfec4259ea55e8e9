import Glibc
import LedgerStore

/// The ledger an import writes to (``LedgerOpener/importing(dryRun:_:)``). An existing ledger is opened where it is. A ledger that does
/// not exist yet is built beside its path, in a ``TemporaryFile`` (an unpredictable name,
/// created exclusively, mode 0600, locked while in use), and linked into place only when the
/// import succeeds, so a failed first import leaves nothing behind and a killed one leaves a
/// file the next import removes; while nobody else can see it, it is written through a
/// rollback journal (``Ledger/withRollbackJournal(_:)``) with its per-row insert
/// checks made once at the end (``Ledger/withInsertChecksDeferred(_:)``). A dry run
/// with no ledger works on an empty one in memory and creates nothing.
enum ImportTarget {
    /// Runs `body` with the ledger to import into; returns whether a ledger existed at `path`.
    /// `state` holds the ledger's anchor: checked before an existing ledger is written, made
    /// anew for a new one.
    @discardableResult
    static func run(
        path: String, state: StateDirectory?, dryRun: Bool, notices: any NoticeSink,
        _ body: (Ledger) throws -> Void
    ) throws -> Bool {
        if !dryRun { TemporaryFile.removeStale(beside: path, reporting: notices) }
        if Ledger.exists(at: path) {
            let store = try Ledger(path: path, mode: .createIfMissing)
            store.stateDirectory = state
            try store.anchor.checkOnOpen()
            try body(store)
            return true
        }
        if dryRun {
            try body(Ledger(path: ":memory:", mode: .createIfMissing))
            return false
        }
        try Ledger.createDirectories(for: path)
        let temporary = try TemporaryFile(beside: path, kind: .database)
        // On failure; a successful import discards it as soon as it is linked (below).
        defer { temporary.discard() }
        do {
            // Closed before the link: its journal and WAL files are named after the temporary.
            let store = try Ledger(path: temporary.path, mode: .createIfMissing)
            try store.withRollbackJournal { try store.events.withInsertChecksDeferred { try body(store) } }
        }
        guard link(temporary.path, path) == 0 else {
            throw AppError.ledgerAppearedDuringImport(path: path)
        }
        // Let go of the temporary name and its descriptor before the first connection to the
        // linked file opens: closing the descriptor later would drop that connection's locks
        // (and those of any other connection this process opens at the path meanwhile).
        temporary.discard()
        // An anchor left by a ledger that was at this path before describes that one.
        let store = try Ledger(path: path, mode: .mustExist)
        store.stateDirectory = state
        try store.anchor.accept()
        return false
    }
}
