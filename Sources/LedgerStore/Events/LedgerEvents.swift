import LedgerCore
import LedgerInterchange

/// The event log of a ``Ledger``: the `events` table (append-only by triggers, hash-chained)
/// and its replay rows. Appends run under `BEGIN IMMEDIATE` and keep the chain anchor in step.
public struct LedgerEvents: EventLogStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    public func allEvents() throws -> [LedgerEvent] {
        try ledger.guarded { try query("SELECT \(EventColumns.list) FROM events ORDER BY seq", []) }
    }

    public func events(touching symbols: Set<AssetSymbol>) throws -> [LedgerEvent] {
        let list = symbols.map { "'" + $0.text + "'" }.sorted().joined(separator: ",")
        let sql = """
            SELECT \(EventColumns.list) FROM events
            WHERE asset IN (\(list)) OR counter_asset IN (\(list)) OR quote IN (\(list))
               OR fee_asset IN (\(list)) OR kind = 'void' ORDER BY seq
            """
        return try ledger.guarded { try query(sql, []) }
    }

    public func events(ofKinds kinds: Set<EventKind>) throws -> [LedgerEvent] {
        let list = kinds.map { "'" + $0.rawValue + "'" }.sorted().joined(separator: ",")
        return try ledger.guarded {
            try query("SELECT \(EventColumns.list) FROM events WHERE kind IN (\(list)) ORDER BY seq", [])
        }
    }

    public func event(reference: String) throws -> LedgerEvent? {
        guard let parsed = EventReference(reference) else { return nil }
        let sql = "SELECT \(EventColumns.list) FROM events WHERE "
        return try ledger.guarded {
            switch parsed {
            case .sequence(let number): try query(sql + "seq = ?", [.integer(number)]).first
            case .id(let id): try query(sql + "id = ?", [.text(id.text)]).first
            }
        }
    }

    public func assetClass(of symbol: AssetSymbol) throws -> AssetClass? {
        // Two index walks from the newest end, one row each, instead of one UNION sorted by
        // seq: that materialised every event of the asset (20,000 table lookups for one
        // `add` on a 1M-event ledger).
        let asAsset = try newestClass(
            """
            SELECT seq, asset_class FROM events WHERE asset = ?1 AND asset_class IS NOT NULL
            ORDER BY seq DESC LIMIT 1
            """, symbol)
        let asCounter = try newestClass(
            """
            SELECT seq, counter_class FROM events WHERE counter_asset = ?1
            ORDER BY seq DESC LIMIT 1
            """, symbol)
        let newest = [asAsset, asCounter].compactMap { $0 }.max { $0.seq < $1.seq }
        return newest.flatMap { AssetClass(rawValue: $0.text) }
    }

    /// The sequence number and class text of the one row `sql` selects for `symbol`.
    private func newestClass(_ sql: String, _ symbol: AssetSymbol) throws -> (seq: Int64, text: String)? {
        try ledger.guarded {
            let statement = try database.prepare(sql)
            defer { statement.reset() }
            try statement.bind([.text(symbol.text)])
            guard try statement.step(), let text = statement.text(1) else { return nil }
            return (statement.int(0), text)
        }
    }

    public func append(_ drafts: [LedgerEvent], check: (any EventReading) throws -> Void) throws -> [LedgerEvent] {
        try append(drafts, asGiven: false, check: check)
    }

    /// ``append(_:check:)``; `asGiven` without the rule that each record reads back
    /// (``EventRecordV1/readsBack(_:)``): for tests that make the ledgers another writer could.
    func append(_ drafts: [LedgerEvent], asGiven: Bool, check: (any EventReading) throws -> Void) throws
        -> [LedgerEvent]
    {
        let (stored, anchored) = try ledger.guarded {
            try database.immediateTransaction {
                let before = try ChainLinker.chainHead(database)
                try check(self)
                let stored = try EventAppender.append(drafts, to: database, asGiven: asGiven)
                return (stored, try ledger.anchor.beforeCommit(from: before))
            }
        }
        ledger.anchor.confirm(anchored)
        return stored
    }

    public func chainHead() throws -> ChainHead {
        try ledger.guarded { try ChainLinker.chainHead(database) }
    }

    func query(_ sql: String, _ arguments: [SQLiteValue]) throws -> [LedgerEvent] {
        let statement = try database.prepare(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        var events: [LedgerEvent] = []
        let decoder = EventRowDecoder()
        while try statement.step() { events.append(try decoder.event(from: statement)) }
        return events
    }
}
