import LedgerCore

/// Saved fold states (the `snapshots` table): a cache a report reads instead of replaying the
/// whole log, bound to the chain and sealed (``SnapshotSeal``). A row's `data` is its seal (32
/// bytes) and a ``SnapshotFrame``: the seal and the sealed prefix (header and summary) are read
/// with the row, each part (one book's lots) only when the replay asks for it. The seal sits at
/// the start of `data`, not in the `mac` column (left empty) that follows it: to reach a column
/// after a BLOB of megabytes SQLite follows every overflow page of the BLOB (14 MB read for a
/// million events).
public struct LedgerSnapshots: SnapshotStore {
    package let ledger: Ledger
    var database: SQLiteDatabase { ledger.database }

    /// The snapshot saved under `key`, if it is still valid for the log as it is now: the
    /// events it covers are unchanged (its head hash still sits at its sequence), nothing
    /// appended since happened before its last event, no void was appended since, and, when it
    /// read prices, the price table has not changed; and its sealed prefix is what was saved.
    /// Its parts are read later, each against its digest (``readPart(_:of:rowid:)``).
    public func valid(key: String) throws -> SnapshotRecord? {
        try ledger.guarded {
            try database.readTransaction {
                let statement = try database.prepare(
                    "SELECT seq, head, last_occurred, prices_version, uses_prices, rowid FROM snapshots WHERE key = ?"
                )
                defer { statement.reset() }
                try statement.bind([.text(key)])
                guard try statement.step() else { return nil }
                let rowid = statement.int(5)
                var record = SnapshotRecord(
                    key: key, sequence: statement.int(0), head: statement.text(1) ?? "",
                    lastOccurred: Timestamp(secondsSinceEpoch: statement.int(2)), pricesVersion: statement.int(3),
                    usesPrices: statement.int(4) != 0, data: [])
                statement.reset()
                // Same read transaction: the prefix is the one of the row above.
                guard try isValid(record), let (mac, frame, summary) = try readPrefix(rowid: rowid) else { return nil }
                // A row whose seal fails was not saved by ledger as it is: replay instead.
                guard SnapshotSeal.isSealed(record, prefix: frame.header + summary, mac: mac, key: ledger.snapshotKey)
                else { return nil }
                record.data = summary
                record.parts = SnapshotParts(count: frame.partLengths.count) { [self] index in
                    try? readPart(index, of: frame, rowid: rowid)
                }
                return record
            }
        }
    }

    /// Where the frame starts in `data`: after the seal.
    static let sealSize = 32

    /// The seal, frame and summary of row `rowid`'s BLOB (nil when it is not a frame: a
    /// snapshot saved by an older build, or damaged).
    private func readPrefix(rowid: Int64) throws -> ([UInt8], SnapshotFrame, [UInt8])? {
        let start = Self.sealSize
        return try database.withBlob(table: "snapshots", column: "data", rowid: rowid) { blob in
            let size = blob.size - start
            guard size >= SnapshotFrame.fixedSize,
                let (summaryLength, partCount) = SnapshotFrame.counts(
                    try blob.read(at: start, count: SnapshotFrame.fixedSize)),
                partCount <= (size - SnapshotFrame.fixedSize) / SnapshotFrame.entrySize,
                let frame = SnapshotFrame(
                    header: try blob.read(
                        at: start, count: SnapshotFrame.fixedSize + partCount * SnapshotFrame.entrySize)),
                frame.totalSize == size
            else { return nil }
            let mac = try blob.read(at: 0, count: start)
            return (mac, frame, try blob.read(at: start + frame.headerSize, count: summaryLength))
        }
    }

    /// Part `index` of row `rowid` (read after the row's prefix, perhaps in another
    /// transaction: the digest is what ties it to the sealed prefix), or nil when it does not
    /// match. On the replay's connection, between two of its rows.
    func readPart(_ index: Int, of frame: SnapshotFrame, rowid: Int64) throws -> [UInt8]? {
        let bytes = try ledger.sharingConnection {
            try ledger.guarded {
                try database.withBlob(table: "snapshots", column: "data", rowid: rowid) { blob in
                    guard blob.size == Self.sealSize + frame.totalSize else { return nil as [UInt8]? }
                    return try blob.read(
                        at: Self.sealSize + frame.offset(ofPart: index), count: frame.partLengths[index])
                }
            }
        }
        return bytes.flatMap { frame.matches($0, part: index) ? $0 : nil }
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
    /// process holds the write lock, or a part of the lots it carries over cannot be read, the
    /// save is skipped rather than waited for.
    ///
    /// The row goes in with a `zeroblob` for its bytes (and an empty one for `mac`), which
    /// SQLite stores without making them in memory (they are the row's last columns), and the
    /// seal, the prefix and each part are then written in place: a bound BLOB would be copied
    /// by the bind and again into the row's record, twice the snapshot's size (at a million
    /// lots, 2 × 56 MB on top of the replay's state).
    public func save(_ record: SnapshotRecord) {
        guard ledger.access == .readWrite, let parts = record.parts.all() else { return }
        let frame = SnapshotFrame(summary: record.data, parts: parts)
        let prefix = frame.header + record.data
        let mac = SnapshotSeal.mac(record, prefix: prefix, key: ledger.snapshotKey)
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
                    .integer(record.usesPrices ? 1 : 0), .integer(Int64(Self.sealSize + frame.totalSize)), .integer(0),
                ])
                let rowid = try database.scalarInt("SELECT last_insert_rowid()") ?? 0
                try database.withBlob(table: "snapshots", column: "data", rowid: rowid, writable: true) { blob in
                    try blob.write(mac, at: 0)
                    try blob.write(prefix, at: Self.sealSize)
                    var offset = Self.sealSize + frame.prefixSize
                    for part in parts {
                        try blob.write(part, at: offset)
                        offset += part.count
                    }
                }
            }
        }
    }
}
