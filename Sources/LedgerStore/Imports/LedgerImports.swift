import LedgerCore

/// Imports into a ``Ledger``: one import session (staging in a scratch database, the checks,
/// the append) per transaction, and the receipts of the files imported (`imports`).
public struct LedgerImports: ImportStore, ImportReceiptStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// Runs one import in one `BEGIN IMMEDIATE` transaction. When `body` returns, the
    /// transaction commits if `write` is true and rolls back otherwise (a dry run); when it
    /// throws, it rolls back. The staging tables are gone afterwards either way.
    ///
    /// They live in a temporary database (a file SQLite deletes) attached for the import and
    /// detached after it: dropping a million staged rows instead made SQLite visit every page
    /// and took 250 MB and a second at the end of the import.
    public func importing<T>(write: Bool, _ body: (SQLiteImportSession) throws -> T) throws -> T {
        try ledger.guarded {
            // ATTACH and DETACH are refused inside a transaction. A scratch database left
            // attached (a DETACH that failed) would make every later ATTACH fail: drop it first.
            if try database.isAttached("staging") { try database.execute("DETACH DATABASE staging") }
            try database.execute("ATTACH DATABASE '' AS staging")
            defer { try? database.execute("DETACH DATABASE staging") }
            try database.execute("BEGIN IMMEDIATE")
            do {
                let count = try database.scalarInt("SELECT count(*) FROM events") ?? 0
                let before = try ChainLinker.chainHead(database)
                let session = try SQLiteImportSession(database: database, existingCount: count)
                let result = try body(session)
                let anchored =
                    try write ? ledger.anchor.beforeCommit(from: before, appended: session.verifiedAppend) : nil
                try database.execute(write ? "COMMIT" : "ROLLBACK")
                ledger.anchor.confirm(anchored)
                return result
            } catch {
                try? database.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Adds `receipts` (``ImportReceiptStore``): inside the transaction open on the ledger
    /// (an append's check), else in one of its own.
    public func add(_ receipts: [ImportReceipt]) throws {
        guard !receipts.isEmpty else { return }
        try ledger.guarded {
            try database.writing { try ImportReceiptSchema.insert(receipts, into: database) }
        }
    }

    /// Every import receipt, oldest first.
    public func receipts() throws -> [ImportReceipt] {
        try ledger.guarded {
            let statement = try database.prepare(
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
