import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// The coin page's candlestick chart as SVG: the same candles always give the same bytes
/// (a golden file), rising and falling candles differ in shape as well as colour, and the
/// chart takes the most recent candles that fit.
@Suite struct CandlestickSVGTests {
    typealias Chart = CandlestickChartTests

    @Test("forty days of candles, as SVG (golden)")
    func golden() {
        let svg = CandlestickSVG(candles: Chart.rising, title: "BTC/USD, daily, last 40 days").render()
        Chart.expectGolden(svg + "\n", "candles-rising.svg")
    }

    @Test("rising candles are hollow and falling ones filled; every candle has its figures as a title")
    func shapes() {
        let svg = CandlestickSVG(candles: Chart.mixed, title: "BTC/USD").render()
        #expect(svg.hasPrefix("<svg class=\"chart candles\" "))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.components(separatedBy: "<g class=\"rising\">").count - 1 == 6)
        #expect(svg.components(separatedBy: "<g class=\"falling\">").count - 1 == 5)
        #expect(svg.components(separatedBy: "<g class=\"unchanged\">").count - 1 == 1)
        #expect(svg.contains("fill=\"#ffffff\" stroke=\"#1a7f37\""))
        #expect(svg.contains("fill=\"#c62828\" stroke=\"#c62828\""))
        #expect(
            svg.contains(
                "<title>2024-06-01 12:11: open 67,570.00, high 67,600.55, low 67,565.00, close 67,598.12</title>"))
        #expect(!svg.contains("<script"))
    }

    @Test("at most 120 candles, the most recent; none says so")
    func limits() {
        let many = (0..<150).map { Chart.candle($0, "100 110 90 105", interval: .day) }
        let svg = CandlestickSVG(candles: many, title: "X").render()
        #expect(svg.components(separatedBy: "<g class=").count - 1 == CandlestickSVG.maximumCandles)
        #expect(svg.contains("120 candles from 2024-07-01 to 2024-10-28 (UTC)"))
        let empty = CandlestickSVG(candles: [], title: "X").render()
        #expect(empty.contains(CandlestickChart.emptyText))
    }
}
