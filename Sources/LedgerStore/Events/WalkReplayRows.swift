/// The replay rows a chain walk compares with the events it reads in sequence order
/// (``LedgerEvents/walk(_:after:through:visiting:)``).
///
/// The rows are keyed by (occurred-at, sequence). When the log is in time order, which is how
/// imports and `add` usually leave it, that is also sequence order: the rows are then read in
/// one ordered pass beside the events (a step each) instead of an index probe per event, which
/// was a third of SQLite's share of `verify` (docs/PERFORMANCE.md). From the first event whose
/// row is not the next one in that pass (the orders part, or the row is missing), each row is
/// looked up by its key, as before. Either way an event gets exactly the row stored under its
/// own (occurred-at, sequence), or none.
final class WalkReplayRows {
    private let scan: SQLiteStatement
    private let probe: SQLiteStatement
    /// The pass is still in step with the walk.
    private var inStep = true
    /// The pass's current row was handed out; step before looking at it again.
    private var handedOut = false

    /// Starts the pass at the replay row of the event after `start` (the first one the walk
    /// reads).
    init(_ database: SQLiteDatabase, after start: Int64) throws(SQLiteError) {
        let first = try database.scalarInt("SELECT occurred_at FROM events WHERE seq = ?", [.integer(start + 1)])
        scan = try database.prepare(
            """
            SELECT occurred_at, seq, data FROM event_replay WHERE (occurred_at, seq) >= (?1, ?2)
            ORDER BY occurred_at, seq
            """)
        probe = try database.prepare("SELECT data FROM event_replay WHERE occurred_at = ?1 AND seq = ?2")
        try scan.bind([.integer(first ?? .max), .integer(start + 1)])
        inStep = try scan.step()
    }

    /// The replay row's bytes of the event at `occurredAt` and `sequence` (borrowed until the
    /// next call), nil when it has none (or an empty one).
    func data(occurredAt: Int64, sequence: Int64) throws(SQLiteError) -> UnsafeBufferPointer<UInt8>? {
        if inStep && handedOut {
            inStep = try scan.step()
            handedOut = false
        }
        if inStep && scan.int(0) == occurredAt && scan.int(1) == sequence {
            handedOut = true
            return scan.borrowedBlob(2)
        }
        inStep = false
        probe.reset()
        try probe.bind([.integer(occurredAt), .integer(sequence)])
        return try probe.step() ? probe.borrowedBlob(0) : nil
    }

    /// Ends both statements (the walk's read transaction can then end).
    func reset() {
        scan.reset()
        probe.reset()
    }
}
