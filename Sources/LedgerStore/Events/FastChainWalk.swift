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
    struct Outcome {
        let head: ChainHead
        let complete: Bool
    }

    /// One row as the reading thread hands it over.
    struct Row {
        let sequence: Int64
        /// The stored `prev_hash` and `hash` (64 hex digits each), the columns' canonical JSON,
        /// then the replay row's bytes; empty when the row has no such hashes or replay row, or
        /// the JSON does not hash to the stored one.
        let bytes: [UInt8]
        /// Where the replay row's bytes start in ``bytes``.
        let replayStart: Int

        static func unsound(_ sequence: Int64) -> Row { Row(sequence: sequence, bytes: [], replayStart: 0) }
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
                    guard let event = checker.accepts(row) else { throw Stop() }
                    visit(event)
                })
        } catch is Stop {
            return Outcome(head: checker.head, complete: false)
        }
        return Outcome(head: checker.head, complete: true)
    }

    /// Reads a row on the walk's second thread: its hashes, its columns' canonical JSON (which
    /// must hash to the stored hash) and its replay row. The replay row is decoded on the
    /// calling thread, which carried less of the work.
    private final class Reader {
        let covered: Int64
        let replay: WalkReplayRows
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
            else { return .unsound(sequence) }
            // One buffer of the size needed, written in place: the hashes, the columns' JSON,
            // the replay row.
            let bound = 128 + canonical.read(row) + data.count
            var replayStart = 0
            var hashed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                var cursor = ByteCursor(at: buffer.baseAddress!)
                cursor.put(previous)
                cursor.put(hash)
                let json = cursor.at
                cursor.at += canonical.write(to: json)
                // The hash needs only the row's own `prev_hash`, so it is checked here, beside
                // the reading, and the calling thread keeps the link and the comparison.
                hashed = HashChain.matches(
                    previousHex: previous, canonical: UnsafeRawBufferPointer(start: json, count: cursor.at - json),
                    hashHex: hash)
                replayStart = cursor.at - buffer.baseAddress!
                cursor.put(data)
                count = cursor.at - buffer.baseAddress!
            }
            guard hashed else { return .unsound(sequence) }
            return Row(sequence: sequence, bytes: bytes, replayStart: replayStart)
        }
    }

    /// Checks rows on the calling thread, in order: the number, the link, and the columns'
    /// JSON against the replay row's event, decoded here.
    private final class Checker {
        private(set) var count: Int64
        /// The head's hash as 64 hex digits.
        private var hash: [UInt8]
        private var expected: [UInt8] = []
        private var canonical = CanonicalEventJSON()
        private let packed = PackedEventDecoder()

        init(head: ChainHead) {
            count = head.count
            hash = Array(head.hash.utf8)
        }

        var head: ChainHead { ChainHead(count: count, hash: String(decoding: hash, as: UTF8.self)) }

        /// The replay row's event when `row` follows the head and is sound (then it is the new
        /// head); nil when not.
        func accepts(_ row: Row) -> LedgerEvent? {
            guard row.sequence == count + 1, row.bytes.count > 128 else { return nil }
            let sound = row.bytes.withUnsafeBufferPointer { bytes -> LedgerEvent? in
                guard FastChainWalk.same(UnsafeBufferPointer(rebasing: bytes[0..<64]), hash),
                    let event = packed.event(from: UnsafeBufferPointer(rebasing: bytes[row.replayStart...]))
                else { return nil }
                expected.removeAll(keepingCapacity: true)
                canonical.append(event, to: &expected)
                return FastChainWalk.same(UnsafeBufferPointer(rebasing: bytes[128..<row.replayStart]), expected)
                    ? event : nil
            }
            guard let event = sound else { return nil }
            count = row.sequence
            if hash.count == 64 {
                // In place, not a new array for every row.
                hash.withUnsafeMutableBufferPointer { hash in
                    row.bytes.withUnsafeBufferPointer {
                        hash.baseAddress!.update(from: $0.baseAddress! + 64, count: 64)
                    }
                }
            } else {
                hash = Array(row.bytes[64..<128])
            }
            return event
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
