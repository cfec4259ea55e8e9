import LedgerCore
import LedgerStore

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

    public func lastAlertID() throws -> Int64 { lastID }

    public func copyAlerts(_ alerts: [Alert], lastID: Int64) throws -> [Alert] {
        try alerts.forEach(AlertRecordCheck.validate)
        let stored = alerts.filter { rows[$0.id] == nil }
        for alert in stored { rows[alert.id] = alert }
        self.lastID = ([self.lastID, lastID] + stored.map(\.id)).max()!
        return stored
    }
}
