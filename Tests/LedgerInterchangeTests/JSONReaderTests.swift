import LedgerCore
import Testing

@testable import LedgerInterchange

@Suite("JSON reader keeps numbers exact")
struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test("numbers stay the text they were written as")
    func exactNumbers() throws {
        let json = try parse(#"{"a": 67543.123456789012345, "b": -0.000000000000000001, "c": 170141183460469231731.5}"#)
        #expect(json["a"] == .number("67543.123456789012345"))
        #expect(json["a"]?.decimal?.description == "67543.123456789012345")
        #expect(json["b"]?.decimal?.description == "-0.000000000000000001")
        #expect(json["c"]?.decimal?.description == "170141183460469231731.5")
    }

    @Test(
        "exponents are expanded by text, and past 18 places rounded half away from zero",
        arguments: [
            ("1.5e-7", "0.00000015"), ("2E+3", "2000"), ("1e0", "1"), ("-4.2e1", "-42"),
            ("1.23456789e-12", "0.000000000001234568"), ("0.0000000000000000015", "0.000000000000000002"),
            ("1e-19", "0"), ("12", "12"),
        ])
    func exponents(text: String, expected: String) throws {
        #expect(try parse(text).decimal?.description == expected)
    }

    @Test("strings, escapes, literals and nesting")
    func structure() throws {
        let json = try parse(#" [ "a\"b\\c\u00e9\ud83d\ude00\n", true, false, null, {"k": []}, {} ] "#)
        #expect(json[0]?.stringValue == "a\"b\\cé😀\n")
        #expect(json[1] == .bool(true))
        #expect(json[3]?.isNull == true)
        #expect(json[4]?["k"] == .array([]))
        #expect(json[6] == nil)
    }

    @Test(
        "malformed text is refused with an offset",
        arguments: [
            "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"open", "[1] 2", "{'a': 1}", "NaN", "1e",
        ])
    func malformed(text: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test("deep nesting is refused rather than overflowing the stack")
    func depth() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
    }

    @Test("integers for times and ranks")
    func integers() throws {
        #expect(try parse("1717242900").integer == 1_717_242_900)
        #expect(try parse("1.5").integer == nil)
        #expect(try parse("2.0").integer == 2)
    }
}
