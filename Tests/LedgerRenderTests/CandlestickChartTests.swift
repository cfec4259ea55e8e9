import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

@Suite struct CandlestickChartTests {
    static let start: Int64 = 1_717_243_200 // 2024-06-01T12:00:00Z

    /// A one-minute candle `minute` minutes after 12:00 UTC from "open high low close".
    static func candle(_ minute: Int, _ ohlc: String, interval: CandleInterval = .minute) -> Candle {
        let prices = ohlc.split(separator: " ").map { ExactDecimal($0)! }
        return Candle(
            asset: AssetSymbol("BTC")!, quote: AssetSymbol("USD")!, interval: interval,
            openedAt: Timestamp(secondsSinceEpoch: start + Int64(minute) * interval.seconds),
            open: prices[0], high: prices[1], low: prices[2], close: prices[3], volume: nil, source: "test")
    }

    /// Twelve minutes that rise, fall back and include an unchanged (doji) candle.
    static let mixed: [Candle] = [
        "67500 67560 67480 67540", "67540 67600 67530 67590", "67590 67610 67550 67560",
        "67560 67580 67500 67510", "67510 67530 67420 67440", "67440 67470 67400 67460",
        "67460 67520 67450 67515", "67515 67515 67490 67515", "67515 67650 67510 67640",
        "67640 67655 67600 67610", "67610 67620 67560 67570", "67570 67600.55 67565 67598.12",
    ].enumerated().map { candle($0.offset, $0.element) }

    /// Forty days of a steady rise with small pullbacks.
    static let rising: [Candle] = (0..<40).map { day in
        let base = 60_000 + day * 250
        let open = base - (day % 3 == 0 ? -80 : 40)
        let close = base + (day % 3 == 0 ? -60 : 200)
        return candle(day, "\(open) \(max(open, close) + 90) \(min(open, close) - 70) \(close)", interval: .day)
    }

    static let falling: [Candle] = (0..<30).map { hour in
        let open = ExactDecimal("0.35")! - ExactDecimal("0.004")!.multiplied(byInteger: hour)
        let close = open - ExactDecimal("0.0035")!
        let high = open + ExactDecimal("0.001")!
        let low = close - ExactDecimal("0.0012")!
        return candle(hour, "\(open) \(high) \(low) \(close)", interval: .hour)
    }

    static let flat: [Candle] = (0..<5).map { candle($0, "64250.5 64250.5 64250.5 64250.5") }

    static func render(_ candles: [Candle], width: Int, height: Int = 16, colour: Bool = false) -> String {
        CandlestickChart(candles: candles, width: width, height: height, colour: colour).render().joined(
            separator: "\n") + "\n"
    }

    static func expectGolden(_ output: String, _ name: String) {
        let path = Golden.directory(for: #filePath) + "/" + name
        if let failure = Golden.check(output, path: path) { Issue.record(Comment(rawValue: failure)) }
    }

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

    // MARK: Golden files

    @Test(arguments: [80, 120], [false, true])
    func mixedMinutes(width: Int, colour: Bool) {
        Self.expectGolden(
            Self.render(Self.mixed, width: width, colour: colour),
            "candles-mixed-\(width)-\(colour ? "color" : "plain").txt")
    }

    @Test(arguments: [80, 120])
    func risingDaysAndFallingHours(width: Int) {
        Self.expectGolden(Self.render(Self.rising, width: width), "candles-rising-\(width)-plain.txt")
        Self.expectGolden(Self.render(Self.falling, width: width, height: 12), "candles-falling-\(width)-plain.txt")
    }

    @Test func flatAndSingleCandles() {
        Self.expectGolden(Self.render(Self.flat, width: 80, height: 8), "candles-flat-80-plain.txt")
        Self.expectGolden(Self.render([Self.mixed[0]], width: 80, height: 10), "candles-one-80-plain.txt")
    }

    // MARK: Properties

    @Test(arguments: [1, 2, 3, 5, 8, 12, 20, 40, 80, 120, 200], [1, 2, 3, 4, 5, 7, 16, 30])
    func linesFitWidthAndHeight(width: Int, height: Int) {
        for candles in [Self.mixed, Self.rising, Self.falling, Self.flat, [Self.mixed[3]]] {
            for colour in [false, true] {
                let lines = CandlestickChart(candles: candles, width: width, height: height, colour: colour).render()
                #expect(!lines.isEmpty && lines.count <= max(1, height), "\(width)x\(height)")
                for line in lines.map(Self.stripped) {
                    #expect(line.count <= width, "\(width)x\(height): \(line)")
                    #expect(line.last != " ", "\(width)x\(height): trailing space in '\(line)'")
                }
            }
        }
    }

    @Test func risingAndFallingDifferWithoutColour() {
        // Height 10 without the legend line (which shows both bodies): 9 rows and the axis.
        let up = Self.render([Self.candle(0, "100 120 90 110")], width: 40, height: 10).split(separator: "\n").dropLast(
            2
        ).joined()
        let down = Self.render([Self.candle(0, "110 120 90 100")], width: 40, height: 10).split(separator: "\n")
            .dropLast(2).joined()
        #expect(up.contains("░") && !up.contains("█"))
        #expect(down.contains("█") && !down.contains("░"))
        #expect(up.contains("│") && down.contains("│"))
        #expect(!up.contains("\u{1B}") && !down.contains("\u{1B}"))
    }

    @Test func colourOnlyAddsCodes() {
        let plain = Self.render(Self.mixed, width: 80)
        let coloured = Self.render(Self.mixed, width: 80, colour: true)
        #expect(coloured.contains("\u{1B}[32m░") && coloured.contains("\u{1B}[31m█"))
        #expect(Self.stripped(coloured) == plain)
    }

    @Test func moreCandlesThanColumnsKeepsTheMostRecent() {
        let lines = CandlestickChart(candles: Self.rising, width: 40, height: 16, colour: false).render()
        let axis = lines[lines.count - 3]
        let drawn = axis.filter { $0 == "─" }.count / 2
        #expect(drawn < Self.rising.count && drawn > 10)
        // The newest day (07-10) is the last candle; the oldest shown is 40 − drawn days in.
        let shown = Array(Self.rising.suffix(drawn))
        let top = lines[0]
        #expect(top.contains("┤"))
        let highest = shown.map(\.high).max()!
        #expect(
            top.hasPrefix(" " + NumberFormatProbe.grouped(highest)) || top.contains(NumberFormatProbe.grouped(highest)))
    }

    @Test func axisLabelsSpanTheLowAndHigh() {
        let lines = CandlestickChart(candles: Self.mixed, width: 80, height: 16, colour: false).render()
        #expect(lines[0].hasPrefix("67,655.00 ┤"))
        #expect(lines[12].hasPrefix("67,400.00 ┤"))
        #expect(lines[13].hasPrefix("          └"))
        #expect(lines[14].hasPrefix("            12:00"))
        #expect(lines[15] == CandlestickChart.legend)
    }

    @Test func smallPricesGetEnoughPlaces() {
        let lines = CandlestickChart(candles: Self.falling, width: 80, height: 12, colour: false).render()
        let labels = lines.filter { $0.contains("┤") }.map { String($0.split(separator: "┤")[0]).trimmedSpaces() }
        #expect(labels.count >= 3)
        #expect(Set(labels).count == labels.count, "labels repeat: \(labels)")
        #expect(labels.allSatisfy { $0.hasPrefix("0.") && $0.count >= 6 })
    }

    @Test func emptySaysSo() {
        #expect(
            CandlestickChart(candles: [], width: 80, height: 10, colour: true).render() == [CandlestickChart.emptyText])
    }
}

/// The grouping of the axis labels (thousands separators, two places) for expectations.
enum NumberFormatProbe {
    static func grouped(_ value: ExactDecimal) -> String { NumberFormat.money(value) }
}

extension String {
    fileprivate func trimmedSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
