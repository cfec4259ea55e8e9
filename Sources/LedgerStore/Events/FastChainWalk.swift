import LedgerCore
import LedgerInterchange

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chain walk's fast path (``LedgerEvents/walk(_:after:through:visiting:)``): each event
/// is taken from its replay row, and its columns are never made into a record of strings nor
/// parsed. An event is accepted when it follows the head, links to it, its columns' canonical
/// JSON (``CanonicalColumns``) hashes to its stored hash, and that JSON is byte for byte the
/// canonical JSON of the replay row's event (``CanonicalEventJSON``, which is
/// `EventRecordV1(event)`'s): then the record the columns hold is the record of
/// that event, which is what the general walk would have parsed from them.
///
/// The path stops at the first event it cannot accept that way (a break, a missing or other
/// replay row, a ledger from before the replay rows, a record that is not written the way
/// the tool writes it); the general walk then goes on from the head reached, so every answer
/// (the break found and its wording) is the general walk's.
enum FastChainWalk {
    /// How far the path got: the head after the last event it accepted, and whether that is
    /// the end of the range.
    struct Outcome: Equatable {
        let head: ChainHead
        let complete: Bool
    }

    private struct Stop: Error {}

    /// Walks the events after `start` through `end`, handing each accepted one to `visit`.
    static func run(
        _ database: SQLiteDatabase, after start: ChainHead, through end: Int64, chunks: WalkChunks = WalkChunks(),
        visiting visit: (LedgerEvent) -> Void
    ) throws -> Outcome {
        let rows = try WalkRows(database, after: start, through: end)
        defer { rows.reset() }
        // A struct, mutated only here: a class's stored `var`s were checked for exclusive
        // access at run time on every read and write (a few per row).
        var checker = Checker(head: start)
        do {
            try BatchPipe.run(
                perBatch: 1,
                produce: { emit in try read(rows, into: chunks, emit) },
                consume: { chunk in
                    defer { chunks.give(chunk) }
                    for row in chunk.rows {
                        guard let event = checker.accepts(row, of: chunk) else { throw Stop() }
                        visit(event)
                    }
                })
        } catch is Stop {
            return Outcome(head: checker.head, complete: false)
        }
        return Outcome(head: checker.head, complete: true)
    }

    /// The reading thread's part: every row of `rows` written into chunks of `chunks`, each
    /// handed to `emit` when it holds ``WalkChunks/rowsPerChunk`` rows or has no room for the
    /// next row's bytes, the last one when the rows end.
    private static func read(_ rows: WalkRows, into chunks: WalkChunks, _ emit: (WalkChunk) throws -> Void) throws {
        var reader = Reader(covered: rows.covered, replay: rows.replay)
        var chunk = chunks.take()
        // The current chunk with room for `bound` more bytes: handed over when full.
        func room(_ bound: Int) throws -> WalkChunk {
            guard !chunk.fits(bound) else { return chunk }
            if !chunk.rows.isEmpty {
                try emit(chunk)
                chunk = chunks.take()
            }
            chunk.reserve(bound)
            return chunk
        }
        while try rows.statement.step() {
            try reader.row(rows.statement, room: room)
            guard chunk.rows.count >= chunks.rowsPerChunk else { continue }
            try emit(chunk)
            chunk = chunks.take()
        }
        if !chunk.rows.isEmpty { try emit(chunk) }
    }

    /// Reads a row on the walk's second thread: its hashes, its columns' canonical JSON and its
    /// replay row. The JSON is hashed and the replay row decoded on the calling thread: with
    /// the rows' buffers reused and the holdings fold lighter, this thread carried more than
    /// that one (58 % of the samples against 42 %, the hash ~11 % of all: docs/PERFORMANCE.md),
    /// and wall time is the busier thread's. A struct in a local of that thread (no run-time
    /// exclusivity checks).
    struct Reader {
        let covered: Int64
        let replay: WalkReplayRows
        var canonical = CanonicalColumns()
        private static let hashColumn = Int32(EventColumns.names.count)

        init(covered: Int64, replay: WalkReplayRows) {
            self.covered = covered
            self.replay = replay
        }

        /// Writes the current row of `row` into the chunk `room` gives for the bytes it may
        /// take (``WalkChunk/Row``).
        mutating func row(_ row: SQLiteStatement, room: (Int) throws -> WalkChunk) throws {
            let sequence = row.int(0)
            guard sequence <= covered, let previous = row.bytes(Self.hashColumn), previous.count == 64,
                let hash = row.bytes(Self.hashColumn + 1), hash.count == 64,
                let data = try replay.data(occurredAt: row.int(4), sequence: sequence)
            else { return try room(0).addUnsound(sequence) }
            // Written in place: the hashes, the columns' JSON, the replay row.
            let bound = 128 + canonical.read(row) + data.count
            try room(bound).add(sequence, bound: bound) { start in
                var cursor = ByteCursor(base: start, capacity: bound)
                cursor.append(previous)
                cursor.append(hash)
                canonical.write(to: &cursor)
                let replayStart = cursor.count
                cursor.append(data)
                return (replayStart, cursor.count)
            }
        }
    }

    /// Checks rows on the calling thread, in order: the number, the link, the columns' JSON
    /// against the stored hash (``HashChain/matches(previous:canonical:hashHex:digest:)``),
    /// then against the replay row's event, decoded here.
    struct Checker {
        private(set) var count: Int64
        /// The head's hash as 64 hex digits.
        private var hash: [UInt8]
        /// The head's hash as its 32 bytes (what a row that links to it hashes first), and
        /// room for the next row's.
        private var digest: [UInt8]
        private var next = [UInt8](repeating: 0, count: 32)
        /// Where the event's canonical JSON is written: reused, grown to the largest bound.
        private var expected: [UInt8] = []
        private var canonical = CanonicalEventJSON()
        private let packed = PackedEventDecoder()
        /// The last event accepted: its box is written again for the next row's when the
        /// visitor kept no copy of it (one allocation less a row). The split walk gives it an
        /// event the calling thread is done with instead (``SplitChainWalk``).
        var spare: LedgerEvent?

        init(head: ChainHead) {
            count = head.count
            hash = Array(head.hash.utf8)
            digest = HashChain.bytes(fromHex: head.hash)
        }

        var head: ChainHead { ChainHead(count: count, hash: String(decoding: hash, as: UTF8.self)) }

        /// Starts again after event `count`, whose hash is taken to be `previous` (64 hex
        /// digits): the stored `prev_hash` of the next row, which the split walk's calling
        /// thread holds to the hash before it (``SplitChainWalk``).
        mutating func restart(after count: Int64, previous: UnsafeBufferPointer<UInt8>) {
            self.count = count
            hash = Array(previous)
            digest = HashChain.bytes(fromHexDigits: previous)
        }

        /// The replay row's event when `row` follows the head and is sound (then it is the new
        /// head); nil when not.
        mutating func accepts(_ row: WalkChunk.Row, of chunk: WalkChunk) -> LedgerEvent? {
            let replayStart = row.replayStart - row.start
            guard row.sequence == count + 1, replayStart > 128,
                FastChainWalk.same(chunk.bytes(of: row, to: 64), hash),
                hashes(chunk.bytes(of: row, from: 128, to: replayStart), to: chunk.bytes(of: row, from: 64, to: 128)),
                let event = packed.event(from: chunk.bytes(of: row, from: replayStart), reusing: &spare),
                FastChainWalk.readable(event),
                writes(
                    event, as: chunk.bytes(of: row, from: 128, to: replayStart), replayBytes: row.end - row.replayStart)
            else { return nil }
            count = row.sequence
            let stored = chunk.bytes(of: row, from: 64, to: 128)
            if hash.count == 64 {
                // In place, not a new array for every row.
                hash.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: stored.baseAddress!, count: 64) }
            } else {
                hash = Array(stored)
            }
            swap(&digest, &next)
            spare = event
            return event
        }

        /// SHA-256 of the head's digest and `canonical` is `hashHex`; the digest is left in
        /// ``next``.
        private mutating func hashes(_ canonical: UnsafeBufferPointer<UInt8>, to hashHex: UnsafeBufferPointer<UInt8>)
            -> Bool
        {
            digest.withUnsafeBytes { previous in
                next.withUnsafeMutableBytes {
                    HashChain.matches(
                        previous: previous, canonical: UnsafeRawBufferPointer(canonical), hashHex: hashHex, digest: $0)
                }
            }
        }

        /// The event's canonical JSON is `json`, byte for byte. It is written through a cursor
        /// into `expected`, with room for ``CanonicalEventJSON/bound(textBytes:)`` of the replay
        /// row's length: the row holds each of the event's strings as its UTF-8 bytes, so that
        /// is room enough whatever a row says (a crafted one too), and the cursor checks each
        /// piece against it, so nothing is ever written past it.
        private mutating func writes(_ event: LedgerEvent, as json: UnsafeBufferPointer<UInt8>, replayBytes: Int)
            -> Bool
        {
            let bound = CanonicalEventJSON.bound(textBytes: replayBytes)
            if expected.count < bound { expected = Array(repeating: 0, count: bound) }
            return expected.withUnsafeMutableBufferPointer { buffer in
                var cursor = LedgerCore.ByteCursor(base: buffer.baseAddress!, capacity: bound)
                canonical.write(event, to: &cursor)
                return FastChainWalk.same(cursor.written, json)
            }
        }
    }

    /// The record of `event` is one the general walk reads back as an event
    /// (``EventRecordV1/readsBack(_:)``, the rule the appender holds new events to): a replay
    /// row can decode to an event that ``EventRecordV1/event()`` would refuse, written by
    /// another writer than this tool.
    static func readable(_ event: LedgerEvent) -> Bool { EventRecordV1.readsBack(event) == nil }

    /// Byte for byte the same (`memcmp`: the generic `elementsEqual` was a tenth of the walk).
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ other: [UInt8]) -> Bool {
        other.withUnsafeBufferPointer { same(bytes, $0) }
    }

    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == other.count
            && (bytes.isEmpty || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0)
    }
}
