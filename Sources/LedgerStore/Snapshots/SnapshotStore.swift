/// Saved fold states, a cache of the replay (``LedgerSnapshots``).
public protocol SnapshotStore {
    /// The snapshot saved under `key` if it is still valid for the log and prices as they are.
    func valid(key: String) throws -> SnapshotRecord?
    /// Saves a snapshot, replacing the one under its key (skipped when it cannot be written).
    func save(_ record: SnapshotRecord)
    /// Every saved snapshot that does not belong to this chain or whose seal fails.
    func problems() throws -> [SnapshotProblem]
}
