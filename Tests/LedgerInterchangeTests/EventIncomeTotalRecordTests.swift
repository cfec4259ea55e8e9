import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// Record version 3: an income that keeps the total its source gave (`add income … @@ T`, a
/// Coinbase reward's `Subtotal`). Versions 1 and 2 stay byte for byte what they were; version 3
/// is pinned in `canonical-v3.jsonl`.
@Suite("Event records: an income with a total (version 3)")
struct EventIncomeTotalRecordTests {
    static func incomes() -> [LedgerEvent] {
        var make = Events(seed: 31)
        let usd = AssetSymbol("USD")!
        return [
            make.make(
                .income(
                    Events.amount("0.00123457", "BTC"), kind: .reward, value: .total(ExactDecimal("51.2")!, quote: usd)),
                on: "2024-03-01"),
            make.make(
                .income(Events.amount("3", "ATOM"), kind: .staking, value: .total(ExactDecimal("10")!, quote: usd)),
                on: "2024-03-02", account: "kraken"),
        ]
    }

    @Test("the canonical encoding of version 3 is fixed")
    func canonical() {
        let lines = Self.incomes().map { EventRecordV1($0).canonicalJSON }.joined(separator: "\n") + "\n"
        if let failure = Golden.check(lines, path: Golden.directory(for: #filePath) + "/canonical-v3.jsonl") {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("an income with a total is version 3 and keeps the total; its value is exactly the total")
    func fields() throws {
        let event = Self.incomes()[1]
        let record = EventRecordV1(event)
        #expect(record.schemaVersion == 3)
        #expect(record.price == "3.333333333333333333" && record.total == "10" && record.quote == "USD")
        #expect(event.summary == "income 3 ATOM (staking) @@ 10 USD")
        // An income at a unit value stays version 1, without a `total`.
        var make = Events(seed: 1)
        let unit = EventRecordV1(make.income("ETH", "0.1", unitValue: "2900", on: "2024-03-01"))
        #expect(unit.schemaVersion == 1 && unit.total == nil && unit.price == "2900")
    }

    @Test("JSONL export and import give back the same events and bytes")
    func jsonlRoundTrip() throws {
        let events = Self.incomes() + EventTotalRecordTests.totals() + EventRecordTests.everyKind()
        let text = EventFile.jsonl(events)
        let read = EventFile.readJSONL(text)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.events.map(\.event) == events)
        #expect(EventFile.jsonl(read.events.map(\.event)) == text)
    }

    @Test("a JSONL income row with a total and no version is read as version 3")
    func defaultVersion() {
        let line = EventRecordV1(Self.incomes()[1]).canonicalJSON.replacingOccurrences(of: #""version":3,"#, with: "")
        let read = EventFile.readJSONL(line)
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.events.first?.event.schemaVersion == 3)
        #expect(read.events.first?.event == Self.incomes()[1])
    }

    @Test("an income's total is refused in a version-2 record and beside a price that is not its own")
    func refused() throws {
        var record = EventRecordV1(Self.incomes()[1])
        record.schemaVersion = 2
        #expect(EventTotalRecordTests.problem(record)?.contains("field 'total' needs record version 3") == true)
        record = EventRecordV1(Self.incomes()[1])
        record.price = "3.33"
        #expect(EventTotalRecordTests.problem(record)?.contains("must be 3.333333333333333333") == true)
    }

    @Test("`add income X Q @@ T` values the income at exactly T in the replay")
    func valuedAtTheTotal() {
        let state = Valuation.replay(Self.incomes())
        #expect(state.income == ExactDecimal("61.2")!)
    }
}
