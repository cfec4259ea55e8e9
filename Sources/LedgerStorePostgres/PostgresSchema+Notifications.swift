extension PostgresSchema {
    /// What the server kept beside ledger files and a database now keeps for every server on
    /// it: each user's notifications (the alerts the fetcher fired, as lines of the server's
    /// notification log, and how many the user has seen) and the receipts of the files they
    /// imported (the ledger file's `imports`: append-only, one per batch). Row-level security
    /// on all three, as on the books (``rowLevelSecurity``).
    static let notificationsAndReceipts = Migration(
        name: "0007-notifications-and-import-receipts",
        statements: [
            """
            CREATE TABLE notifications (
                id BIGSERIAL PRIMARY KEY,
                user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                line TEXT NOT NULL
            )
            """,
            "CREATE INDEX notifications_by_user ON notifications (user_id, id)",
            """
            CREATE TABLE notifications_seen (
                user_id BIGINT PRIMARY KEY REFERENCES ledger_users (id),
                seen BIGINT NOT NULL CHECK (seen >= 0)
            )
            """,
            // The ledger file's `imports` (LedgerStore's ImportReceiptSchema), keyed by user;
            // `id` keeps the order receipts of one second were added in (SQLite's rowid).
            """
            CREATE TABLE import_receipts (
                id BIGSERIAL UNIQUE,
                user_id BIGINT NOT NULL REFERENCES ledger_users (id),
                batch TEXT COLLATE "C" NOT NULL,
                imported_at BIGINT NOT NULL,
                file TEXT NOT NULL,
                sha256 TEXT NOT NULL,
                format TEXT NOT NULL,
                account TEXT NOT NULL,
                added BIGINT NOT NULL CHECK (added >= 0),
                present BIGINT NOT NULL CHECK (present >= 0),
                rejected BIGINT NOT NULL CHECK (rejected >= 0),
                ignored BIGINT NOT NULL CHECK (ignored >= 0),
                PRIMARY KEY (user_id, batch)
            )
            """,
            """
            CREATE FUNCTION ledger_refuse_receipt_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'import receipts are append-only: % refused', TG_OP
                    USING ERRCODE = 'integrity_constraint_violation';
            END
            $$
            """,
            """
            CREATE TRIGGER import_receipts_append_only BEFORE UPDATE OR DELETE ON import_receipts
            FOR EACH ROW EXECUTE FUNCTION ledger_refuse_receipt_change()
            """,
            """
            CREATE TRIGGER import_receipts_no_truncate BEFORE TRUNCATE ON import_receipts
            FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_receipt_change()
            """,
        ] + notificationAndReceiptTables.flatMap(ownRowsOnly))

    /// The per-user tables of ``notificationsAndReceipts`` (``perUserTables`` lists those of
    /// the earlier migrations, as shipped).
    static let notificationAndReceiptTables = ["notifications", "notifications_seen", "import_receipts"]

    /// Row-level security on a per-user `table`: the statements of ``rowLevelSecurity``.
    static func ownRowsOnly(_ table: String) -> [String] {
        [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            """
            CREATE POLICY \(table)_of_the_user ON \(table)
            USING (user_id = NULLIF(current_setting('ledger.user', true), '')::bigint)
            """,
        ]
    }
}
