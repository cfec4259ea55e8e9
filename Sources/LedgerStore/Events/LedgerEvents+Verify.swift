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
    /// events it appended, before its COMMIT. The rows are read and their replay rows decoded
    /// on a second thread (``BatchPipe``) while this one hashes and compares: on two cores the
    /// walk takes about as long as the hashing.
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
        var head = start
        var firstBreak: ChainBreak?
        try BatchPipe.run(
            produce: { emit in
                let decoder = PackedEventDecoder()
                while try statement.step() { try emit(Self.walkedRow(statement, covered: covered, decoder)) }
            },
            consume: { row in
                if firstBreak == nil {
                    firstBreak = Self.check(row, after: head)
                }
                head = ChainHead(count: row.record.sequence, hash: row.hash)
            })
        return ChainVerification(head: head, firstBreak: firstBreak)
    }

    /// One stored event as the walk reads it: its fields, its links, and its replay row.
    struct WalkedRow {
        let record: EventRecordV1
        let previous: String
        let hash: String
        let replay: ReplayRow

        enum ReplayRow {
            /// Beyond the rows the replay rows cover (a ledger from before them).
            case notCovered
            case missing
            case undecodable
            case decoded(LedgerEvent)
        }
    }

    /// `prev_hash`, then `hash` and the replay row, follow the record's columns.
    private static let prevHashColumn = Int32(EventColumns.names.count)

    private static func walkedRow(_ row: SQLiteStatement, covered: Int64, _ decoder: PackedEventDecoder) -> WalkedRow {
        let record = EventColumns.record(from: row)
        let replay: WalkedRow.ReplayRow
        if record.sequence > covered {
            replay = .notCovered
        } else if let data = row.borrowedBlob(prevHashColumn + 2) {
            replay = decoder.event(from: data).map(WalkedRow.ReplayRow.decoded) ?? .undecodable
        } else {
            replay = .missing
        }
        return WalkedRow(
            record: record, previous: row.text(prevHashColumn) ?? "", hash: row.text(prevHashColumn + 1) ?? "",
            replay: replay)
    }

    /// The first thing wrong with `row` after `head`: its number, its link, its hash, its
    /// fields as an event, then its replay row, which the replay reads instead of the fields
    /// the hash covers, so it must say exactly what they say.
    private static func check(_ row: WalkedRow, after head: ChainHead) -> ChainBreak? {
        let record = row.record
        func fail(_ reason: String) -> ChainBreak {
            ChainBreak(sequence: record.sequence, id: record.id, reason: reason)
        }
        if record.sequence != head.count + 1 {
            return fail("its number follows #\(head.count): an event is missing or out of order")
        }
        if row.previous != head.hash { return fail("it does not link to the event before it") }
        if HashChain.hash(previous: row.previous, record: record) != row.hash {
            return fail("its stored fields do not match its hash: it was changed after it was recorded")
        }
        let event: LedgerEvent
        do {
            event = try record.event()
        } catch {
            return fail("it is not a valid event: \(error.message)")
        }
        switch row.replay {
        case .notCovered: return nil
        case .missing: return fail("its replay row is missing: reports would skip it")
        case .decoded(let packed) where packed == event: return nil
        case .decoded, .undecodable:
            return fail("its replay row does not match its stored fields: reports would read a different event")
        }
    }
}

extension LedgerEvents {
    /// The sequence of the event whose hash is `hash` (a scan: for `verify --head`).
    public func sequence(ofHash hash: String) throws -> Int64? {
        try ledger.guarded { try database.scalarInt("SELECT seq FROM events WHERE hash = ?", [.text(hash)]) }
    }
}
