import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Record version 2: a buy or sell that keeps its total. Version-1 records stay byte for byte
/// what they were (`canonical-v1.jsonl`); version 2 is pinned in `canonical-v2.jsonl`.
@Suite("Event records with a total (version 2)")
struct EventTotalRecordTests {
    static func totals() -> [LedgerEvent] {
        var make = Events(seed: 18)
        var sell = make.sell("ETH", "3", for: "200", in: "EUR", on: "2024-01-03", account: "kraken", fee: "0.5")
        sell.provenance = .imported(batch: "B2", fingerprint: "kraken:trade:T1")
        return [
            make.buy("ETH", "3", for: "100", on: "2024-01-02"),
            sell,
            make.buy("XLM", "7", for: "1", in: "BTC", on: "2024-01-04"),
            make.sell("XYZ", "2", for: "0.000000000000000003", on: "2024-01-05"),
        ]
    }

    @Test("the canonical encoding of version 2 is fixed")
    func canonical() {
        let lines = Self.totals().map { EventRecordV1($0).canonicalJSON }.joined(separator: "\n") + "\n"
        if let failure = Golden.check(lines, path: Golden.directory(for: #filePath) + "/canonical-v2.jsonl") {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("an event with a total is version 2, shows the derived unit price and keeps the total")
    func fields() throws {
        let record = EventRecordV1(Self.totals()[0])
        #expect(record.schemaVersion == 2)
        #expect(record.price == "33.333333333333333333" && record.total == "100" && record.quote == "USD")
        #expect(record.canonicalJSON.contains(#""price":"33.333333333333333333","quote":"USD","total":"100","note""#))
        // One without a total has no `total` key and stays version 1.
        let plain = EventRecordV1(EventRecordTests.everyKind()[0])
        #expect(plain.schemaVersion == 1 && plain.total == nil && !plain.canonicalJSON.contains("total"))
    }

    @Test("JSONL export and import give back the same events and the same bytes")
    func jsonlRoundTrip() throws {
        let events = Self.totals() + EventRecordTests.everyKind()
        let text = EventFile.jsonl(events)
        let read = EventFile.readJSONL(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.events.map(\.event) == events)
        #expect(EventFile.jsonl(read.events.map(\.event)) == text)
        let json = EventFile.readJSON(EventFile.json(events))
        #expect(json.problems.isEmpty && json.events.map(\.event) == events)
    }

    @Test("a total is refused in a version-1 record, beside a price that is not its own, or on another kind")
    func refused() throws {
        var record = EventRecordV1(Self.totals()[0])
        record.schemaVersion = 1
        #expect(Self.problem(record)?.contains("field 'total' needs record version 2") == true)
        record = EventRecordV1(Self.totals()[0])
        record.price = "33.33"
        #expect(Self.problem(record)?.contains("must be 33.333333333333333333") == true)
        record = EventRecordV1(EventRecordTests.everyKind()[2])
        record.schemaVersion = 2
        record.total = "5"
        #expect(Self.problem(record)?.contains("only for a buy, a sell or an income") == true)
    }

    @Test("a file from a newer ledger (version 6) is refused")
    func newerVersion() {
        let line = EventRecordV1(Self.totals()[0]).canonicalJSON.replacingOccurrences(
            of: #""version":2"#, with: #""version":6"#)
        let read = EventFile.readJSONL(line)
        #expect(read.problems.first?.message.contains("event version 6 is newer than this ledger reads (5)") == true)
    }

    static func problem(_ record: EventRecordV1) -> String? {
        do {
            _ = try record.event()
            return nil
        } catch {
            return error.message
        }
    }
}
