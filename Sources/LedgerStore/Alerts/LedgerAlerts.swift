import LedgerCore

/// Price alerts in the ledger file (`alerts`, migration 0007): decimals as exact text, times
/// as whole seconds since 1970 (UTC).
public struct LedgerAlerts: AlertStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    private static let columns = """
        id, asset, asset_class, quote, kind, threshold, direction, window_seconds, note, created_at, state,
        last_price, last_observed_at, last_source, last_fired_at
        """

    public func addAlert(_ draft: AlertDraft, createdAt: Timestamp) throws -> Alert {
        try AlertRecordCheck.validate(draft)
        let sql = """
            INSERT INTO alerts (asset, asset_class, quote, kind, threshold, direction, window_seconds, note, created_at, state)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'armed')
            """
        var direction: SQLiteValue = .null
        var window: SQLiteValue = .null
        if case .change(_, let way, let seconds) = draft.condition {
            direction = .text(way.rawValue)
            window = .integer(seconds)
        }
        return try ledger.guarded {
            try database.immediateTransaction {
                try database.prepare(sql).run([
                    .text(draft.asset.text), .optionalText(draft.assetClass?.rawValue), .text(draft.quote.text),
                    .text(draft.condition.kind), .text(draft.condition.threshold.formatted()), direction, window,
                    .text(draft.note), .integer(createdAt.secondsSinceEpoch),
                ])
                let id = try database.scalarInt("SELECT last_insert_rowid()") ?? 0
                return Alert(
                    id: id, asset: draft.asset, assetClass: draft.assetClass, quote: draft.quote,
                    condition: draft.condition, note: draft.note, createdAt: createdAt
                )
            }
        }
    }

    public func alerts() throws -> [Alert] {
        try ledger.rows("SELECT \(Self.columns) FROM alerts ORDER BY id", [], Self.alert)
    }

    public func removeAlert(id: Int64) throws -> Alert? {
        try ledger.guarded {
            try database.immediateTransaction {
                let found = try ledger.rows(
                    "SELECT \(Self.columns) FROM alerts WHERE id = ?", [.integer(id)], Self.alert
                )
                .first
                if found != nil { try database.prepare("DELETE FROM alerts WHERE id = ?").run([.integer(id)]) }
                return found
            }
        }
    }

    public func updateAlerts<Result>(_ check: ([Alert]) throws -> (alerts: [Alert], result: Result)) throws -> Result {
        try ledger.guarded {
            try database.immediateTransaction {
                let before = try alerts()
                let (updated, result) = try check(before)
                for alert in Alert.changed(from: before, to: updated) {
                    try writeState(alert)
                }
                return result
            }
        }
    }

    public func lastAlertID() throws -> Int64 {
        try ledger.guarded { try database.scalarInt("SELECT seq FROM sqlite_sequence WHERE name = 'alerts'") ?? 0 }
    }

    public func copyAlerts(_ alerts: [Alert], lastID: Int64) throws -> [Alert] {
        try alerts.forEach(AlertRecordCheck.validate)
        let sql = "INSERT INTO alerts (\(Self.columns)) VALUES (\(Self.slots)) ON CONFLICT (id) DO NOTHING"
        return try ledger.guarded {
            try database.immediateTransaction {
                let stored = try alerts.filter { alert in
                    try database.prepare(sql).run(Self.values(alert))
                    return try database.scalarInt("SELECT changes()") == 1
                }
                // AUTOINCREMENT's counter: moved by the ids inserted; raised to `lastID` here.
                let last: SQLiteValue = .integer(([lastID] + stored.map(\.id)).max()!)
                try database.prepare("UPDATE sqlite_sequence SET seq = ?1 WHERE name = 'alerts' AND seq < ?1")
                    .run([last])
                try database.prepare(
                    """
                    INSERT INTO sqlite_sequence (name, seq) SELECT 'alerts', ?1
                    WHERE ?1 > 0 AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'alerts')
                    """
                ).run([last])
                return stored
            }
        }
    }

    private static let slots = Array(repeating: "?", count: 15).joined(separator: ", ")

    /// ``columns``' values of `alert`.
    private static func values(_ alert: Alert) -> [SQLiteValue] {
        var (direction, window): (SQLiteValue, SQLiteValue) = (.null, .null)
        if case .change(_, let way, let seconds) = alert.condition {
            (direction, window) = (.text(way.rawValue), .integer(seconds))
        }
        let seen = alert.lastSeen
        return [
            .integer(alert.id), .text(alert.asset.text), .optionalText(alert.assetClass?.rawValue),
            .text(alert.quote.text), .text(alert.condition.kind), .text(alert.condition.threshold.formatted()),
            direction, window, .text(alert.note), .integer(alert.createdAt.secondsSinceEpoch),
            .text(alert.state.rawValue), .optionalText(seen?.price.formatted()),
            seen.map { .integer($0.observedAt.secondsSinceEpoch) } ?? .null, .optionalText(seen?.source),
            alert.lastFiredAt.map { .integer($0.secondsSinceEpoch) } ?? .null,
        ]
    }

    private func writeState(_ alert: Alert) throws {
        let sql = """
            UPDATE alerts SET state = ?, last_price = ?, last_observed_at = ?, last_source = ?, last_fired_at = ?
            WHERE id = ?
            """
        let seen = alert.lastSeen
        try database.prepare(sql).run([
            .text(alert.state.rawValue), .optionalText(seen?.price.formatted()),
            seen.map { .integer($0.observedAt.secondsSinceEpoch) } ?? .null, .optionalText(seen?.source),
            alert.lastFiredAt.map { .integer($0.secondsSinceEpoch) } ?? .null, .integer(alert.id),
        ])
    }

    /// Reads one row of ``columns``.
    private static func alert(_ row: SQLiteStatement) throws -> Alert {
        let id = row.int(0)
        guard let asset = AssetSymbol(row.text(1) ?? ""), let quote = AssetSymbol(row.text(3) ?? ""),
            let state = AlertState(rawValue: row.text(10) ?? "")
        else {
            throw StoreError.corruptRecord("alert \(id) names an asset, currency or state this version cannot read")
        }
        let threshold = try Ledger.decimal(row, 5)
        let condition: AlertCondition
        switch row.text(4) {
        case "above": condition = .above(threshold)
        case "below": condition = .below(threshold)
        default:
            let direction = ChangeDirection(rawValue: row.text(6) ?? "") ?? .either
            condition = .change(percent: threshold, direction: direction, window: row.int(7))
        }
        let time = { (column: Int32) in row.isNull(column) ? nil : Timestamp(secondsSinceEpoch: row.int(column)) }
        let seen =
            try row.isNull(11)
            ? nil : AlertSighting(price: Ledger.decimal(row, 11), observedAt: time(12)!, source: row.text(13) ?? "")
        return Alert(
            id: id, asset: asset, assetClass: row.text(2).flatMap(AssetClass.init(rawValue:)), quote: quote,
            condition: condition, note: row.text(8) ?? "", createdAt: Timestamp(secondsSinceEpoch: row.int(9)),
            state: state, lastSeen: seen, lastFiredAt: time(14)
        )
    }
}
