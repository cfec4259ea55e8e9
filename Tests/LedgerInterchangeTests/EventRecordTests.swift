import LedgerCore
import LedgerCoreTestSupport
import LedgerInterchange
import Testing

@Suite("Event records")
struct EventRecordTests {
    static func everyKind() -> [LedgerEvent] {
        var make = Events(seed: 9)
        let buy = make.buy("BTC", "0.1", at: "30000", on: "2024-01-02T10:00:00Z", fee: "5")
        var sell = make.sell("BTC", "0.05", at: "35000.5", in: "EUR", on: "2024-02-01", account: "kraken")
        sell.fee = Events.amount("0.0001", "BTC")
        sell.note = "note with \"quotes\", commas\nand a new line"
        var imported = make.deposit("USD", "10000", on: "2024-01-01")
        imported.provenance = .imported(batch: "B1", fingerprint: "coinbase:abc")
        return [
            buy, sell, imported,
            make.make(
                .trade(given: Events.amount("1", "ETH"), received: Events.amount("0.05", "BTC")), on: "2024-03-01"),
            make.withdraw("USD", "100", on: "2024-03-02"),
            make.transfer("BTC", "0.01", from: "default", to: "cold", on: "2024-03-03"),
            make.make(.income(Events.amount("0.001", "ETH"), kind: .staking, value: nil), on: "2024-03-04"),
            make.make(
                .income(
                    Events.amount("5", "ATOM"), kind: .airdrop,
                    value: .unit(Price(ExactDecimal("9.5")!, AssetSymbol("USD")!))), on: "2024-03-05"),
            make.make(.fee(Events.amount("0.5", "USD")), on: "2024-03-06"),
            make.make(.split(Events.asset("AAPL", .stock), SplitRatio("4:1")!), on: "2024-03-07"),
            make.void(buy, on: "2024-03-08", reason: "typed twice"),
        ]
    }

    @Test("every kind survives event → record → event")
    func roundTrip() throws {
        for event in Self.everyKind() {
            #expect(try EventRecordV1(event).event() == event, "\(event.kind)")
        }
    }

    @Test("the canonical encoding is fixed (the hash chain depends on it)")
    func canonical() {
        let lines = Self.everyKind().map { EventRecordV1($0).canonicalJSON }.joined(separator: "\n") + "\n"
        if let failure = Golden.check(lines, path: Golden.directory(for: #filePath) + "/canonical-v1.jsonl") {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test("JSONL with Windows line ends reads every line, and blank lines are skipped")
    func windowsLineEnds() {
        let record =
            #"{"id":"01M80AJ82DHF0N4DGF2MBP50TA","kind":"buy","occurred_at":"2024-01-02T10:00:00Z","account":"x","asset":"BTC","quantity":"0.5","price":"30000","quote":"USD"}"#
        let second = record.replacingOccurrences(of: "01M80AJ82DHF0N4DGF2MBP50TA", with: "01M80AJ82DHF0N4DGF2MBP50TB")
        let read = EventFile.readJSONL(record + "\r\n\r\n" + second + "\r\n")
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.events.map(\.line) == [1, 3])
    }

    @Test("a bad field is named in the error")
    func badField() {
        var record = EventRecordV1(Self.everyKind()[0])
        record.quantity = "1,5"
        #expect(throws: EventRecordError.self) { try record.event() }
        do {
            _ = try record.event()
        } catch {
            #expect(error.message.contains("quantity"))
        }
    }
}

@Suite("CSV writing")
struct CSVWriterTests {
    @Test("quotes what needs quoting and neutralises formulas")
    func escaping() {
        #expect(CSVWriter.escape("plain") == "plain")
        #expect(CSVWriter.escape("a,b") == "\"a,b\"")
        #expect(CSVWriter.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.escape("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(CSVWriter.escape("+1 call me") == "'+1 call me")
        #expect(CSVWriter.escape("@SUM(A1)") == "'@SUM(A1)")
        #expect(CSVWriter.escape("-1.5") == "-1.5")
    }
}

@Suite("JSON writing")
struct JSONWriterTests {
    @Test("text without escapes, multi-byte text and control characters are written as JSON")
    func strings() {
        var writer = JSONWriter()
        writer.beginArray()
        for text in ["plain", "café ₿ 🚀", "tab\there", "\u{7}\u{1F}", "\u{7F}", ""] { writer.string(text) }
        writer.endArray()
        #expect(writer.text == #"["plain","café ₿ 🚀","tab\there","\u0007\u001f","\#u{7F}",""]"#)
        #expect(writer.utf8 == Array(writer.text.utf8))
    }

    @Test func escapesAndOrders() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("b", "x\"y\\z\n\u{01}")
        writer.field("a", 3)
        writer.key("list")
        writer.beginArray()
        writer.string("1")
        writer.bool(true)
        writer.null()
        writer.endArray()
        writer.endObject()
        #expect(writer.text == #"{"b":"x\"y\\z\n\u0001","a":3,"list":["1",true,null]}"#)
    }

    @Test("the canonical bytes, written directly, are the JSON writer's bytes for 2,000 seeded records")
    func canonicalMatchesWriter() {
        var random = SplitMix64(seed: 2_026)
        let texts = [
            "", "BTC", "0.000000000000000001", "café ₿ 🚀", "x\"y\\z\n\u{01}\t", "\u{7F}",
            String(repeating: "9", count: 40),
        ]
        func text() -> String? { Bool.random(using: &random) ? nil : texts.randomElement(using: &random)! }
        for index in 0..<2_000 {
            let kinds = EventRecordTests.everyKind()
            let base = kinds[index % kinds.count]
            var record = EventRecordV1(base)
            record.sequence = [0, 1, -7, Int64.max, Int64.min, Int64(index) * 104_729][index % 6]
            record.occurredAt = Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)
            let optional: [WritableKeyPath<EventRecordV1, String?>] = [
                \.asset, \.assetClass, \.quantity, \.price, \.quote, \.counterAsset, \.counterClass,
                \.counterQuantity, \.toAccount, \.incomeKind, \.splitRatio, \.voidTarget, \.reason,
                \.fee, \.feeAsset, \.feeClass, \.batch, \.fingerprint, \.total,
            ]
            for field in optional { record[keyPath: field] = text() }
            record.note = text() ?? ""
            var writer = JSONWriter()
            record.write(to: &writer)
            #expect(record.canonicalJSONBytes == writer.utf8, "record \(index)")
        }
    }
}
