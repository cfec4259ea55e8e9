import LedgerCore
import LedgerInterchange

/// The mapping between ``EventRecordV1`` and the columns of the `events` table, in one place.
enum EventColumns {
    static let names = [
        "seq", "id", "schema", "kind", "occurred_at", "recorded_at", "account",
        "asset", "asset_class", "quantity", "price", "quote",
        "counter_asset", "counter_class", "counter_quantity", "to_account", "income_kind",
        "split_ratio", "void_target", "reason", "fee", "fee_asset", "fee_class",
        "note", "source", "batch", "fingerprint",
        // Added by migration 0011-event-total, so it is after the hashes; record version 2
        // only (a buy's or sell's total).
        "total",
        // Added by migration 0017-transfer-links; record version 4 only (a transfer link).
        "link_withdrawal", "link_deposit",
        // Added by migration 0018-event-chain-reference; record version 5 only (a deposit's
        // or withdrawal's on-chain transaction hash and address).
        "tx_hash", "address",
    ]

    static let list = names.joined(separator: ", ")

    /// The columns as a migration that runs before some of them exist reads them: a column
    /// the table does not have yet is read as NULL (no event written before it has one).
    static func list(in database: SQLiteDatabase) throws(SQLiteError) -> String {
        let statement = try database.prepare("SELECT name FROM pragma_table_info('events')")
        defer { statement.reset() }
        var present = Set<String>()
        while try statement.step() { if let name = statement.text(0) { present.insert(name) } }
        return names.map { present.contains($0) ? $0 : "NULL" }.joined(separator: ", ")
    }

    /// Adds the record's 32 columns to `rows` (in ``names`` order).
    static func add(_ record: EventRecordV1, to rows: inout BoundRows) {
        rows.integer(record.sequence)
        rows.text(record.id)
        rows.integer(Int64(record.schemaVersion))
        rows.text(record.kind)
        rows.integer(record.occurredAt)
        rows.integer(record.recordedAt)
        // One call per column, not a loop over an array of them: this runs for every event
        // appended, and the array cost an allocation and a retain of every text each time.
        rows.text(record.account)
        rows.text(record.asset)
        rows.text(record.assetClass)
        rows.text(record.quantity)
        rows.text(record.price)
        rows.text(record.quote)
        rows.text(record.counterAsset)
        rows.text(record.counterClass)
        rows.text(record.counterQuantity)
        rows.text(record.toAccount)
        rows.text(record.incomeKind)
        rows.text(record.splitRatio)
        rows.text(record.voidTarget)
        rows.text(record.reason)
        rows.text(record.fee)
        rows.text(record.feeAsset)
        rows.text(record.feeClass)
        rows.text(record.note)
        rows.text(record.source)
        rows.text(record.batch)
        rows.text(record.fingerprint)
        rows.text(record.total)
        rows.text(record.linkWithdrawal)
        rows.text(record.linkDeposit)
        rows.text(record.txHash)
        rows.text(record.address)
    }

    /// The event in the current row, or ``StoreError/corruptRecord(_:)``.
    static func event(from row: SQLiteStatement) throws(StoreError) -> LedgerEvent {
        do {
            return try record(from: row).event()
        } catch {
            throw .corruptRecord(error.message)
        }
    }

    /// Reads columns 0…31 (in ``names`` order) of the current row.
    static func record(from row: SQLiteStatement) -> EventRecordV1 {
        var record = EventRecordV1(
            sequence: row.int(0), id: row.text(1) ?? "", schemaVersion: Int(row.int(2)),
            kind: row.text(3) ?? "", occurredAt: row.int(4), recordedAt: row.int(5),
            account: row.text(6) ?? "", note: row.text(23) ?? "", source: row.text(24) ?? ""
        )
        record.asset = row.text(7)
        record.assetClass = row.text(8)
        record.quantity = row.text(9)
        record.price = row.text(10)
        record.quote = row.text(11)
        record.counterAsset = row.text(12)
        record.counterClass = row.text(13)
        record.counterQuantity = row.text(14)
        record.toAccount = row.text(15)
        record.incomeKind = row.text(16)
        record.splitRatio = row.text(17)
        record.voidTarget = row.text(18)
        record.reason = row.text(19)
        record.fee = row.text(20)
        record.feeAsset = row.text(21)
        record.feeClass = row.text(22)
        record.batch = row.text(25)
        record.fingerprint = row.text(26)
        record.total = row.text(27)
        record.linkWithdrawal = row.text(28)
        record.linkDeposit = row.text(29)
        record.txHash = row.text(30)
        record.address = row.text(31)
        return record
    }
}
