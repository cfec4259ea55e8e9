import LedgerCore

/// The `event_replay` table: one ``PackedEvent`` per event, keyed by (occurred_at, seq), so a
/// replay reads one BLOB per event in replay order instead of 27 text columns.
///
/// Rows are written in the transaction that appends their events, in sequence order, and a
/// trigger refuses any other order; the `replay_rows` counter says how many there are. The
/// replay uses them only when that count equals the number of events; otherwise (a ledger whose
/// fill stopped at a row it could not decode) it reads the columns, and appends stop adding
/// rows, so nothing is ever half-covered.
enum ReplayRows {
    static let migrationSQL = """
        CREATE TABLE event_replay (
            occurred_at INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            data BLOB NOT NULL,
            PRIMARY KEY (occurred_at, seq)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO counters VALUES ('replay_rows', 0);
        CREATE TRIGGER event_replay_append_only_update BEFORE UPDATE ON event_replay
        BEGIN SELECT RAISE(ABORT, 'event_replay is append-only: UPDATE refused'); END;
        CREATE TRIGGER event_replay_append_only_delete BEFORE DELETE ON event_replay
        BEGIN SELECT RAISE(ABORT, 'event_replay is append-only: DELETE refused'); END;
        CREATE TRIGGER event_replay_follows_events BEFORE INSERT ON event_replay
        WHEN NEW.seq IS NOT (SELECT value + 1 FROM counters WHERE name = 'replay_rows')
          OR NEW.occurred_at IS NOT (SELECT occurred_at FROM events WHERE seq = NEW.seq)
        BEGIN SELECT RAISE(ABORT, 'event_replay rows follow the events: one per event, in sequence order'); END;
        CREATE TRIGGER event_replay_count AFTER INSERT ON event_replay
        BEGIN UPDATE counters SET value = NEW.seq WHERE name = 'replay_rows'; END;
        """

    static let insertSQL = "INSERT INTO event_replay (occurred_at, seq, data) VALUES (?1, ?2, ?3)"

    /// How many events have replay rows (the highest sequence covered).
    static func count(_ database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
        try database.scalarInt("SELECT value FROM counters WHERE name = 'replay_rows'") ?? 0
    }

    /// The number of events (sequences are contiguous from 1).
    static func eventCount(_ database: SQLiteDatabase) throws(SQLiteError) -> Int64 {
        try database.scalarInt("SELECT seq FROM events ORDER BY seq DESC LIMIT 1") ?? 0
    }

    /// True when every event has its replay row.
    static func areComplete(_ database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        try count(database) == eventCount(database)
    }

    /// Writes the replay row of a just-appended event when the rows cover every event before
    /// it (`covered` is how many they cover); returns how many they cover now.
    static func append(_ event: LedgerEvent, covered: Int64, using insert: SQLiteStatement) throws(SQLiteError) -> Int64
    {
        guard covered == event.sequence - 1 else { return covered }
        insert.reset()
        try insert.run([
            .integer(event.occurredAt.secondsSinceEpoch), .integer(event.sequence), .blob(PackedEvent.encode(event)),
        ])
        return event.sequence
    }

    /// Migration 0009's second half: packs the events already in the log, in sequence order,
    /// stopping at the first row that does not decode (the replay then keeps reading columns,
    /// where the damaged row is reported in context, and `verify` names it).
    static func fill(_ database: SQLiteDatabase) throws {
        // On a ledger older than 0011 (or 0017) it runs before `total` (or the link columns)
        // exist; those are then read as NULL (no event written before them can have one).
        let columns = try EventColumns.list(in: database)
        let rows = try database.prepare("SELECT \(columns) FROM events ORDER BY seq")
        defer { rows.reset() }
        let insert = try database.prepare(insertSQL)
        var covered = try count(database)
        while try rows.step() {
            guard let event = try? EventColumns.event(from: rows), event.sequence == covered + 1 else { return }
            covered = try append(event, covered: covered, using: insert)
        }
    }
}
