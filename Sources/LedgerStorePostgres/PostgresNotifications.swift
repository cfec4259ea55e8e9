import LedgerCore
import LedgerStore

/// One user's notifications in PostgreSQL (`notifications`, `notifications_seen`): the
/// contract of ``NotificationStore``, shared by every server on the database, so a user
/// signed in on any of them sees what the fetcher of another fired.
public struct PostgresNotifications: NotificationStore {
    public let ledger: PostgresLedger
    private var session: PostgresSession { ledger.session }

    public func append(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        var binds = ledger.binds()
        binds.append(lines)
        // One statement: one transaction; `WITH ORDINALITY` keeps the lines' order in their ids.
        try session.rows(
            """
            INSERT INTO notifications (user_id, line)
            SELECT $1, line FROM unnest($2::text[]) WITH ORDINALITY AS given(line, position) ORDER BY position
            """, binds)
    }

    public func lines() throws -> [String] {
        try session.rows("SELECT line FROM notifications WHERE user_id = $1 ORDER BY id", ledger.binds())
            .map { try $0.decode(String.self) }
    }

    public func counts() throws -> (total: Int, seen: Int) {
        let row = try session.rows(
            """
            SELECT (SELECT count(*) FROM notifications WHERE user_id = $1),
                   COALESCE((SELECT seen FROM notifications_seen WHERE user_id = $1), 0)
            """, ledger.binds())[0]
        let (total, seen) = try row.decode((Int64, Int64).self)
        return (Int(total), Int(seen))
    }

    public func setSeen(_ count: Int) throws {
        var binds = ledger.binds()
        binds.append(Int64(max(0, count)))
        try session.rows(
            """
            INSERT INTO notifications_seen (user_id, seen) VALUES ($1, $2)
            ON CONFLICT (user_id) DO UPDATE SET seen = excluded.seen
            """, binds)
    }
}

/// The receipts of the files one user imported, in PostgreSQL (`import_receipts`): the
/// contract of ``ImportReceiptStore``. Append-only: triggers refuse UPDATE, DELETE and
/// TRUNCATE, and the server's role may only read and add (docs/postgres-server-role.sql).
public struct PostgresImportReceipts: ImportReceiptStore {
    public let ledger: PostgresLedger
    private var session: PostgresSession { ledger.session }

    private static let columns =
        "batch, imported_at, file, sha256, format, account, added, present, rejected, ignored"

    public func receipts() throws -> [ImportReceipt] {
        try session.rows(
            "SELECT \(Self.columns) FROM import_receipts WHERE user_id = $1 ORDER BY imported_at, id", ledger.binds()
        ).map { row in
            let (batch, at, file, sha256, format, account, added, present, rejected, ignored) = try row.decode(
                (String, Int64, String, String, String, String, Int64, Int64, Int64, Int64).self)
            return ImportReceipt(
                batch: batch, importedAt: Timestamp(secondsSinceEpoch: at), file: file, sha256: sha256,
                format: format, account: account, added: Int(added), present: Int(present),
                rejected: Int(rejected), ignored: Int(ignored))
        }
    }

    /// In the caller's transaction when one is open (``PostgresSession/transaction(_:)`` joins it).
    public func add(_ receipts: [ImportReceipt]) throws {
        guard !receipts.isEmpty else { return }
        try session.transaction {
            for receipt in receipts {
                var binds = ledger.binds()
                binds.append(receipt.batch)
                binds.append(receipt.importedAt.secondsSinceEpoch)
                for text in [receipt.file, receipt.sha256, receipt.format, receipt.account] { binds.append(text) }
                for count in [receipt.added, receipt.present, receipt.rejected, receipt.ignored] {
                    binds.append(Int64(count))
                }
                try session.rows(
                    "INSERT INTO import_receipts (user_id, \(Self.columns)) VALUES (\((1...11).map { "$\($0)" }.joined(separator: ", ")))",
                    binds)
            }
        }
    }
}
