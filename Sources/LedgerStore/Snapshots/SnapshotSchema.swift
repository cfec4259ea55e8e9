/// The `snapshots` table and the price table's change counter that tells a snapshot it is
/// stale (``LedgerSnapshots``); 0005 also adds the replay-order index of `events`.
enum SnapshotSchema {
    static let migrations: [Migration] = [
        // Replay reads events in (occurred_at, seq) order straight from this index: no sort.
        Migration(
            name: "0005-replay-and-snapshots",
            sql: """
                CREATE INDEX events_replay ON events(occurred_at, seq);
                CREATE TABLE snapshots (
                    key TEXT PRIMARY KEY,
                    seq INTEGER NOT NULL,
                    head TEXT NOT NULL,
                    last_occurred INTEGER NOT NULL,
                    prices_version INTEGER NOT NULL,
                    uses_prices INTEGER NOT NULL,
                    data BLOB NOT NULL
                ) STRICT;
                CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
                INSERT INTO counters VALUES ('prices', 0);
                CREATE TRIGGER prices_count_insert AFTER INSERT ON prices
                BEGIN UPDATE counters SET value = value + 1 WHERE name = 'prices'; END;
                CREATE TRIGGER prices_count_update AFTER UPDATE ON prices
                BEGIN UPDATE counters SET value = value + 1 WHERE name = 'prices'; END;
                CREATE TRIGGER prices_count_delete AFTER DELETE ON prices
                BEGIN UPDATE counters SET value = value + 1 WHERE name = 'prices'; END;
                """),
        // Snapshots are bound to the chain and sealed: `mac` is an HMAC of the row and its
        // bytes under the user's key (SnapshotSeal). Rows saved before have none and are
        // dropped; the next report rebuilds them.
        Migration(
            name: "0014-snapshot-mac",
            sql: """
                DELETE FROM snapshots;
                ALTER TABLE snapshots ADD COLUMN mac BLOB;
                """),
    ]
}
