import LedgerStore

extension Ledger {
    /// Runs SQL against the raw database (tests use it to tamper behind the tool's back).
    public func executeRaw(_ sql: String) throws(SQLiteError) {
        try executeForTesting(sql)
    }
}
