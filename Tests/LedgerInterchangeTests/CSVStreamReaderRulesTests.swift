import LedgerCoreTestSupport
import LedgerInterchange
import Testing

/// The rules of the one CSV reader (``CSVStreamReader``), read as a whole text.
@Suite("CSV reader")
struct CSVStreamReaderRulesTests {
    /// Every record as (line, fields), stopping at the first error.
    func read(_ text: String) throws -> [CSVRow] {
        try records(Array(text.utf8)).map { try $0.get() }
    }

    func records(_ bytes: [UInt8]) -> [CSVStreamReader.Output] {
        CSVStreamReader.records(bytes)
    }

    func row(_ line: Int, _ fields: String...) -> CSVRow {
        CSVRow(line: line, fields: fields)
    }

    @Test func plainFields() throws {
        #expect(try read("asset,price\nBTC,31000\n") == [row(1, "asset", "price"), row(2, "BTC", "31000")])
        #expect(try read("a,,c\n") == [row(1, "a", "", "c")])
        #expect(try read(" a , b \n") == [row(1, " a ", " b ")], "fields are not trimmed")
    }

    @Test func quotedFields() throws {
        #expect(try read("\"BTC\",\"31000\"\n") == [row(1, "BTC", "31000")])
        #expect(try read("\"a, b\",c\n") == [row(1, "a, b", "c")], "a comma inside quotes")
        #expect(try read("\"say \"\"hi\"\"\",x\n") == [row(1, "say \"hi\"", "x")], "doubled quotes")
        #expect(try read("\"\",\"\"\n") == [row(1, "", "")], "empty quoted fields")
        #expect(try read("5\" disk,x\n") == [row(1, "5\" disk", "x")], "a quote inside an unquoted field is text")
    }

    @Test func lineEnds() throws {
        #expect(try read("a,b\r\nc,d\r\n") == [row(1, "a", "b"), row(2, "c", "d")], "CRLF")
        #expect(try read("a\rb\r") == [row(1, "a"), row(2, "b")], "a lone CR")
        #expect(try read("a,b") == [row(1, "a", "b")], "no final line break")
        #expect(try read("a,b\n") == [row(1, "a", "b")], "a final line break adds no record")
        #expect(try read("a,\n") == [row(1, "a", "")], "a trailing comma is an empty last field")
        #expect(try read("a,") == [row(1, "a", "")])
        #expect(try read("") == [])
    }

    @Test func blankLinesAreRecordsTheCallerCanSkip() throws {
        let rows = try read("a\n\n,,\nb\n\n")
        #expect(rows == [row(1, "a"), row(2, ""), row(3, "", "", ""), row(4, "b"), row(5, "")])
        #expect(rows.map(\.isBlank) == [false, true, true, false, true])
    }

    @Test func byteOrderMark() throws {
        #expect(records([0xEF, 0xBB, 0xBF] + Array("asset,price\r\n".utf8)) == [.success(row(1, "asset", "price"))])
        #expect(try read("\u{FEFF}BTC,1\n") == [row(1, "BTC", "1")])
    }

    @Test("line numbers count line breaks inside quoted fields")
    func embeddedLineBreaks() throws {
        let text = "a,\"one\ntwo\nthree\"\nb,\"x\r\ny\"\r\nc,z\n"
        #expect(try read(text) == [row(1, "a", "one\ntwo\nthree"), row(4, "b", "x\r\ny"), row(6, "c", "z")])
    }

    @Test("text after a closing quote fails that record only")
    func textAfterQuote() throws {
        let read = records(Array("a,1\n\"b\"x,2\nc,3\n".utf8))
        #expect(read.count == 3)
        #expect(read.first == .success(row(1, "a", "1")))
        #expect(read.last == .success(row(3, "c", "3")))
        guard case .failure(let error) = read[1] else {
            Issue.record("expected an error")
            return
        }
        #expect(error.line == 2 && error.reason.contains("after a closing quote"))
    }

    @Test("an unclosed quote is reported at the line it opened and ends the input")
    func unclosedQuote() throws {
        let read = records(Array("a,1\nb,\"2\nc,3\n".utf8))
        #expect(read.count == 2)
        #expect(read.first == .success(row(1, "a", "1")))
        guard case .failure(let error) = read.last else {
            Issue.record("expected an error")
            return
        }
        #expect(error.line == 2)
        #expect(error.reason.contains("never closed"))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        #expect(records([0x61, 0xFF, 0x2C, 0x62]) == [.success(row(1, "a\u{FFFD}", "b"))])
    }

    @Test("500 seeded files read back as the fields they were written from, however the bytes are chunked")
    func streamingMatchesWholeReader() throws {
        var random = SplitMix64(seed: 4_180)
        let pieces = ["a", "Buy", "0.001", " ", "café", "₿", ",", "\"", "\n", "\r\n", "$30,000.00", ""]
        for file in 0..<500 {
            let rows = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                (0..<Int.random(in: 1...5, using: &random)).map { _ in
                    (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                        .joined()
                }
            }
            let ends = ["\n", "\r\n", "\r"]
            let end = ends.randomElement(using: &random)!
            let text = rows.map { fields in
                fields.map { field in
                    field.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) })
                        || field.isEmpty && fields.count == 1
                        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                        : field
                }.joined(separator: ",")
            }.joined(separator: end)
            // Each record starts one line after the last, plus the line breaks inside its fields
            // (the pieces hold no lone CR, so each "\n" is one).
            var line = 1
            let expected = rows.map { fields in
                defer { line += 1 + fields.joined().filter { $0 == "\n" || $0 == "\r\n" }.count }
                return CSVRow(line: line, fields: fields)
            }
            let bytes = Array(text.utf8)
            for chunkSize in [1, Int.random(in: 2...9, using: &random), bytes.count + 1] {
                var reader = CSVStreamReader()
                var read: [CSVStreamReader.Output] = []
                var start = 0
                while start < bytes.count {
                    reader.feed(bytes[start..<min(start + chunkSize, bytes.count)]) { read.append($0) }
                    start += chunkSize
                }
                reader.finish { read.append($0) }
                #expect(
                    read == expected.map { .success($0) },
                    "file \(file), chunks of \(chunkSize): \(text.debugDescription)")
            }
        }
    }
}
