/// The record of one imported file: what was read, from where, and what it did to the
/// ledger. Stored in the `imports` table (migration `0004-imports`), never changed.
public struct ImportReceipt: Equatable, Sendable {
    /// The import batch: every event added from the file carries it in its provenance.
    public let batch: String
    public let importedAt: Timestamp
    /// The file name as the user gave it.
    public let file: String
    /// Hex SHA-256 of the file's bytes.
    public let sha256: String
    /// The layout read (`coinbase: transaction history`, `jsonl`).
    public let format: String
    public let account: String
    /// Events appended.
    public let added: Int
    /// Rows whose fingerprint the ledger already had.
    public let present: Int
    /// Rows refused (listed with `FILE:LINE` when imported with `--skip-invalid`).
    public let rejected: Int
    /// Rows read that record nothing (pending duplicates, internal moves, cancelled orders).
    public let ignored: Int

    public init(
        batch: String, importedAt: Timestamp, file: String, sha256: String, format: String,
        account: String, added: Int, present: Int, rejected: Int, ignored: Int
    ) {
        self.batch = batch
        self.importedAt = importedAt
        self.file = file
        self.sha256 = sha256
        self.format = format
        self.account = account
        self.added = added
        self.present = present
        self.rejected = rejected
        self.ignored = ignored
    }
}
