/// Loading a new ledger in bulk: the per-row triggers set aside while it is filled, what they
/// check row by row checked once over the whole log, and what they count counted by the
/// writers, before they are put back.
extension LedgerEvents {
    /// The triggers that run for every row written: the insert checks, and the two counters'
    /// updates (each an UPDATE of `counters` for every replay row and every price, ~6,000
    /// instructions a row: 15 % of the SQLite work of an import's append, docs/PERFORMANCE.md).
    /// While they are set aside, the writers keep the counts, once a statement
    /// (``keepsCount(_:_:)``). The append-only UPDATE and DELETE triggers stay in place throughout.
    static let perRowTriggers = [
        "events_contiguous_seq", "events_no_replace", "event_replay_follows_events", "event_replay_count",
        "prices_count_insert", "prices_count_update",
    ]

    /// True when `trigger`, one of the counters' per-row triggers, is set aside (a bulk load):
    /// the writer then keeps its count itself.
    static func keepsCount(_ trigger: String, _ database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        try database.scalarInt("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?", [.text(trigger)])
            == nil
    }

    /// Runs `body` without ``perRowTriggers``, then checks that the events are numbered
    /// 1…N without a gap and that every event has exactly its replay row (and the count the
    /// appender kept says so), and recreates the triggers from their stored definitions,
    /// unchanged.
    ///
    /// Only for a ledger no other process can see: the one an import builds beside its path
    /// (``withRollbackJournal(_:)``). Why: row by row those checks cost about 2 s of a 1M-row
    /// import (docs/PERFORMANCE.md); in bulk, a scan of each table. If `body` or the check throws, the triggers are not put back: the caller
    /// deletes the file.
    public func withInsertChecksDeferred<T>(_ body: () throws -> T) throws -> T {
        let definitions = try ledger.guarded { try triggerDefinitions(Self.perRowTriggers) }
        try ledger.guarded { for name in Self.perRowTriggers { try database.execute("DROP TRIGGER \(name)") } }
        let result = try body()
        try ledger.guarded {
            try database.immediateTransaction {
                try checkLoadedLog()
                for sql in definitions { try database.execute(sql) }
            }
        }
        return result
    }

    /// The stored `CREATE TRIGGER` statements of `names`, in that order.
    private func triggerDefinitions(_ names: [String]) throws -> [String] {
        let statement = try database.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?")
        return try names.map { name in
            defer { statement.reset() }
            try statement.bind([.text(name)])
            guard try statement.step(), let sql = statement.text(0) else {
                throw StoreError.corruptRecord("the ledger has no trigger '\(name)'")
            }
            return sql
        }
    }

    /// What the per-row triggers check, over the whole log at once.
    private func checkLoadedLog() throws {
        let count = try database.scalarInt("SELECT count(*) FROM events") ?? 0
        let first = try database.scalarInt("SELECT min(seq) FROM events") ?? 1
        let last = try database.scalarInt("SELECT max(seq) FROM events") ?? 0
        guard count == last, first == 1 || count == 0 else {
            throw StoreError.corruptRecord("the events loaded are not numbered 1 to \(count)")
        }
        // (occurred_at, seq) is the replay rows' key and seq the events': as many rows as
        // events, each matching one, is one row per event.
        let rows = try database.scalarInt("SELECT count(*) FROM event_replay") ?? 0
        let counted = try ReplayRows.count(database)
        let matching =
            try database.scalarInt(
                """
                SELECT count(*) FROM event_replay r JOIN events e ON e.seq = r.seq AND e.occurred_at = r.occurred_at
                """) ?? 0
        guard rows == count, matching == count, counted == count else {
            throw StoreError.corruptRecord("the replay rows loaded do not match the events one for one")
        }
    }
}
