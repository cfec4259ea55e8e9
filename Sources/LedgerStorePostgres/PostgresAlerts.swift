import LedgerCore
import LedgerStore

/// One user's price alerts in PostgreSQL (`alerts`): the contract of ``AlertStore``. Ids are
/// numbered from 1 per user by a counter row (`alert_ids`), never reused; a check runs with the
/// user's row locked (`FOR NO KEY UPDATE`), so two servers checking at once take turns.
public struct PostgresAlerts: AlertStore {
    public let ledger: PostgresLedger
    private var session: PostgresSession { ledger.session }

    private static let columns = """
        id, asset, asset_class, quote, kind, threshold, direction, window_seconds, note, created_at, state,
        last_price, last_observed_at, last_source, last_fired_at
        """

    public func addAlert(_ draft: AlertDraft, createdAt: Timestamp) throws -> Alert {
        try AlertRecordCheck.validate(draft)
        return try session.transaction {
            let id = try session.rows(
                """
                INSERT INTO alert_ids (user_id, last) VALUES ($1, 1)
                ON CONFLICT (user_id) DO UPDATE SET last = alert_ids.last + 1 RETURNING last
                """, ledger.binds()
            )[0].decode(Int64.self)
            let alert = Alert(
                id: id, asset: draft.asset, assetClass: draft.assetClass, quote: draft.quote,
                condition: draft.condition, note: draft.note, createdAt: createdAt)
            try session.rows("INSERT INTO alerts (user_id, \(Self.columns)) VALUES (\(Self.slots))", binds(alert))
            return alert
        }
    }

    public func lastAlertID() throws -> Int64 {
        try session.rows("SELECT last FROM alert_ids WHERE user_id = $1", ledger.binds()).first?.decode(Int64.self)
            ?? 0
    }

    public func copyAlerts(_ alerts: [Alert], lastID: Int64) throws -> [Alert] {
        try alerts.forEach(AlertRecordCheck.validate)
        return try session.transaction {
            let stored = try alerts.filter { alert in
                try !session.rows(
                    "INSERT INTO alerts (user_id, \(Self.columns)) VALUES (\(Self.slots)) ON CONFLICT DO NOTHING RETURNING id",
                    binds(alert)
                ).isEmpty
            }
            var counter = ledger.binds()
            counter.append(([lastID] + stored.map(\.id)).max()!)
            try session.rows(
                """
                INSERT INTO alert_ids (user_id, last) VALUES ($1, $2)
                ON CONFLICT (user_id) DO UPDATE SET last = GREATEST(alert_ids.last, excluded.last)
                """, counter)
            return stored
        }
    }

    private static let slots = (1...16).map { "$\($0)" }.joined(separator: ", ")

    /// The user's id, then ``columns``' values of `alert`.
    private func binds(_ alert: Alert) -> PostgresBindings {
        var binds = ledger.binds()
        binds.append(alert.id)
        binds.append(alert.asset.text)
        binds.append(alert.assetClass?.rawValue)
        binds.append(alert.quote.text)
        binds.append(alert.condition.kind)
        binds.append(alert.condition.threshold.formatted())
        var direction: String?
        var window: Int64?
        if case .change(_, let way, let seconds) = alert.condition { (direction, window) = (way.rawValue, seconds) }
        binds.append(direction)
        binds.append(window)
        binds.append(alert.note)
        binds.append(alert.createdAt.secondsSinceEpoch)
        binds.append(alert.state.rawValue)
        binds.append(alert.lastSeen?.price.formatted())
        binds.append(alert.lastSeen?.observedAt.secondsSinceEpoch)
        binds.append(alert.lastSeen?.source)
        binds.append(alert.lastFiredAt?.secondsSinceEpoch)
        return binds
    }

    public func alerts() throws -> [Alert] {
        try read("", ledger.binds())
    }

    public func removeAlert(id: Int64) throws -> Alert? {
        try session.transaction {
            var binds = ledger.binds()
            binds.append(id)
            let found = try read(" AND id = $2", binds).first
            if found != nil { try session.rows("DELETE FROM alerts WHERE user_id = $1 AND id = $2", binds) }
            return found
        }
    }

    public func updateAlerts<Result>(_ check: ([Alert]) throws -> (alerts: [Alert], result: Result)) throws -> Result {
        try session.transaction {
            try session.rows("SELECT id FROM ledger_users WHERE id = $1 FOR NO KEY UPDATE", ledger.binds())
            let before = try alerts()
            let (updated, result) = try check(before)
            for alert in Alert.changed(from: before, to: updated) {
                try writeState(alert)
            }
            return result
        }
    }

    private func writeState(_ alert: Alert) throws {
        var binds = ledger.binds()
        binds.append(alert.id)
        binds.append(alert.state.rawValue)
        binds.append(alert.lastSeen?.price.formatted())
        binds.append(alert.lastSeen?.observedAt.secondsSinceEpoch)
        binds.append(alert.lastSeen?.source)
        binds.append(alert.lastFiredAt?.secondsSinceEpoch)
        try session.rows(
            """
            UPDATE alerts SET state = $3, last_price = $4, last_observed_at = $5, last_source = $6, last_fired_at = $7
            WHERE user_id = $1 AND id = $2
            """, binds)
    }

    private func read(_ condition: String, _ binds: PostgresBindings) throws -> [Alert] {
        try session.rows("SELECT \(Self.columns) FROM alerts WHERE user_id = $1\(condition) ORDER BY id", binds).map(
            Self.alert)
    }

    /// One row of ``columns``.
    private static func alert(_ row: PostgresRow) throws -> Alert {
        let (id, asset, assetClass, quote, kind, threshold, direction, window) = try row.decode(
            (Int64, String, String?, String, String, String, String?, Int64?).self)
        let cells = Array(row)
        let note = try cells[8].decode(String.self)
        let createdAt = try cells[9].decode(Int64.self)
        let state = try cells[10].decode(String.self)
        let lastPrice = try cells[11].decode(String?.self)
        let lastObservedAt = try cells[12].decode(Int64?.self)
        let lastSource = try cells[13].decode(String?.self)
        let lastFiredAt = try cells[14].decode(Int64?.self)
        guard let assetSymbol = AssetSymbol(asset), let quoteSymbol = AssetSymbol(quote),
            let alertState = AlertState(rawValue: state), case .success(let level) = ExactDecimal.parse(threshold)
        else { throw StoreError.corruptRecord("alert \(id) holds a value this version cannot read") }
        let condition: AlertCondition =
            switch kind {
            case "above": .above(level)
            case "below": .below(level)
            default:
                .change(
                    percent: level, direction: direction.flatMap(ChangeDirection.init(rawValue:)) ?? .either,
                    window: window ?? 0)
            }
        var seen: AlertSighting?
        if let lastPrice, let lastObservedAt, case .success(let price) = ExactDecimal.parse(lastPrice) {
            seen = AlertSighting(
                price: price, observedAt: Timestamp(secondsSinceEpoch: lastObservedAt), source: lastSource ?? "")
        }
        return Alert(
            id: id, asset: assetSymbol, assetClass: assetClass.flatMap(AssetClass.init(rawValue:)), quote: quoteSymbol,
            condition: condition, note: note, createdAt: Timestamp(secondsSinceEpoch: createdAt), state: alertState,
            lastSeen: seen, lastFiredAt: lastFiredAt.map(Timestamp.init(secondsSinceEpoch:)))
    }
}
