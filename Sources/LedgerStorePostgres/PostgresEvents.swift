import LedgerCore
import LedgerInterchange
import LedgerStore

/// One user's append-only event log in PostgreSQL (`events` and `chain_heads`). An append
/// locks the user's head row (`SELECT … FOR UPDATE`), runs the check, links the events with
/// LedgerStore's ``HashChain`` (so the chain is the same bytes as a ledger file's) and moves
/// the head, in one transaction: two servers appending for one user at once are serialized on
/// that row, users never wait for each other. Triggers refuse UPDATE, DELETE and TRUNCATE of
/// events.
public struct PostgresEvents: EventLogStore {
    let ledger: PostgresLedger
    var session: PostgresSession { ledger.session }

    public func allEvents() throws -> [LedgerEvent] {
        try events(where: "", ledger.binds())
    }

    public func events(touching symbols: Set<AssetSymbol>) throws -> [LedgerEvent] {
        var binds = ledger.binds()
        binds.append(symbols.map(\.text))
        return try events(where: " AND (kind = 'void' OR symbols && $2::text[])", binds)
    }

    public func events(ofKinds kinds: Set<EventKind>) throws -> [LedgerEvent] {
        var binds = ledger.binds()
        binds.append(kinds.map(\.rawValue))
        return try events(where: " AND kind = ANY($2::text[])", binds)
    }

    public func event(reference: String) throws -> LedgerEvent? {
        var binds = ledger.binds()
        switch EventReference(reference) {
        case .sequence(let number)?:
            binds.append(number)
            return try events(where: " AND sequence = $2", binds).first
        case .id(let id)?:
            binds.append(id.text)
            return try events(where: " AND id = $2", binds).first
        case nil: return nil
        }
    }

    /// The class the newest event naming `symbol` recorded, read newest first a page at a time:
    /// the protocol's default decoded every event touching the asset, so each `add` on PostgreSQL
    /// grew with the asset's history (round 25's profile of the test run: 8 % of its CPU).
    public func assetClass(of symbol: AssetSymbol) throws -> AssetClass? {
        var below = Int64.max
        while true {
            var binds = ledger.binds()
            binds.append([symbol.text])
            binds.append(below)
            let page = try session.rows(Self.namingPageSQL, binds)
            for row in page {
                let (sequence, record) = try row.decode((Int64, String).self)
                if let asset = try Self.decode(record, sequence: sequence).namedAsset(symbol) {
                    return asset.assetClass
                }
                below = sequence
            }
            if page.count < Self.namingPage { return nil }
        }
    }

    static let namingPage = 32
    static let namingPageSQL = """
        SELECT sequence, record FROM events WHERE user_id = $1 AND symbols && $2::text[] AND sequence < $3
        ORDER BY sequence DESC LIMIT \(namingPage)
        """

    public func append(_ drafts: [LedgerEvent], check: (any EventReading) throws -> Void) throws -> [LedgerEvent] {
        try session.transaction {
            let locked = try head(Self.lockHeadSQL)
            try check(self)
            guard !drafts.isEmpty else { return [] }
            let rows = ChainRows(linking: drafts, after: locked)
            // The SQLite appender's rule (``EventRecordV1/readsBack(_:)``): nothing the ledger
            // could not read back; thrown inside the transaction, so nothing is written.
            if let problem = rows.events.lazy.compactMap(EventRecordV1.readsBack).first {
                throw StoreError.unreadableDraft(problem)
            }
            try session.rows(Self.insertSQL, Self.insertBinds(rows, user: ledger.userID))
            try session.rows(Self.moveHeadSQL, Self.moveHeadBinds(rows, user: ledger.userID))
            return rows.events
        }
    }

    public func chainHead() throws -> ChainHead {
        try ledger.glance().head
    }

    public func verifyChain() throws -> ChainVerification {
        let rows = try session.rows(
            "SELECT sequence, id, record, prev_hash, hash FROM events WHERE user_id = $1 ORDER BY sequence",
            ledger.binds())
        var head = ChainHead(count: 0, hash: HashChain.genesis)
        for row in rows {
            let (sequence, id, record, previous, hash) = try row.decode((Int64, String, String, String, String).self)
            let event = try Self.decode(record, sequence: sequence)
            let expected = HashChain.hash(previous: head.hash, record: EventRecordV1(event))
            let reason =
                sequence != head.count + 1
                ? "sequence gap"
                : previous != head.hash ? "previous hash mismatch" : hash != expected ? "hash mismatch" : nil
            if let reason {
                let broken = ChainBreak(sequence: sequence, id: id, reason: reason)
                return ChainVerification(head: try chainHead(), firstBreak: broken)
            }
            head = ChainHead(count: sequence, hash: hash)
        }
        return ChainVerification(head: head, firstBreak: nil)
    }

    private func head(_ sql: String) throws -> ChainHead {
        let rows = try session.rows(sql, ledger.binds())
        guard let row = rows.first else { throw StoreError.database("no chain head for user '\(ledger.user)'") }
        return try Self.chainHead(from: row)
    }

    // The statements of an append.
    static let headSQL = "SELECT sequence, hash FROM chain_heads WHERE user_id = $1"
    static let lockHeadSQL = headSQL + " FOR UPDATE"
    static let moveHeadSQL = "UPDATE chain_heads SET sequence = $2, hash = $3 WHERE user_id = $1"
    static let insertSQL = """
        INSERT INTO events (user_id, sequence, id, kind, occurred_at, symbols, prev_hash, hash, record)
        SELECT $1, t.sequence, t.id, t.kind, t.occurred_at, string_to_array(t.symbols, ' '), t.prev_hash,
            t.hash, t.record
        FROM unnest($2::int8[], $3::text[], $4::text[], $5::int8[], $6::text[], $7::text[], $8::text[], $9::text[])
            AS t(sequence, id, kind, occurred_at, symbols, prev_hash, hash, record)
        """

    static func chainHead(from row: PostgresRow) throws -> ChainHead {
        let (count, hash) = try row.decode((Int64, String).self)
        return ChainHead(count: count, hash: hash)
    }

    static func moveHeadBinds(_ rows: ChainRows, user: Int64) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(user)
        binds.append(rows.head.count)
        binds.append(rows.head.hash)
        return binds
    }

    static func insertBinds(_ rows: ChainRows, user: Int64) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(user)
        binds.append(rows.events.map(\.sequence))
        binds.append(rows.records.map(\.id))
        binds.append(rows.records.map(\.kind))
        binds.append(rows.records.map(\.occurredAt))
        binds.append(rows.events.map { $0.touchedAssets.map(\.text).sorted().joined(separator: " ") })
        binds.append(rows.previous)
        binds.append(rows.hashes)
        binds.append(rows.records.map(\.canonicalJSON))
        return binds
    }

    func events(where condition: String, _ binds: PostgresBindings) throws -> [LedgerEvent] {
        try session.rows(
            "SELECT sequence, record FROM events WHERE user_id = $1\(condition) ORDER BY sequence", binds
        ).map { row in
            let (sequence, record) = try row.decode((Int64, String).self)
            return try Self.decode(record, sequence: sequence)
        }
    }

    /// An event from its stored canonical JSON.
    package static func decode(_ record: String, sequence: Int64) throws -> LedgerEvent {
        do {
            return try EventRecordV1.decode(json: record, line: 1).event()
        } catch let error as EventRecordError {
            throw StoreError.corruptRecord(error.message)
        } catch {
            throw StoreError.corruptRecord("event #\(sequence) is not a readable record")
        }
    }
}

/// Drafts numbered after a head and linked into the chain: the rows an append inserts.
package struct ChainRows {
    package var events: [LedgerEvent] = []
    var records: [EventRecordV1] = []
    var previous: [String] = []
    var hashes: [String] = []
    package var head: ChainHead

    package init(linking drafts: [LedgerEvent], after head: ChainHead) {
        self.head = head
        for var event in drafts {
            event.sequence = self.head.count + 1
            let record = EventRecordV1(event)
            let hash = HashChain.hash(previous: self.head.hash, record: record)
            events.append(event)
            records.append(record)
            previous.append(self.head.hash)
            hashes.append(hash)
            self.head = ChainHead(count: event.sequence, hash: hash)
        }
    }
}
