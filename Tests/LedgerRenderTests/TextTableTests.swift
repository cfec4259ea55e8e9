import LedgerRender
import Testing

@Suite struct TextTableTests {
    static func holdings() -> TextTable {
        var table = TextTable(columns: [
            .init("Asset"), .init("Quantity", .right), .init("Note", flexible: true),
        ])
        table.append(["BTC", "0.5", "cold storage on the hardware wallet"])
        table.append(["ETH", "12.25"])
        table.appendRule()
        table.append(["total", "", "two assets"])
        return table
    }

    @Test func alignsColumnsAndDrawsRules() {
        let expected = """
            Asset  Quantity  Note
            -----  --------  -----------------------------------
            BTC         0.5  cold storage on the hardware wallet
            ETH       12.25
            -----  --------  -----------------------------------
            total            two assets

            """
        #expect(Self.holdings().render(width: 80) == expected)
    }

    @Test func cutsTheFlexibleColumnToTheWidth() {
        let output = Self.holdings().render(width: 40)
        let lines = output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines[2] == "BTC         0.5  cold storage on the ha…")
        #expect(lines[5] == "total            two assets")
    }

    @Test func neverCutsTheFlexibleColumnBelowSixColumns() {
        let output = Self.holdings().render(width: 10)
        #expect(output.split(separator: "\n")[2] == "BTC         0.5  cold …")
    }

    @Test func truncatedAddsAnEllipsisOnlyWhenNeeded() {
        #expect("bitcoin".truncated(to: 7) == "bitcoin")
        #expect("bitcoin".truncated(to: 4) == "bit…")
        #expect("bitcoin".truncated(to: 1) == "b")
    }
}
