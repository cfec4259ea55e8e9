import Foundation
import LedgerTestSupport
import Testing

/// What the transcripts cannot write: files with a byte order mark, and a ledger's absence.
@Suite("prices import")
struct PricesImportTests {
    let directory = makeTemporaryDirectory()

    func environment() -> FixedEnvironment {
        FixedEnvironment(variables: ["LGR_FILE": directory + "/books.ledger", "HOME": directory])
    }

    @Test("a spreadsheet export with a byte order mark and CRLF line ends imports")
    func byteOrderMarkAndCRLF() throws {
        let file = directory + "/export.csv"
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF]
            + Array("Asset,Price,Date\r\n\"BTC\",\"31000.5\",2024-01-02\r\nETH,2000,2024-01-02\r\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let fixed = environment()
        #expect(fixed.run(["prices", "import", file]) == 0)
        #expect(fixed.stdout.text == "imported 2 prices for 2 assets from \(file)\n")
        fixed.stdout.clear()
        #expect(fixed.run(["prices", "show", "-O", "csv"]) == 0)
        #expect(fixed.stdout.text.contains("BTC,USD,31000.5,2024-01-02T00:00:00Z,import,"))
    }

    @Test("a refused import does not create the ledger")
    func refusedCreatesNothing() throws {
        let file = directory + "/bad.csv"
        try "BTC,abc\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fixed = environment()
        #expect(fixed.run(["prices", "import", file]) == 1)
        #expect(
            fixed.stderr.text == """
                ledger: error: \(file):1: price 'abc' is not a number: it has an unexpected 'a' at position 1; write it with digits and a dot, e.g. 0.5 or 30000
                ledger: error: nothing imported: 1 line is invalid; correct it and import '\(file)' again

                """)
        #expect(!FileManager.default.fileExists(atPath: directory + "/books.ledger"))
    }

    @Test("a new ledger takes LGR_CURRENCY as its currency and default quote")
    func currencyFromEnvironment() throws {
        let fixed = environment()
        fixed.variables["LGR_CURRENCY"] = "EUR"
        #expect(fixed.run(["prices", "set", "BTC", "28000", "--date", "2024-01-02"]) == 0)
        #expect(fixed.stdout.text == "recorded BTC 28000 EUR on 2024-01-02 (manual)\n")
        fixed.stdout.clear()
        fixed.variables["LGR_CURRENCY"] = nil
        #expect(fixed.run(["prices", "set", "ETH", "1900", "--date", "2024-01-02"]) == 0)
        #expect(fixed.stdout.text == "recorded ETH 1900 EUR on 2024-01-02 (manual)\n")
    }
}
