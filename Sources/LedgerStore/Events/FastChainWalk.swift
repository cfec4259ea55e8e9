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
/// canonical JSON of the replay row's event: then the record the columns hold is the record of
/// that event, which is what the general walk would have parsed from them.
///
/// The path stops at the first event it cannot accept that way (a break, a missing or other
/// replay row, a ledger from before the replay rows, a record that is not written the way
/// the tool writes it); the general walk then goes on from the head reached, so every answer
/// (the break found and its wording) is the general walk's.
enum FastChainWalk {
    /// How far the path got: the head after the last event it accepted, and whether that is
    /// the end of the range.
    struct Outcome {
        let head: ChainHead
        let complete: Bool
    }

    /// One row as the reading thread hands it over.
    struct Row {
        let sequence: Int64
        /// The stored `prev_hash` and `hash` (64 hex digits each), then the columns' canonical
        /// JSON; empty when the row has no such hashes or the JSON does not hash to the stored one.
        let bytes: [UInt8]
        /// The replay row's event; nil when there is none, or it does not decode.
        let event: LedgerEvent?
    }

    private struct Stop: Error {}

    /// Walks the events after `start` through `end`, handing each accepted one to `visit`.
    static func run(
        _ database: SQLiteDatabase, after start: ChainHead, through end: Int64, visiting visit: (LedgerEvent) -> Void
    ) throws -> Outcome {
        let rows = try WalkRows(database, after: start, through: end)
        defer { rows.reset() }
        let (statement, covered, replay) = (rows.statement, rows.covered, rows.replay)
        let checker = Checker(head: start)
        do {
            try BatchPipe.run(
                produce: { emit in
                    let reader = Reader(covered: covered, replay: replay)
                    while try statement.step() { try emit(reader.row(statement)) }
                },
                consume: { row in
                    guard checker.accepts(row) else { throw Stop() }
                    visit(row.event!)
                })
        } catch is Stop {
            return Outcome(head: checker.head, complete: false)
        }
        return Outcome(head: checker.head, complete: true)
    }

    /// Reads a row on the walk's second thread: its hashes, its columns' canonical JSON (which
    /// must hash to the stored hash) and its replay row's event.
    private final class Reader {
        let covered: Int64
        let replay: WalkReplayRows
        let packed = PackedEventDecoder()
        let canonical = CanonicalColumns()
        private static let hashColumn = Int32(EventColumns.names.count)

        init(covered: Int64, replay: WalkReplayRows) {
            self.covered = covered
            self.replay = replay
        }

        func row(_ row: SQLiteStatement) throws -> Row {
            let sequence = row.int(0)
            guard sequence <= covered, let previous = row.bytes(Self.hashColumn), previous.count == 64,
                let hash = row.bytes(Self.hashColumn + 1), hash.count == 64,
                let data = try replay.data(occurredAt: row.int(4), sequence: sequence)
            else { return Row(sequence: sequence, bytes: [], event: nil) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(640)
            bytes.append(contentsOf: previous)
            bytes.append(contentsOf: hash)
            canonical.append(row, to: &bytes)
            // The hash needs only the row's own `prev_hash`, so it is checked here, beside the
            // reading, and the calling thread keeps the link and the comparison.
            let hashed = bytes.withUnsafeBufferPointer { bytes in
                let digest = HashChain.digest(
                    previous: HashChain.bytes(fromHexDigits: previous),
                    canonical: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[128...])))
                return FastChainWalk.same(hash, HashChain.hexBytes(digest))
            }
            guard hashed else { return Row(sequence: sequence, bytes: [], event: nil) }
            return Row(sequence: sequence, bytes: bytes, event: packed.event(from: data))
        }
    }

    /// Checks rows on the calling thread, in order: the number, the link, and the columns'
    /// JSON against the replay row's event.
    private final class Checker {
        private(set) var count: Int64
        /// The head's hash as 64 hex digits.
        private var hash: [UInt8]
        private var expected: [UInt8] = []

        init(head: ChainHead) {
            count = head.count
            hash = Array(head.hash.utf8)
        }

        var head: ChainHead { ChainHead(count: count, hash: String(decoding: hash, as: UTF8.self)) }

        /// True when `row` follows the head and is sound (then it is the new head).
        func accepts(_ row: Row) -> Bool {
            guard row.sequence == count + 1, let event = row.event, row.bytes.count > 128 else { return false }
            expected.removeAll(keepingCapacity: true)
            EventRecordV1(event).appendCanonicalJSON(to: &expected)
            let sound = row.bytes.withUnsafeBufferPointer { bytes in
                FastChainWalk.same(UnsafeBufferPointer(rebasing: bytes[0..<64]), hash)
                    && FastChainWalk.same(UnsafeBufferPointer(rebasing: bytes[128...]), expected)
            }
            guard sound else { return false }
            count = row.sequence
            hash = Array(row.bytes[64..<128])
            return true
        }
    }

    /// Byte for byte the same (`memcmp`: the generic `elementsEqual` was a tenth of the walk).
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ other: [UInt8]) -> Bool {
        other.withUnsafeBufferPointer { other in
            bytes.count == other.count
                && (bytes.isEmpty || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0)
        }
    }
}
