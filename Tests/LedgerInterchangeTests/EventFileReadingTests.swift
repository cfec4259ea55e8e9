import LedgerCore
import LedgerInterchange
import Testing

/// Event files are read with the exact JSON reader in the dialect Foundation's `JSONDecoder`
/// accepted when it read them: the same lines import, with the same reasons.
@Suite("Event files read as JSONDecoder read them")
struct EventFileReadingTests {
    static let base =
        #""id":"01M80AJ82DHF0N4DGF2MBP50TA","kind":"deposit","occurred_at":"2024-01-02T10:00:00Z","asset":"USD","quantity":"10""#

    func problem(_ line: String) -> String? {
        switch EventFile.event(inLine: Substring(line), number: 1) {
        case .failure(let problem)?: problem.message
        default: nil
        }
    }

    @Test(
        "a trailing comma, a byte order mark, a null optional field and a whole number as 2.0 are accepted",
        arguments: [
            "{\(base),}", "\u{FEFF}{\(base)}", "{\(base),\"note\":null}", "{\(base),\"seq\":2.0}",
            "{\(base),\"extra\":[1,2,],\"version\":1}",
        ])
    func accepted(line: String) {
        #expect(problem(line) == nil)
    }

    @Test(
        "the first field missing or of the wrong type is named, as before",
        arguments: [
            (#"{"kind":"deposit"}"#, "missing field 'id'"),
            ("{\(base),\"version\":\"1\"}", #"field 'version' must be a string (write numbers as "0.1", not 0.1)"#),
            (
                "{\(base.replacingOccurrences(of: #""10""#, with: "10"))}",
                "field 'quantity' must be a string (write numbers as \"0.1\", not 0.1)"
            ),
            (#"{"id":null}"#, #"field 'id' must be a string (write numbers as "0.1", not 0.1)"#),
            ("[1]", #"field '' must be a string (write numbers as "0.1", not 0.1)"#),
            ("not json", "not a JSON object"),
            ("{\(base),\"note\":\"\\ud800\"}", "not a JSON object"),
            ("{\(base),\"seq\":1.5}", "not a JSON object"),
        ])
    func refused(line: String, reason: String) {
        #expect(problem(line) == reason)
    }

    @Test("of two members with one name, the first counts")
    func firstDuplicate() throws {
        let line = "{\(Self.base),\"account\":\"first\",\"account\":\"second\"}"
        let record = try EventRecordV1.decode(json: line, line: 1)
        #expect(record.account == "first")
        #expect(try JSONReader.parse(Array(#"{"a":1,"a":2}"#.utf8))["a"] == .number("2"))
    }

    @Test("a JSON export's elements are numbered from 1")
    func exportElements() {
        let read = EventFile.readJSON("{\"events\":[{\(Self.base)},5]}")
        #expect(read.events.map(\.line) == [1])
        #expect(read.problems.map(\.line) == [2])
        #expect(EventFile.readJSON("[1,2]").problems.first?.message.hasPrefix("not a ledger JSON export") == true)
    }
}
