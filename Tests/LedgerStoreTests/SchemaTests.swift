import Testing

@testable import LedgerStore

/// The features declare their own migrations; ``Schema`` only orders them.
@Suite("Schema")
struct SchemaTests {
    @Test("the features' migrations run in the order of their numbers, the shipped names unchanged")
    func order() {
        #expect(Schema.migrations.map(\.number) == Array(1...Schema.migrations.count))
        #expect(
            Schema.migrations.prefix(14).map(\.name) == [
                "0001-events", "0002-settings", "0003-prices", "0004-imports", "0005-replay-and-snapshots",
                "0006-market-cache", "0007-alerts", "0008-void-index", "0009-replay-rows",
                "0010-contiguous-seq-after-insert", "0011-event-total", "0012-top-list-ids", "0013-no-replace",
                "0014-snapshot-mac",
            ])
    }
}
