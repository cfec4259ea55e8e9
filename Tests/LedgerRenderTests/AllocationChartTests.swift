import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

@Suite struct AllocationChartTests {
    /// Five assets plus two under 2% that `grouped` gathers into `other`.
    static let portfolio = [
        slice("SOL", "0.1204"), slice("BTC", "0.4537"), slice("DOGE", "0.0183"), slice("ETH", "0.2381"),
        slice("LINK", "0.0763"), slice("XRP", "0.0117"), slice("ADA", "0.0815"),
    ]

    static func slice(_ label: String, _ share: String) -> AllocationSlice {
        AllocationSlice(label: label, share: ExactDecimal(share)!)
    }

    static func expectGolden(_ output: String, _ name: String) {
        let path = Golden.directory(for: #filePath) + "/" + name
        if let failure = Golden.check(output, path: path) { Issue.record(Comment(rawValue: failure)) }
    }

    /// The text with ANSI escape sequences removed.
    static func stripped(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    // MARK: Golden files

    @Test(arguments: [80, 120], [false, true])
    func portfolioPie(width: Int, color: Bool) {
        let output = AllocationChart.render(AllocationChart.grouped(Self.portfolio), width: width, color: color)
        Self.expectGolden(output, "pie-\(width)-\(color ? "color" : "plain").txt")
    }

    @Test func narrowFallsBackToBars() {
        let output = AllocationChart.render(AllocationChart.grouped(Self.portfolio), width: 40, color: false)
        Self.expectGolden(output, "bars-40-plain.txt")
        let lines = Self.lines(output)
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { $0.first != " " && $0.hasSuffix("%") })
        #expect(lines[0] == "BTC    ###########..............   45.4%")
    }

    @Test func singleSliceIsAFullDisc() {
        let output = AllocationChart.render([Self.slice("BTC", "1")], width: 80, color: false)
        Self.expectGolden(output, "single-80-plain.txt")
        #expect(output.contains("# BTC  100.0%"))
        #expect(!output.contains("@") && !output.contains(":"))
    }

    // MARK: Properties

    @Test func emptyInputSaysSo() {
        #expect(AllocationChart.render([], width: 80, color: true) == "(nothing to chart)\n")
        #expect(AllocationChart.render([Self.slice("BTC", "0")], width: 30, color: false) == "(nothing to chart)\n")
    }

    @Test(arguments: [12, 20, 30, 40, 43, 44, 50, 60, 80, 120, 200])
    func linesFitTheWidthWithoutTrailingSpaces(width: Int) {
        let slices = AllocationChart.grouped(Self.portfolio + [Self.slice("A-VERY-LONG-ASSET-NAME", "0.3")])
        for color in [false, true] {
            let output = AllocationChart.render(slices, width: width, color: color)
            #expect(output.hasSuffix("\n"))
            for line in Self.lines(Self.stripped(output)) {
                #expect(line.count <= width, "\(width): \(line)")
                #expect(line.last != " ", "\(width): trailing space in '\(line)'")
            }
        }
    }

    @Test(arguments: [40, 80, 120])
    func plainOutputHasNoEscapeCodes(width: Int) {
        let output = AllocationChart.render(AllocationChart.grouped(Self.portfolio), width: width, color: false)
        #expect(!output.contains("\u{1B}"))
        let colored = AllocationChart.render(AllocationChart.grouped(Self.portfolio), width: width, color: true)
        #expect(colored.contains("\u{1B}[0m"))
        #expect(Self.stripped(colored) == output)
    }

    @Test func groupingKeepsTheTotalExactly() {
        let grouped = AllocationChart.grouped(Self.portfolio)
        #expect(grouped.map(\.label) == ["BTC", "ETH", "SOL", "ADA", "LINK", "other"])
        #expect(grouped.last?.share == ExactDecimal("0.03")!)
        #expect(grouped.map(\.share).sum() == Self.portfolio.map(\.share).sum())
        let thirds = (0..<9).map { Self.slice("T\($0)", "0.001") } + [Self.slice("BIG", "0.991")]
        let gathered = AllocationChart.grouped(thirds)
        #expect(gathered.map(\.label) == ["BIG", "other"])
        #expect(gathered.map(\.share).sum() == ExactDecimal(1))
    }

    @Test func groupingSortsByShareThenLabelAndKeepsALoneSmallSlice() {
        let slices = [Self.slice("b", "0.4"), Self.slice("a", "0.4"), Self.slice("c", "0.19"), Self.slice("d", "0.01")]
        let grouped = AllocationChart.grouped(slices, threshold: ExactDecimal("0.02")!)
        #expect(grouped.map(\.label) == ["a", "b", "c", "d"])
        let wider = AllocationChart.grouped(slices, threshold: ExactDecimal("0.2")!)
        #expect(wider.map(\.label) == ["a", "b", "other"])
        #expect(wider.last?.share == ExactDecimal("0.2")!)
    }

    @Test func everySliceHasItsOwnCharacterAndAtLeastOneCell() {
        let shares = [
            "0.9", "0.03", "0.02", "0.015", "0.01", "0.008", "0.006", "0.004", "0.003", "0.002", "0.001", "0.001",
        ]
        let slices = shares.enumerated().map { Self.slice("S\($0.offset)", $0.element) }
        let output = AllocationChart.render(slices, width: 80, color: false)
        let legend = Self.lines(output).compactMap { line -> Character? in
            guard let label = line.firstRange(of: " S") else { return nil }
            return line[line.index(before: label.lowerBound)]
        }
        #expect(legend.count == slices.count)
        #expect(Set(legend).count == slices.count)
        let pie = Self.lines(output).map { $0.prefix(2 + 26) }.joined()
        for symbol in legend {
            #expect(pie.contains(symbol), "slice \(symbol) vanished from the pie")
        }
    }

    @Test func tinyShareShowsAsLessThanATenth() {
        let output = AllocationChart.render(
            [Self.slice("BTC", "0.9996"), Self.slice("DUST", "0.0004")], width: 80, color: false)
        #expect(output.contains("# BTC   100.0%"))
        #expect(output.contains(": DUST   <0.1%"))
        #expect(!output.contains(" 0.0%"))
    }
}
