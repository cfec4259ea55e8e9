import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The split walk holds each replay row's event to its row's columns field by field
/// (``CanonicalEventJSON/matches(_:row:)``) instead of writing the event's canonical JSON and
/// comparing it with the columns': it must answer exactly as that comparison does, for every
/// kind and field, for rows changed in any column and for events that differ from their row.
@Suite("Canonical event match")
struct CanonicalEventMatchTests {
    /// A change to a column of a stored row (some are refused by the table's constraints).
    static func change(_ column: String, _ random: inout SplitMix64, rows: Int) -> String {
        let other = 1 + random.next() % UInt64(rows)
        switch random.next() % 9 {
        case 0: return "NULL"
        case 1: return "''"
        case 2: return "\(column) || 'x'"
        case 3: return "substr(\(column), 2)"
        case 4: return "(SELECT \(column) FROM events WHERE seq = \(other))"
        case 5: return "\(column) + 1"
        case 6: return "\(column) || char(10)"
        case 7: return "'0'"
        default: return "\(column) || '\"'"
        }
    }

    /// The event with one thing changed, or another event given this one's number.
    static func variant(of event: LedgerEvent, among events: [LedgerEvent], _ random: inout SplitMix64) -> LedgerEvent {
        var changed = event
        switch random.next() % 9 {
        case 0: changed.note += "\u{01}"
        case 1: changed.sequence += 1
        case 2: changed.account = ""
        case 3: changed.fee = nil
        case 4: changed.provenance = .imported(batch: "", fingerprint: "")
        case 5: changed.occurredAt = Timestamp(secondsSinceEpoch: event.occurredAt.secondsSinceEpoch + 1)
        case 6: changed.recordedAt = Timestamp(secondsSinceEpoch: event.recordedAt.secondsSinceEpoch - 60)
        case 7: changed.schemaVersion += 1
        default:
            changed = events[Int(random.next() % UInt64(events.count))]
            changed.sequence = event.sequence
        }
        return changed
    }

    @Test(
        "the event matches its row exactly when their canonical JSON is the same", arguments: [71, 72, 73] as [UInt64])
    func sameAnswer(seed: UInt64) throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(FastChainWalkTests.allFields(seed: seed)) { _ in }
        var events: [LedgerEvent] = []
        let walked = try FastChainWalk.run(
            store.database, after: ChainHead(count: 0, hash: HashChain.genesis), through: .max
        ) {
            events.append($0)
        }
        try #require(walked.complete && events.count == FastChainWalkTests.allFields(seed: seed).count)
        var random = SplitMix64(seed: seed)
        try store.executeRaw("DROP TRIGGER events_append_only_update")
        let columns = EventColumns.names.dropFirst()
        for sequence in 1...events.count where random.next() % 3 != 0 {
            let column = columns[columns.startIndex + Int(random.next() % UInt64(columns.count))]
            let value = Self.change(column, &random, rows: events.count)
            try? store.executeRaw("UPDATE events SET \(column) = \(value) WHERE seq = \(sequence)")
        }
        let statement = try store.database.prepare("SELECT \(EventColumns.list) FROM events ORDER BY seq")
        defer { statement.reset() }
        var (reader, encoder) = (CanonicalColumns(), CanonicalEventJSON())
        var answers = (same: 0, different: 0)
        while try statement.step() {
            var rowJSON: [UInt8] = []
            reader.append(statement, to: &rowJSON)
            let event = events[Int(statement.int(0)) - 1]
            for candidate in [event, Self.variant(of: event, among: events, &random)] {
                let same = EventRecordV1(candidate).canonicalJSONBytes == rowJSON
                #expect(reader.matches(candidate, encoder: &encoder) == same, "event #\(event.sequence)")
                if same { answers.same += 1 } else { answers.different += 1 }
            }
        }
        #expect(answers.same > 10 && answers.different > 10, "\(answers)")
    }

    @Test("a ledger of every kind and field is walked on two connections as on one")
    func everyKind() throws {
        let store = try Ledger(path: makeTemporaryDirectory() + "/books.ledger", mode: .createIfMissing)
        _ = try store.events.append(FastChainWalkTests.allFields(seed: 74)) { _ in }
        let start = ChainHead(count: 0, hash: HashChain.genesis)
        var visits: [LedgerEvent] = []
        let second = try #require(SecondReader(store))
        let split = try store.database.readTransaction {
            try SplitChainWalk.run(store.database, second: second, after: start, through: .max, blockRows: 4) {
                visits.append($0)
            }
        }
        // The one-connection walk's fast path, which accepts the rows the general walk would.
        var fastVisits: [LedgerEvent] = []
        let fast = try FastChainWalk.run(store.database, after: start, through: .max) { fastVisits.append($0) }
        let outcome = try #require(split, "the split walk ran")
        #expect(fast.complete && outcome.complete && outcome.head == fast.head)
        #expect(visits == fastVisits && visits.count == FastChainWalkTests.allFields(seed: 74).count)
    }
}
