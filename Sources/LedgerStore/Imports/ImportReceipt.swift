import LedgerCore

/// The `imports` table: append-only like `events`.
enum ImportReceiptSchema {
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

extension SQLiteEventStore {
    /// Every import receipt, oldest first.
    public func importReceipts() throws -> [ImportReceipt] {
        try guarded {
            let statement = try self.database.prepare(
                "SELECT batch, imported_at, file, sha256, format, account, added, present, rejected, ignored FROM imports ORDER BY imported_at, rowid"
            )
            defer { statement.reset() }
            var receipts: [ImportReceipt] = []
            while try statement.step() {
                receipts.append(
                    ImportReceipt(
                        batch: statement.text(0) ?? "", importedAt: Timestamp(secondsSinceEpoch: statement.int(1)),
                        file: statement.text(2) ?? "", sha256: statement.text(3) ?? "", format: statement.text(4) ?? "",
                        account: statement.text(5) ?? "", added: Int(statement.int(6)), present: Int(statement.int(7)),
                        rejected: Int(statement.int(8)), ignored: Int(statement.int(9))))
            }
            return receipts
        }
    }
}
