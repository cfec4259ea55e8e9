import Glibc
import LedgerStore

/// The ledger an import writes to. An existing ledger is opened where it is. A ledger that does
/// not exist yet is built beside its path and moved into place only when the import succeeds,
/// so a failed first import leaves nothing behind; while nobody else can see it, it is written
/// through a rollback journal (``SQLiteEventStore/withRollbackJournal(_:)``) with its per-row
/// insert checks made once at the end (``SQLiteEventStore/withInsertChecksDeferred(_:)``). A
/// dry run with no ledger works on an empty one in memory and creates nothing.
enum ImportTarget {
    /// Runs `body` with the ledger to import into; returns whether a ledger existed at `path`.
    @discardableResult
    /// `state` holds the ledger's anchor: checked before an existing ledger is written, made
    /// anew for a new one.
    static func run(path: String, state: StateDirectory?, dryRun: Bool, _ body: (SQLiteEventStore) throws -> Void) throws -> Bool {
        if SQLiteEventStore.exists(at: path) {
            let store = try SQLiteEventStore(path: path, mode: .createIfMissing)
            store.stateDirectory = state
            try store.anchorOnOpen()
            try body(store)
            return true
        }
        if dryRun {
            try body(SQLiteEventStore(path: ":memory:", mode: .createIfMissing))
            return false
        }
        let temporary = path + ".import-\(getpid())"
        do {
            do {
                // Closed before the link: its WAL and shared-memory files are named after
                // `temporary`.
                let store = try SQLiteEventStore(path: temporary, mode: .createIfMissing)
                try store.withRollbackJournal { try store.withInsertChecksDeferred { try body(store) } }
            }
            guard link(temporary, path) == 0 else {
                throw CommandFailure.data("a ledger appeared at '\(path)' during the import; import again")
            }
            unlink(temporary)
            // An anchor left by a ledger that was at this path before describes that one.
            let store = try SQLiteEventStore(path: path, mode: .mustExist)
            store.stateDirectory = state
            try store.acceptAnchor()
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
            throw error
        }
        return false
    }
}
