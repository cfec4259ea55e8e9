import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// The renderers of `ledger report`: a self-contained HTML page with honest charts, text that
/// fits its width, and the sparkline's gaps.
@Suite("Report rendering: HTML, text, sparkline")
struct ReportRenderTests {
    /// A week with a gap on 06-07 (no BTC price) and an unpriced DOGE... only in `withDoge`.
    static func report(withDoge: Bool = false) -> PeriodReport {
        var make = Events()
        var events = [
            make.deposit("USD", "10000", on: "2024-06-03"), make.buy("BTC", "0.2", at: "40000", on: "2024-06-05"),
            make.sell("BTC", "0.1", at: "45000", on: "2024-06-08"),
        ]
        if withDoge { events.append(make.buy("DOGE", "100", at: "0.1", on: "2024-06-08")) }
        let prices = priceTable(
            """
            2024-06-02 BTC 38000 USD
            2024-06-04 BTC 39000 USD
            2024-06-05 BTC 40000 USD
            2024-06-06 BTC 41000 USD
            2024-06-08 BTC 45000 USD
            2024-06-09 BTC 44000 USD
            """, source: "coingecko")
        let options = ValuationOptions(currency: sym("USD"), asOf: Events.time("2024-06-09T23:59:59Z"))
        var fold = PeriodFold(options: options, prices: prices, kind: .week)
        for event in Events.sequenced(events) { fold.apply(event) }
        let (state, period, closes) = fold.finish()
        return PeriodReport(
            state: state, period: period, closes: closes, prices: prices,
            chain: ChainStamp(events: Int64(events.count), hash: String(repeating: "ab", count: 32)),
            fetchedAt: [sym("BTC"): Events.time("2024-06-09T06:00:00Z")])
    }

    @Test("the HTML page is one self-contained file: no scripts, links, fonts, images or network addresses")
    func selfContained() {
        let html = ReportHTMLView(report: Self.report(withDoge: true)).render()
        for banned in [
            "<script", "http:", "https:", "//", "src=", "href=", "<link", "@import", "url(", "@font-face", "<img",
            "<iframe",
        ] {
            #expect(!html.contains(banned), "contains \(banned)")
        }
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(
            html.contains("<meta name=\"viewport\"") && html.contains("@media print")
                && html.contains("@media (max-width"))
        #expect(html.contains("<th scope=\"col\"") && html.contains("<caption>"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 2, "a value chart and a donut")
        #expect(html.components(separatedBy: "<title id=").count - 1 == 2, "each chart has a title")
    }

    @Test("the value chart breaks its line at a gap and shades the gap day, never drawing it at zero")
    func chartGaps() {
        let html = ReportHTMLView(report: Self.report()).render()
        // Series 06-02 … 06-09: values on every day but 06-07 → two runs, one shaded band.
        #expect(html.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(html.components(separatedBy: "<rect class=\"gap\"").count - 1 == 1)
        #expect(html.contains("<title>2024-06-07: no price for BTC</title>"))
        #expect(html.contains("1 of 8 days without a complete valuation"))
        // With DOGE (bought 06-08, never priced) 06-07 to 06-09 are one band, not three.
        let withDoge = ReportHTMLView(report: Self.report(withDoge: true)).render()
        #expect(withDoge.components(separatedBy: "<rect class=\"gap\"").count - 1 == 1)
        #expect(withDoge.contains("<title>2024-06-07 to 2024-06-09: no complete valuation (3 days)</title>"))
        // From half a day before 06-07 (x 466.9 − 40.3) to the plot's right edge (x 628).
        #expect(withDoge.contains("x=\"426.6\" y=\"16\" width=\"201.4\""))
    }

    @Test("the donut's dashes add up to the whole circle")
    func donutShares() throws {
        let html = ReportHTMLView(report: Self.report()).render()
        let dashes = html.components(separatedBy: "stroke-dasharray=\"").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(dashes.count == 2) // BTC and USD
        let total = dashes.map { dec(String($0)) }.reduce(ExactDecimal.zero, +)
        #expect((total - dec("100")).magnitude <= dec("0.002"))
    }

    @Test(
        "text fits every width from 64 columns (the chain head is 64) and says what is unpriced",
        arguments: [64, 80, 120])
    func textWidth(width: Int) {
        let text = ReportTextView(report: Self.report(withDoge: true), width: width, theme: .plain).render()
        for line in text.split(separator: "\n") {
            #expect(line.count <= width, "\(line.count) > \(width): \(line)")
            #expect(!line.hasSuffix(" "), "trailing space: \(line)")
        }
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("DOGE had no price"))
        #expect(text.contains("abababab"))
    }

    @Test("Markdown and text say the same start, end and change")
    func sameFigures() {
        let report = Self.report()
        let markdown = ReportMarkdownView.render(report)
        let text = ReportTextView(report: report, width: 80, theme: .plain).render()
        for figure in ["0.00", "10,900.00", "+10,900.00", "+500.00"] {
            #expect(markdown.contains(figure) && text.contains(figure), "\(figure)")
        }
    }

    @Test("the sparkline marks gaps, scales exactly and buckets long series")
    func sparkline() {
        #expect(ValueSparkline.render([dec("0"), nil, dec("7"), dec("3.5")], width: 80) == "▁·█▅")
        #expect(ValueSparkline.render([nil, nil], width: 80) == nil)
        #expect(ValueSparkline.render([dec("5"), dec("5")], width: 80) == "▄▄")
        let long = (0..<100).map { $0 % 10 == 0 ? nil : ExactDecimal($0) }
        let line = ValueSparkline.render(long, width: 10)!
        #expect(line.count == 10 && !line.contains("·"), "each bucket has a valued day")
    }

    @Test("the HTML page of a fixed report (golden)")
    func htmlGolden() {
        let html = ReportHTMLView(report: Self.report(withDoge: true)).render()
        if let problem = Golden.check(html, path: Golden.directory(for: #filePath) + "/report.html") {
            Issue.record(Comment(rawValue: problem))
        }
    }
}
