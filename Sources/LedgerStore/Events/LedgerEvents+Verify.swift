import LedgerCore
import LedgerInterchange

extension LedgerEvents {
    /// Walks every stored event in sequence order, recomputing each hash from the stored
    /// fields, and names the first event whose sequence, link or hash does not match, or whose
    /// replay row (``ReplayRows``) does not decode to the event its fields hold.
    public func verifyChain() throws -> ChainVerification {
        try verifyChain(visiting: { _ in })
    }

    /// ``verifyChain()``, handing `visit` each event that checked out before the first break,
    /// in sequence order: what `ledger verify` checks of every event beyond the chain, without
    /// reading the log a second time. The log is read on two connections at once
    /// (``SplitChainWalk``); the second is opened before the read transaction starts, so that
    /// it can tell whether it sees the same snapshot.
    public func verifyChain(visiting visit: (LedgerEvent) -> Void) throws -> ChainVerification {
        try verifyChain(blockRows: SplitChainWalk.blockRows, visiting: visit)
    }

    /// ``verifyChain(visiting:)`` with the split walk's blocks of `blockRows` (tests cross many).
    func verifyChain(blockRows: Int64, visiting visit: (LedgerEvent) -> Void) throws -> ChainVerification {
        try ledger.guarded {
            let second = SecondReader(ledger)
            return try database.readTransaction {
                try Self.walk(
                    database, after: ChainHead(count: 0, hash: HashChain.genesis), alongside: second,
                    blockRows: blockRows, visiting: visit)
            }
        }
    }

    /// The chain from the event after `start` to the head, checked as ``verifyChain()`` checks
    /// it: what a write checks from the last verified point, and an import checks of the
    /// events it appended, before its COMMIT. The fast path goes as far as it can (on both
    /// connections with a `second` one, ``SplitChainWalk``; else ``FastChainWalk``); the
    /// general walk goes on from there, and names the break if there is one.
    static func walk(
        _ database: SQLiteDatabase, after start: ChainHead, through end: Int64 = .max,
        alongside second: SecondReader? = nil, blockRows: Int64 = SplitChainWalk.blockRows,
        visiting visit: (LedgerEvent) -> Void = { _ in }
    ) throws -> ChainVerification {
        let split = try second.flatMap {
            try SplitChainWalk.run(
                database, second: $0, after: start, through: end, blockRows: blockRows, visiting: visit)
        }
        let fast = try split ?? FastChainWalk.run(database, after: start, through: end, visiting: visit)
        if fast.complete { return ChainVerification(head: fast.head, firstBreak: nil) }
        return try generalWalk(database, after: fast.head, through: end, visiting: visit)
    }

    /// The general walk: every row read as a record of strings, hashed, parsed as an event and
    /// compared with its replay row. The rows are read, and their replay rows found
    /// (``WalkReplayRows``) and decoded, on a second thread (``BatchPipe``) while this one
    /// hashes, decodes the record and compares.
    static func generalWalk(
        _ database: SQLiteDatabase, after start: ChainHead, through end: Int64 = .max,
        visiting visit: (LedgerEvent) -> Void = { _ in }
    ) throws -> ChainVerification {
        let rows = try WalkRows(database, after: start, through: end)
        defer { rows.reset() }
        let (statement, covered, replay) = (rows.statement, rows.covered, rows.replay)
        var head = start
        var firstBreak: ChainBreak?
        try BatchPipe.run(
            produce: { emit in
                let reader = WalkReader(covered: covered, replay: replay)
                while try statement.step() { try emit(reader.row(statement)) }
            },
            consume: { row in
                if firstBreak == nil {
                    firstBreak = Self.check(row, after: head, visit)
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

    /// Reads a walked row on the walk's second thread: the record the hash covers and the
    /// replay row decoded. The record is read as an event on the calling thread, with the
    /// hashing: the two threads then carry about the same work.
    private final class WalkReader {
        let covered: Int64
        let replay: WalkReplayRows
        let packed = PackedEventDecoder()

        init(covered: Int64, replay: WalkReplayRows) {
            self.covered = covered
            self.replay = replay
        }

        /// `prev_hash` and `hash` follow the record's columns.
        private static let prevHashColumn = Int32(EventColumns.names.count)

        func row(_ row: SQLiteStatement) throws -> WalkedRow {
            let record = EventColumns.record(from: row)
            let replayRow: WalkedRow.ReplayRow
            if record.sequence > covered {
                replayRow = .notCovered
            } else if let data = try replay.data(occurredAt: record.occurredAt, sequence: record.sequence) {
                replayRow = packed.event(from: data).map(WalkedRow.ReplayRow.decoded) ?? .undecodable
            } else {
                replayRow = .missing
            }
            return WalkedRow(
                record: record, previous: row.text(Self.prevHashColumn) ?? "",
                hash: row.text(Self.prevHashColumn + 1) ?? "", replay: replayRow)
        }
    }

    /// The first thing wrong with `row` after `head`: its number, its link, its hash, its
    /// fields as an event, then its replay row, which the replay reads instead of the fields
    /// the hash covers, so it must say exactly what they say.
    /// An event that checks out is handed to `visit`.
    private static func check(_ row: WalkedRow, after head: ChainHead, _ visit: (LedgerEvent) -> Void) -> ChainBreak? {
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
        case .notCovered: break
        case .missing: return fail("its replay row is missing: reports would skip it")
        case .decoded(let packed) where packed == event: break
        case .decoded, .undecodable:
            return fail("its replay row does not match its stored fields: reports would read a different event")
        }
        visit(event)
        return nil
    }
}

extension LedgerEvents {
    /// The sequence of the event whose hash is `hash` (a scan: for `verify --head`).
    public func sequence(ofHash hash: String) throws -> Int64? {
        try ledger.guarded { try database.scalarInt("SELECT seq FROM events WHERE hash = ?", [.text(hash)]) }
    }
}
