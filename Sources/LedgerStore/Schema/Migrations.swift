/// One named schema change. Migrations run once each, in order, inside a transaction, and the
/// names of those applied are recorded in `schema_migrations`.
struct Migration: Sendable {
    let name: String
    let sql: String
    /// Work SQL cannot express (packing existing rows), run after `sql` in its transaction.
    var fill: (@Sendable (SQLiteDatabase) throws -> Void)? = nil
}

enum Schema {
    /// `PRAGMA application_id`: 'LDGR'. Marks the SQLite file as a ledger.
    static let applicationID: Int64 = 0x4C44_4752

    /// Every migration this build knows, oldest first. Append only; never edit a shipped one.
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
        Migration(
            name: "0002-settings",
            sql: """
                CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                """),
        // Market data, not books: a re-recorded key replaces its price (see PriceStore).
        // The CHECKs keep `price` an exact, non-negative decimal string (digits with at most
        // one inner dot: never a REAL, a sign or an exponent) and refuse a price of X in X.
        Migration(
            name: "0003-prices",
            sql: """
                CREATE TABLE prices (
                    asset TEXT NOT NULL,
                    quote TEXT NOT NULL,
                    observed_at INTEGER NOT NULL,
                    price TEXT NOT NULL CHECK (
                        price GLOB '[0-9]*' AND price NOT GLOB '*[^0-9.]*'
                        AND price NOT GLOB '*.*.*' AND price NOT GLOB '*.'
                    ),
                    source TEXT NOT NULL,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (asset, quote, observed_at, source),
                    CHECK (asset <> quote)
                ) STRICT, WITHOUT ROWID;
                """),
        // Import receipts (LedgerStore/Imports): one row per imported file, append-only.
        Migration(name: "0004-imports", sql: ImportReceiptSchema.sql),
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
        // The market-data cache (LedgerStore/Market): candles, top lists, FX rates as published,
        // symbol → id maps and the history of conversions, each row with its fetch time.
        // Market data, not books: re-fetched keys replace their rows.
        Migration(name: "0006-market-cache", sql: MarketCacheSchema.sql),
        // Price alerts (LedgerStore/Alerts): settings, not books; rows change as alerts fire.
        Migration(name: "0007-alerts", sql: AlertSchema.sql),
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
        // A top list's coin ids (CoinGecko's `solana`): search joins figures and ranks to a
        // coin by id, since several coins share a symbol. Lists cached before have NULL.
        Migration(
            name: "0012-top-list-ids",
            sql: """
                ALTER TABLE top_lists ADD COLUMN coin_id TEXT;
                """),
        // INSERT OR REPLACE deletes the row it conflicts with; without recursive triggers (the
        // default of any other SQLite client) that deletion fires no DELETE trigger, so a
        // REPLACE of the last event, or on an id, fingerprint or import batch, rewrote the
        // log. An insert that would replace anything is refused before it happens, naming the
        // column as SQLite's UNIQUE error does (an import tells a duplicate row by it). Bulk loads
        // set it aside like the other per-row checks (SQLiteEventStore+BulkLoad).
        Migration(
            name: "0013-no-replace",
            sql: """
                CREATE TRIGGER events_no_replace BEFORE INSERT ON events
                BEGIN SELECT CASE
                    WHEN EXISTS (SELECT 1 FROM events WHERE seq = NEW.seq)
                    THEN RAISE(ABORT, 'events are append-only: an INSERT may not replace an event (events.seq is taken)')
                    WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
                    THEN RAISE(ABORT, 'events are append-only: an INSERT may not replace an event (events.id is taken)')
                    WHEN NEW.fingerprint IS NOT NULL AND EXISTS (SELECT 1 FROM events WHERE fingerprint = NEW.fingerprint)
                    THEN RAISE(ABORT, 'events are append-only: an INSERT may not replace an event (events.fingerprint is taken)')
                END; END;
                CREATE TRIGGER imports_no_replace BEFORE INSERT ON imports
                WHEN EXISTS (SELECT 1 FROM imports WHERE batch = NEW.batch)
                BEGIN SELECT RAISE(ABORT, 'import receipts are append-only: an INSERT may not replace a receipt'); END;
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

    static var currentVersion: Int { migrations.count }
}
