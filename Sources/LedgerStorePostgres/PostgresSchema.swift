import LedgerStore

/// The tables of the PostgreSQL store: one database for every user, each row keyed by its
/// user. Named, ordered migrations as in a ledger file (`Schema/Migrations.swift`), each run
/// once in the transaction that records it, under an advisory lock so that two servers
/// starting at once migrate once. A database migrated by a newer version is refused.
/// Shipped migrations are never edited.
enum PostgresSchema {
    struct Migration {
        let name: String
        /// One statement each (the extended protocol takes one at a time).
        let statements: [String]
    }

    static let migrations: [Migration] = [
        Migration(
            name: "0001-users-and-events",
            statements: [
                """
                CREATE TABLE ledger_users (
                    id BIGSERIAL PRIMARY KEY,
                    name TEXT COLLATE "C" NOT NULL UNIQUE
                )
                """,
                // The head of each user's chain: the row an append locks (`FOR UPDATE`).
                """
                CREATE TABLE chain_heads (
                    user_id BIGINT PRIMARY KEY REFERENCES ledger_users (id),
                    sequence BIGINT NOT NULL CHECK (sequence >= 0),
                    hash TEXT NOT NULL CHECK (length(hash) = 64)
                )
                """,
                // `record` is the event's canonical JSON (what the chain hashes); `symbols` the
                // assets it touches, for the balance checks' reads.
                """
                CREATE TABLE events (
                    user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                    sequence BIGINT NOT NULL CHECK (sequence > 0),
                    id TEXT COLLATE "C" NOT NULL,
                    kind TEXT NOT NULL,
                    occurred_at BIGINT NOT NULL,
                    symbols TEXT[] NOT NULL,
                    prev_hash TEXT NOT NULL CHECK (length(prev_hash) = 64),
                    hash TEXT NOT NULL CHECK (length(hash) = 64),
                    record TEXT NOT NULL,
                    PRIMARY KEY (user_id, sequence),
                    UNIQUE (user_id, id)
                )
                """,
                """
                CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    RAISE EXCEPTION 'events are append-only: % on % refused', TG_OP, TG_TABLE_NAME
                        USING ERRCODE = 'integrity_constraint_violation';
                END
                $$
                """,
                """
                CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
                FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()
                """,
                """
                CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
                FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change()
                """,
            ]),
        Migration(
            name: "0002-settings-and-prices",
            statements: [
                """
                CREATE TABLE settings (
                    user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                    key TEXT COLLATE "C" NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (user_id, key)
                )
                """,
                // The same CHECKs as the ledger file's `prices`: exact non-negative decimal
                // text, never an asset in itself. "C" collation: SQLite's byte order.
                """
                CREATE TABLE prices (
                    user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                    asset TEXT COLLATE "C" NOT NULL,
                    quote TEXT COLLATE "C" NOT NULL,
                    observed_at BIGINT NOT NULL,
                    price TEXT NOT NULL CHECK (price ~ '^[0-9]+(\\.[0-9]+)?$'),
                    source TEXT COLLATE "C" NOT NULL,
                    fetched_at BIGINT NOT NULL,
                    PRIMARY KEY (user_id, asset, quote, observed_at, source),
                    CHECK (asset <> quote)
                )
                """,
            ]),
        Migration(
            name: "0003-alerts",
            statements: [
                // Each user's last alert id: ids from 1 per user, never reused.
                """
                CREATE TABLE alert_ids (
                    user_id BIGINT PRIMARY KEY REFERENCES ledger_users (id),
                    last BIGINT NOT NULL
                )
                """,
                // The ledger file's `alerts` (migration 0007), keyed by user.
                """
                CREATE TABLE alerts (
                    user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                    id BIGINT NOT NULL,
                    asset TEXT NOT NULL,
                    asset_class TEXT,
                    quote TEXT NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('above', 'below', 'change')),
                    threshold TEXT NOT NULL CHECK (threshold ~ '^[0-9]+(\\.[0-9]+)?$'),
                    direction TEXT CHECK (direction IN ('either', 'up', 'down')),
                    window_seconds BIGINT CHECK (window_seconds > 0),
                    note TEXT NOT NULL,
                    created_at BIGINT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('armed', 'fired')),
                    last_price TEXT,
                    last_observed_at BIGINT,
                    last_source TEXT,
                    last_fired_at BIGINT,
                    PRIMARY KEY (user_id, id),
                    CHECK (asset <> quote),
                    CHECK ((kind = 'change') = (direction IS NOT NULL AND window_seconds IS NOT NULL))
                )
                """,
            ]),
        Migration(
            name: "0004-snapshots-and-price-versions",
            statements: [
                // Each user's price table's change counter (LedgerStore's `counters`).
                """
                CREATE TABLE price_versions (
                    user_id BIGINT PRIMARY KEY REFERENCES ledger_users (id),
                    value BIGINT NOT NULL
                )
                """,
                // The ledger file's `snapshots`, keyed by user; no seal (see PostgresSnapshots).
                """
                CREATE TABLE snapshots (
                    user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                    key TEXT COLLATE "C" NOT NULL,
                    sequence BIGINT NOT NULL,
                    head TEXT NOT NULL,
                    last_occurred BIGINT NOT NULL,
                    prices_version BIGINT NOT NULL,
                    uses_prices BOOLEAN NOT NULL,
                    data BYTEA NOT NULL,
                    PRIMARY KEY (user_id, key)
                )
                """,
            ]),
        accounts,
        rowLevelSecurity,
        notificationsAndReceipts,
        // A snapshot's check reads the log's latest occurred-at (a back-dated event makes it
        // stale): without this, MAX(occurred_at) read every event of the user (70–80 ms at
        // 100,000 events, each portfolio the kept answer could not give; 1.4 ms with it).
        Migration(
            name: "0008-events-by-time",
            statements: ["CREATE INDEX events_by_time ON events (user_id, occurred_at)"]),
        marketData,
        // A kept portfolio's validity reads the user's latest observed-at on each miss
        // (PostgresPrices.lastObservedAt): without this, MAX(observed_at) scanned every price
        // row (45–63 ms at 100,000 prices of one user; 0.17–0.22 ms with it,
        // Benchmarks/pg-prices-index.sh).
        Migration(
            name: "0010-prices-by-time",
            statements: ["CREATE INDEX prices_by_time ON prices (user_id, observed_at)"]),
        sharedValues,
    ]

    /// An arbitrary constant: the advisory lock migrations hold.
    static let migrationLock: Int64 = 0x4C45_4447_4552

    /// Applies the migrations this database lacks, or throws ``StoreError/newerSchema`` when
    /// it has one this version does not know.
    static func migrate(_ session: PostgresSession, location: String) throws {
        try session.transaction {
            var binds = PostgresBindings()
            binds.append(migrationLock)
            try session.rows("SELECT pg_advisory_xact_lock($1)", binds)
            // Made only when missing: the server's own role (no CREATE on the schema, see
            // `docs/postgres-server-role.sql`) starts on a database its owner migrated.
            if try session.rows("SELECT to_regclass('ledger_migrations') IS NULL")[0].decode(Bool.self) {
                try session.rows(
                    "CREATE TABLE ledger_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
            }
            let applied = Set(
                try session.rows("SELECT name FROM ledger_migrations").map { try $0.decode(String.self) })
            let known = Set(migrations.map(\.name))
            if !applied.isSubset(of: known) {
                throw StoreError.newerSchema(path: location, found: applied.count, supported: known.count)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try session.rows(statement) }
                var name = PostgresBindings()
                name.append(migration.name)
                try session.rows("INSERT INTO ledger_migrations (name) VALUES ($1)", name)
            }
        }
    }
}
