/// What both chain walks (``FastChainWalk`` and the general walk of ``LedgerEvents``) read: the
/// events after `start` through `end` in order, how many replay rows there are, and the replay
/// rows beside them (``WalkReplayRows``). ``reset()`` when the walk is done.
struct WalkRows {
    let statement: SQLiteStatement
    let covered: Int64
    let replay: WalkReplayRows

    init(_ database: SQLiteDatabase, after start: ChainHead, through end: Int64) throws {
        statement = try database.prepare(
            "SELECT \(EventColumns.list), prev_hash, hash FROM events WHERE seq > ? AND seq <= ? ORDER BY seq")
        do {
            try statement.bind([.integer(start.count), .integer(end)])
            covered = try ReplayRows.count(database)
            replay = try WalkReplayRows(database, after: start.count)
        } catch {
            statement.reset()
            throw error
        }
    }

    func reset() {
        statement.reset()
        replay.reset()
    }
}
