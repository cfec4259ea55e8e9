/// One named schema change. Migrations run once each, in order, inside a transaction, and the
/// names of those applied are recorded in `schema_migrations`.
struct Migration: Sendable {
    let name: String
    let sql: String
    /// Work SQL cannot express (packing existing rows), run after `sql` in its transaction.
    var fill: (@Sendable (SQLiteDatabase) throws -> Void)? = nil

    /// The number its name starts with (`0009-replay-rows` is 9): its place in the order.
    var number: Int { Int(name.prefix(4)) ?? 0 }
}

enum Schema {
    /// `PRAGMA application_id`: 'LDGR'. Marks the SQLite file as a ledger.
    static let applicationID: Int64 = 0x4C44_4752

    /// Every migration this build knows, oldest first: each feature declares its own (append
    /// only; never edit a shipped one), and they run in the order of their numbers.
    static let migrations: [Migration] = [
        EventLogSchema.migrations, SettingsSchema.migrations, PriceSchema.migrations,
        ImportReceiptSchema.migrations, SnapshotSchema.migrations, MarketCacheSchema.migrations,
        AlertSchema.migrations, NewsSchema.migrations,
    ].joined().sorted { $0.number < $1.number }

    static var currentVersion: Int { migrations.count }
}
