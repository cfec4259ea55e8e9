/// The event log's migrations: the `events` table, its append-only triggers and indexes, and
/// the replay rows (``ReplayRows``). ``Schema`` collects them with the other features'.
enum EventLogSchema {
    static let migrations: [Migration] = [
        Migration(
            name: "0001-events",
            sql: """
                CREATE TABLE events (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    schema INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    occurred_at INTEGER NOT NULL,
                    recorded_at INTEGER NOT NULL,
                    account TEXT NOT NULL,
                    asset TEXT, asset_class TEXT, quantity TEXT, price TEXT, quote TEXT,
                    counter_asset TEXT, counter_class TEXT, counter_quantity TEXT,
                    to_account TEXT, income_kind TEXT, split_ratio TEXT,
                    void_target TEXT, reason TEXT,
                    fee TEXT, fee_asset TEXT, fee_class TEXT,
                    note TEXT NOT NULL,
                    source TEXT NOT NULL, batch TEXT, fingerprint TEXT,
                    prev_hash TEXT NOT NULL,
                    hash TEXT NOT NULL
                ) STRICT;
                CREATE INDEX events_asset ON events(asset);
                CREATE INDEX events_counter_asset ON events(counter_asset) WHERE counter_asset IS NOT NULL;
                CREATE UNIQUE INDEX events_fingerprint ON events(fingerprint) WHERE fingerprint IS NOT NULL;
                CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
                BEGIN SELECT RAISE(ABORT, 'events are append-only: UPDATE refused; record a void instead'); END;
                CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
                BEGIN SELECT RAISE(ABORT, 'events are append-only: DELETE refused; record a void instead'); END;
                CREATE TRIGGER events_contiguous_seq BEFORE INSERT ON events
                WHEN NEW.seq IS NOT (SELECT COALESCE(MAX(seq), 0) + 1 FROM events)
                BEGIN SELECT RAISE(ABORT, 'events are append-only: seq must follow the last event'); END;
                """),
        // Voids are few but every replay and `log` reads them all: a partial index finds them
        // without scanning the whole table (0.1 s per command on a 1M-event ledger).
        Migration(
            name: "0008-void-index",
            sql: """
                CREATE INDEX events_voids ON events(seq) WHERE kind = 'void';
                """),
        // The replay form of every event (LedgerStore/Events/ReplayRows): one BLOB per event in
        // replay order, 10x cheaper for SQLite to hand over than the 27 columns.
        Migration(name: "0009-replay-rows", sql: ReplayRows.migrationSQL, fill: ReplayRows.fill),
        // The same rule as 0001's `events_contiguous_seq` (seq 1, then each one more than the
        // last), checked after the row is in: SQLite handles a BEFORE trigger on a rowid table
        // on a slower insert path, which cost 1.3 µs of every appended event (an eighth of a
        // 1M-row import's writing; docs/PERFORMANCE.md). Valid rows are exactly those that are
        // the new maximum and follow an existing row, or are row 1.
        Migration(
            name: "0010-contiguous-seq-after-insert",
            sql: """
                DROP TRIGGER events_contiguous_seq;
                CREATE TRIGGER events_contiguous_seq AFTER INSERT ON events
                WHEN NEW.seq IS NOT (SELECT MAX(seq) FROM events)
                  OR NOT (NEW.seq = 1 OR EXISTS (SELECT 1 FROM events WHERE seq = NEW.seq - 1))
                BEGIN SELECT RAISE(ABORT, 'events are append-only: seq must follow the last event'); END;
                """),
        // Record version 2: the total a buy or sell was given for (`@@ 100`, a CSV total
        // column), kept exactly. Existing rows get NULL, which is what a version-1 record
        // holds, so their hashes and replay rows stay as they are. The append-only triggers
        // are on UPDATE and DELETE; adding a column fires neither.
        Migration(
            name: "0011-event-total",
            sql: """
                ALTER TABLE events ADD COLUMN total TEXT;
                """),
        // Record version 4: a transfer link names the withdrawal and the deposit it reads as
        // one transfer. NULL in every row before it, as in every record of versions 1 and 2.
        // Links are few and every replay reads them all first, as voids: a partial index.
        Migration(
            name: "0017-transfer-links",
            sql: """
                ALTER TABLE events ADD COLUMN link_withdrawal TEXT;
                ALTER TABLE events ADD COLUMN link_deposit TEXT;
                CREATE INDEX events_links ON events(seq) WHERE kind = 'link';
                """),
        // Record version 5: the transaction hash and the address a deposit's or withdrawal's
        // row gave. NULL in every row before it, as in every record of versions 1 to 4, so
        // their hashes and replay rows stay as they are.
        Migration(
            name: "0018-event-chain-reference",
            sql: """
                ALTER TABLE events ADD COLUMN tx_hash TEXT;
                ALTER TABLE events ADD COLUMN address TEXT;
                """),
    ]
}
