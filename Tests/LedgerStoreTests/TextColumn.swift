@testable import LedgerStore

extension SQLiteDatabase {
    /// Column `column` of every row `sql` returns, as text ("" for NULL).
    func textColumn(_ sql: String, _ column: Int32 = 0) throws -> [String] {
        let statement = try prepare(sql)
        defer { statement.reset() }
        var values: [String] = []
        while try statement.step() { values.append(statement.text(column) ?? "") }
        return values
    }
}
