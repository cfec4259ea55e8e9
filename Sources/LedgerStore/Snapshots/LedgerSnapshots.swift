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

/// Saved fold states (the `snapshots` table): a cache a report reads instead of replaying the
/// whole log, bound to the chain and sealed (``SnapshotSeal``).
public struct LedgerSnapshots: SnapshotStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// The snapshot saved under `key`, if it is still valid for the log as it is now: the
    /// events it covers are unchanged (its head hash still sits at its sequence), nothing
    /// appended since happened before its last event, no void was appended since, and, when it
    /// read prices, the price table has not changed.
    ///
    /// The snapshot's megabytes are read through a memory map, on for this read only: on a
    /// million events 40 → 23 ms for the whole `portfolio`, with no more memory (the map is
    /// off otherwise because a full replay through one faulted in four times the pages it read).
    public func valid(key: String) throws -> SnapshotRecord? {
        try ledger.guarded { try database.execute("PRAGMA mmap_size=1073741824") }
        defer { try? database.execute("PRAGMA mmap_size=0") }
        return try ledger.guarded {
            try database.readTransaction {
                let statement = try database.prepare(
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
                guard try isValid(record) else { return nil }
                // Same read transaction: the bytes are the ones the row above describes.
                record.data = try database.readBlob(table: "snapshots", column: "data", rowid: rowid)
                // A row whose seal fails was not saved by ledger as it is: replay instead.
                return SnapshotSeal.isSealed(record, mac: mac, key: ledger.snapshotKey) ? record : nil
            }
        }
    }

    private func isValid(_ record: SnapshotRecord) throws -> Bool {
        guard try isOnChain(record) else { return false }
        // NOT INDEXED keeps the planner on the rowid range (the events since the snapshot):
        // through the occurred-at or void index it would walk most of the log.
        let spoiled = try database.scalarInt(
            "SELECT 1 FROM events NOT INDEXED WHERE seq > ?1 AND (occurred_at < ?2 OR kind IN ('void', 'link')) LIMIT 1",
            [.integer(record.sequence), .integer(record.lastOccurred.secondsSinceEpoch)])
        guard spoiled == nil else { return false }
        return try !record.usesPrices || ledger.prices.version() == record.pricesVersion
    }

    /// True when the event at the snapshot's sequence has the snapshot's head hash.
    func isOnChain(_ record: SnapshotRecord) throws -> Bool {
        let hash = try database.prepare("SELECT hash FROM events WHERE seq = ?")
        defer { hash.reset() }
        try hash.bind([.integer(record.sequence)])
        return try hash.step() && hash.text(0) == record.head
    }

    /// Saves a snapshot, replacing the one under its key. A snapshot is a cache: when another
    /// process holds the write lock the save is skipped rather than waited for.
    ///
    /// The row goes in with `zeroblob`s for its bytes and seal, which SQLite stores without
    /// making them in memory (they are the row's last columns), and both are then written in
    /// place: a bound BLOB would be copied by the bind and again into the row's record, twice
    /// the snapshot's size (at a million lots, 2 × 56 MB on top of the replay's state).
    public func save(_ record: SnapshotRecord) {
        guard ledger.access == .readWrite else { return }
        let mac = SnapshotSeal.mac(record, key: ledger.snapshotKey)
        database.setBusyTimeout(milliseconds: 50)
        defer { database.setBusyTimeout(milliseconds: 15_000) }
        // Its pages are written once: a small cache, spilled to the WAL as it fills. The
        // replay before a save has filled the connection's 64 MiB with pages read once, and
        // shrinking the cache frees them while the snapshot's bytes are held.
        _ = try? database.withPageCache(kibibytes: LedgerFile.writeCacheKiB) {
            try database.immediateTransaction {
                try database.prepare("DELETE FROM snapshots WHERE key = ?").run([.text(record.key)])
                try database.prepare(
                    """
                    INSERT INTO snapshots (key, seq, head, last_occurred, prices_version, uses_prices, data, mac)
                    VALUES (?, ?, ?, ?, ?, ?, zeroblob(?), zeroblob(?))
                    """
                ).run([
                    .text(record.key), .integer(record.sequence), .text(record.head),
                    .integer(record.lastOccurred.secondsSinceEpoch), .integer(record.pricesVersion),
                    .integer(record.usesPrices ? 1 : 0), .integer(Int64(record.data.count)), .integer(Int64(mac.count)),
                ])
                let rowid = try database.scalarInt("SELECT last_insert_rowid()") ?? 0
                try database.writeBlob(table: "snapshots", column: "data", rowid: rowid, record.data)
                try database.writeBlob(table: "snapshots", column: "mac", rowid: rowid, mac)
            }
        }
    }
}
