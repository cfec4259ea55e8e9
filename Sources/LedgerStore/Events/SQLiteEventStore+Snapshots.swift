import LedgerCore

/// A saved fold state and where in the log it stands.
public struct SnapshotRecord: Sendable {
    /// Which fold: booking method, pooling and currency.
    public let key: String
    /// The last event folded in and the chain head hash then.
    public let sequence: Int64
    public let head: String
    /// The latest occurred-at folded in.
    public let lastOccurred: Timestamp
    /// The price table's change counter when the state was folded, and whether the fold
    /// read prices at all (if not, price changes do not make it stale).
    public let pricesVersion: Int64
    public let usesPrices: Bool
    public internal(set) var data: [UInt8]

    public init(
        key: String, sequence: Int64, head: String, lastOccurred: Timestamp, pricesVersion: Int64, usesPrices: Bool,
        data: [UInt8]
    ) {
        self.key = key
        self.sequence = sequence
        self.head = head
        self.lastOccurred = lastOccurred
        self.pricesVersion = pricesVersion
        self.usesPrices = usesPrices
        self.data = data
    }
}

extension SQLiteEventStore {
    /// The snapshot saved under `key`, if it is still valid for the log as it is now: the
    /// events it covers are unchanged (its head hash still sits at its sequence), nothing
    /// appended since happened before its last event, no void was appended since, and, when it
    /// read prices, the price table has not changed.
    ///
    /// The snapshot's megabytes are read through a memory map, on for this read only: on a
    /// million events 40 → 23 ms for the whole `portfolio`, with no more memory (the map is
    /// off otherwise because a full replay through one faulted in four times the pages it read).
    public func validSnapshot(key: String) throws -> SnapshotRecord? {
        try guarded { try self.database.execute("PRAGMA mmap_size=1073741824") }
        defer { try? self.database.execute("PRAGMA mmap_size=0") }
        return try guarded {
            try self.database.readTransaction {
                let statement = try self.database.prepare(
                    "SELECT seq, head, last_occurred, prices_version, uses_prices, rowid, mac FROM snapshots WHERE key = ?"
                )
                defer { statement.reset() }
                try statement.bind([.text(key)])
                guard try statement.step() else { return nil }
                let rowid = statement.int(5)
                var record = SnapshotRecord(
                    key: key, sequence: statement.int(0), head: statement.text(1) ?? "",
                    lastOccurred: Timestamp(secondsSinceEpoch: statement.int(2)), pricesVersion: statement.int(3),
                    usesPrices: statement.int(4) != 0, data: [])
                let mac = statement.isNull(6) ? nil : statement.blob(6)
                statement.reset()
                guard try self.isValid(record) else { return nil }
                // Same read transaction: the bytes are the ones the row above describes.
                record.data = try self.database.readBlob(table: "snapshots", column: "data", rowid: rowid)
                // A row whose seal fails was not saved by ledger as it is: replay instead.
                return SnapshotSeal.isSealed(record, mac: mac, key: self.snapshotKey) ? record : nil
            }
        }
    }

    private func isValid(_ record: SnapshotRecord) throws -> Bool {
        guard try isOnChain(record) else { return false }
        // NOT INDEXED keeps the planner on the rowid range (the events since the snapshot):
        // through the occurred-at or void index it would walk most of the log.
        let spoiled = try database.scalarInt(
            "SELECT 1 FROM events NOT INDEXED WHERE seq > ?1 AND (occurred_at < ?2 OR kind = 'void') LIMIT 1",
            [.integer(record.sequence), .integer(record.lastOccurred.secondsSinceEpoch)])
        guard spoiled == nil else { return false }
        return try !record.usesPrices || pricesVersion() == record.pricesVersion
    }

    /// True when the event at the snapshot's sequence has the snapshot's head hash.
    func isOnChain(_ record: SnapshotRecord) throws -> Bool {
        let hash = try database.prepare("SELECT hash FROM events WHERE seq = ?")
        defer { hash.reset() }
        try hash.bind([.integer(record.sequence)])
        return try hash.step() && hash.text(0) == record.head
    }

    /// The price table's change counter (bumped by triggers on every write).
    public func pricesVersion() throws -> Int64 {
        try guarded { try self.database.scalarInt("SELECT value FROM counters WHERE name = 'prices'") ?? 0 }
    }

    /// Saves a snapshot, replacing the one under its key. A snapshot is a cache: when another
    /// process holds the write lock the save is skipped rather than waited for.
    public func saveSnapshot(_ record: SnapshotRecord) {
        guard access == .readWrite else { return }
        let mac = SnapshotSeal.mac(record, key: snapshotKey)
        database.setBusyTimeout(milliseconds: 50)
        defer { database.setBusyTimeout(milliseconds: 15_000) }
        _ = try? database.immediateTransaction {
            try database.prepare(
                """
                INSERT INTO snapshots (key, seq, head, last_occurred, prices_version, uses_prices, data, mac)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(key) DO UPDATE SET seq = excluded.seq, head = excluded.head,
                    last_occurred = excluded.last_occurred, prices_version = excluded.prices_version,
                    uses_prices = excluded.uses_prices, data = excluded.data, mac = excluded.mac
                """
            ).run([
                .text(record.key), .integer(record.sequence), .text(record.head),
                .integer(record.lastOccurred.secondsSinceEpoch), .integer(record.pricesVersion),
                .integer(record.usesPrices ? 1 : 0), .blob(record.data), .blob(mac),
            ])
        }
    }

    /// Streams the events appended after `sequence` (none of them voids, as a valid snapshot
    /// guarantees) in replay order, up to `asOf`.
    @discardableResult
    public func forEachEvent(after sequence: Int64, through asOf: Timestamp, _ body: (LedgerEvent) throws -> Void)
        throws -> LogPosition
    {
        try guarded {
            try self.database.readTransaction {
                // NOT INDEXED keeps the planner off the `events_replay` index: walking it would
                // visit every event up to as-of (the whole log) to find the few after `sequence`;
                // the rowid range reads only the tail, which SQLite then sorts.
                let statement = try self.database.prepare(
                    """
                    SELECT \(EventColumns.list) FROM events NOT INDEXED WHERE seq > ?1 AND occurred_at <= ?2
                    ORDER BY occurred_at, seq
                    """)
                defer { statement.reset() }
                try statement.bind([.integer(sequence), .integer(asOf.secondsSinceEpoch)])
                let decoder = EventRowDecoder()
                while try statement.step() { try body(try decoder.event(from: statement)) }
                statement.reset()
                return try self.position()
            }
        }
    }

    /// The latest occurred-at of any event (nil for an empty ledger).
    public func lastOccurredAt() throws -> Timestamp? {
        try guarded {
            try self.database.scalarInt("SELECT MAX(occurred_at) FROM events").map(Timestamp.init(secondsSinceEpoch:))
        }
    }
}
