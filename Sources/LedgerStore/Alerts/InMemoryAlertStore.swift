import LedgerCore

/// The in-memory twin of the `alerts` table, for tests.
public final class InMemoryAlertStore: AlertStore {
    private var rows: [Int64: Alert] = [:]
    private var lastID: Int64 = 0

    public init() {}

    public func addAlert(_ draft: AlertDraft, createdAt: Timestamp) throws -> Alert {
        try AlertRecordCheck.validate(draft)
        lastID += 1
        let alert = Alert(
            id: lastID, asset: draft.asset, assetClass: draft.assetClass, quote: draft.quote,
            condition: draft.condition, note: draft.note, createdAt: createdAt
        )
        rows[lastID] = alert
        return alert
    }

    public func alerts() throws -> [Alert] {
        rows.keys.sorted().map { rows[$0]! }
    }

    public func removeAlert(id: Int64) throws -> Alert? {
        rows.removeValue(forKey: id)
    }

    public func updateAlerts<Result>(_ check: ([Alert]) throws -> (alerts: [Alert], result: Result)) throws -> Result {
        let (updated, result) = try check(try alerts())
        for alert in updated where rows[alert.id] != nil { rows[alert.id] = alert }
        return result
    }
}

/// What the `alerts` table's constraints refuse, said the same way by both stores.
enum AlertRecordCheck {
    static func validate(_ draft: AlertDraft) throws {
        let threshold = draft.condition.threshold
        if threshold.isOverflow || !threshold.isPositive {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode,
                    message: "CHECK constraint failed: an alert's threshold must be above 0, got \(threshold)"))
        }
        if draft.asset == draft.quote {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode,
                    message: "CHECK constraint failed: asset <> quote (\(draft.asset))"))
        }
        if case .change(_, _, let window) = draft.condition, window <= 0 {
            throw StoreError.sqlite(
                SQLiteError(
                    code: PriceRecordCheck.constraintCode, message: "CHECK constraint failed: window_seconds > 0"))
        }
    }
}
