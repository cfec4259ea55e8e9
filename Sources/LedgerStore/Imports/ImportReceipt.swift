import LedgerCore

/// The `imports` table: append-only like `events`.
enum ImportReceiptSchema {
    static let migrations: [Migration] = [
        // Import receipts (LedgerStore/Imports): one row per imported file, append-only.
        Migration(name: "0004-imports", sql: ImportReceiptSchema.sql),
        // INSERT OR REPLACE deletes the row it conflicts with; without recursive triggers (the
        // default of any other SQLite client) that deletion fires no DELETE trigger, so a
        // REPLACE of the last event, or on an id, fingerprint or import batch, rewrote the
        // log. An insert that would replace anything is refused before it happens, naming the
        // column as SQLite's UNIQUE error does (an import tells a duplicate row by it). Bulk loads
        // set it aside like the other per-row checks (LedgerEvents+BulkLoad).
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
    ]

    static let sql = """
        CREATE TABLE imports (
            batch TEXT PRIMARY KEY,
            imported_at INTEGER NOT NULL,
            file TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            format TEXT NOT NULL,
            account TEXT NOT NULL,
            added INTEGER NOT NULL CHECK (added >= 0),
            present INTEGER NOT NULL CHECK (present >= 0),
            rejected INTEGER NOT NULL CHECK (rejected >= 0),
            ignored INTEGER NOT NULL CHECK (ignored >= 0)
        ) STRICT;
        CREATE TRIGGER imports_append_only_update BEFORE UPDATE ON imports
        BEGIN SELECT RAISE(ABORT, 'import receipts are append-only: UPDATE refused'); END;
        CREATE TRIGGER imports_append_only_delete BEFORE DELETE ON imports
        BEGIN SELECT RAISE(ABORT, 'import receipts are append-only: DELETE refused'); END;
        """

    static let insertSQL = """
        INSERT INTO imports (batch, imported_at, file, sha256, format, account, added, present, rejected, ignored)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Stores `receipts`, inside the caller's transaction.
    static func insert(_ receipts: [ImportReceipt], into database: SQLiteDatabase) throws(SQLiteError) {
        let statement = try database.prepare(insertSQL)
        for receipt in receipts {
            statement.reset()
            try statement.run(values(receipt))
        }
    }

    static func values(_ receipt: ImportReceipt) -> [SQLiteValue] {
        [
            .text(receipt.batch), .integer(receipt.importedAt.secondsSinceEpoch), .text(receipt.file),
            .text(receipt.sha256), .text(receipt.format), .text(receipt.account),
            .integer(Int64(receipt.added)), .integer(Int64(receipt.present)),
            .integer(Int64(receipt.rejected)), .integer(Int64(receipt.ignored)),
        ]
    }
}
