import LedgerCore
import LedgerInterchange

extension LedgerEvents {
    /// Walks every stored event in sequence order, recomputing each hash from the stored
    /// fields, and names the first event whose sequence, link or hash does not match, or whose
    /// replay row (``ReplayRows``) does not decode to the event its fields hold.
    public func verifyChain() throws -> ChainVerification {
        try ledger.guarded {
            try database.readTransaction {
                try Self.walk(database, after: ChainHead(count: 0, hash: HashChain.genesis))
            }
        }
    }

    /// The chain from the event after `start` to the head, checked as ``verifyChain()`` checks
    /// it: what a write checks from the last verified point, and an import checks of the
    /// events it appended, before its COMMIT.
    static func walk(_ database: SQLiteDatabase, after start: ChainHead, through end: Int64 = .max) throws
        -> ChainVerification
    {
        let statement = try database.prepare(
            """
            SELECT \(EventColumns.list), prev_hash, hash,
                (SELECT data FROM event_replay r WHERE r.occurred_at = events.occurred_at AND r.seq = events.seq)
            FROM events WHERE seq > ? AND seq <= ? ORDER BY seq
            """)
        defer { statement.reset() }
        try statement.bind([.integer(start.count), .integer(end)])
        let covered = try ReplayRows.count(database)
        let decoder = PackedEventDecoder()
        var head = start
        var firstBreak: ChainBreak?
        while try statement.step() {
            let record = EventColumns.record(from: statement)
            let storedPrevious = statement.text(Self.prevHashColumn) ?? ""
            let storedHash = statement.text(Self.prevHashColumn + 1) ?? ""
            if firstBreak == nil {
                firstBreak =
                    Self.check(record, storedPrevious, storedHash, after: head)
                    ?? Self.checkReplayRow(
                        statement.borrowedBlob(Self.prevHashColumn + 2), of: record, covered: covered, decoder)
            }
            head = ChainHead(count: record.sequence, hash: storedHash)
        }
        return ChainVerification(head: head, firstBreak: firstBreak)
    }

    /// `prev_hash`, then `hash` and the replay row, follow the record's columns.
    private static let prevHashColumn = Int32(EventColumns.names.count)

    /// The replay reads packed rows instead of the fields the hash covers, so each must say
    /// exactly what its fields say.
    private static func checkReplayRow(
        _ data: UnsafeBufferPointer<UInt8>?, of record: EventRecordV1, covered: Int64, _ decoder: PackedEventDecoder
    ) -> ChainBreak? {
        guard record.sequence <= covered else { return nil }
        func fail(_ reason: String) -> ChainBreak {
            ChainBreak(sequence: record.sequence, id: record.id, reason: reason)
        }
        guard let data else { return fail("its replay row is missing: reports would skip it") }
        guard let packed = decoder.event(from: data), let event = try? record.event(), packed == event else {
            return fail("its replay row does not match its stored fields: reports would read a different event")
        }
        return nil
    }

    private static func check(_ record: EventRecordV1, _ previous: String, _ hash: String, after head: ChainHead)
        -> ChainBreak?
    {
        func fail(_ reason: String) -> ChainBreak {
            ChainBreak(sequence: record.sequence, id: record.id, reason: reason)
        }
        if record.sequence != head.count + 1 {
            return fail("its number follows #\(head.count): an event is missing or out of order")
        }
        if previous != head.hash { return fail("it does not link to the event before it") }
        if HashChain.hash(previous: previous, record: record) != hash {
            return fail("its stored fields do not match its hash: it was changed after it was recorded")
        }
        do {
            _ = try record.event()
        } catch {
            return fail("it is not a valid event: \(error.message)")
        }
        return nil
    }
}

extension LedgerEvents {
    /// The sequence of the event whose hash is `hash` (a scan: for `verify --head`).
    public func sequence(ofHash hash: String) throws -> Int64? {
        try ledger.guarded { try database.scalarInt("SELECT seq FROM events WHERE hash = ?", [.text(hash)]) }
    }
}
