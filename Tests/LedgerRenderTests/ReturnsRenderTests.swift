import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// `ledger returns -O md|html`: the figures of the text view, the value chart as SVG with the
/// money invested dashed beside it, the sleeves of `--by`, and an unknown day named.
@Suite("Returns rendering: Markdown, HTML and its SVG chart")
struct ReturnsRenderTests {
    /// 03-02..03-05: 1000 USD deposited on 03-01, 5 X bought on 03-02, 500 USD more on 03-04;
    /// X has no price on 03-05 (carried from 03-03, so known), `--by asset`.
    static func report() -> ReturnsReport {
        var make = Events()
        let events = [
            make.deposit("USD", "1000", on: "2024-03-01T12:00:00Z"),
            make.buy("X", "5", at: "100", on: "2024-03-02T12:00:00Z"),
            make.deposit("USD", "500", on: "2024-03-04T12:00:00Z"),
        ]
        let prices = priceTable(
            """
            2024-03-01T20:00:00Z X 100 USD
            2024-03-02T20:00:00Z X 100 USD
            2024-03-03T20:00:00Z X 110 USD
            2024-03-04T20:00:00Z X 121 USD
            """)
        let asOf = Events.time("2024-03-05T23:59:59Z")
        var fold = ReturnsFold(
            options: ValuationOptions(currency: sym("USD"), asOf: asOf), prices: prices, first: date("2024-03-02"),
            by: .asset)
        for event in Events.sequenced(events) { fold.apply(event) }
        return ReturnsReport(
            input: fold.finish(), prices: prices, currency: sym("USD"), asOf: asOf, benchmark: nil, by: .asset)
    }

    @Test("HTML: one page, no scripts, the value line and the invested line, the sleeves, the figures")
    func html() {
        let html = ReturnsHTMLView.render(Self.report())
        #expect(html.hasPrefix("<!DOCTYPE html>") && !html.contains("<script") && !html.contains("http"))
        #expect(html.contains("<polyline class=\"line\""))
        #expect(html.contains("stroke-dasharray=\"5 3\""), "the invested line")
        #expect(html.contains("<h2>By asset</h2>") && html.contains(">X</th>"))
        // Value 1000 → 1000 → 1050 → 1605 (500 paid in at the start of 03-04) → 1605.
        #expect(html.contains("<td class=\"n\">1,605.00</td>"))
        #expect(html.contains("<td class=\"n pos\">+500.00</td>"), "net contributions")
    }

    @Test("Markdown: the figures as a table, the sleeves, the one-scale line chart")
    func markdown() {
        let text = ReturnsMarkdownView.render(Self.report())
        #expect(text.hasPrefix("# Returns 2024-03-02 to 2024-03-05 (4 days)\n"))
        #expect(text.contains("| Net contributions | +500.00 |"))
        #expect(text.contains("## By asset") && text.contains("| X | 605.00 |"))
        #expect(text.contains("```\nvalue  "))
    }

    @Test("the report's HTML chart draws the invested line only when it is given")
    func reportChart() {
        var report = ReportRenderTests.report()
        // (The donut's slices are dashed circles too: the line is told by its own dash.)
        #expect(!ReportHTMLView(report: report).render().contains("stroke-dasharray=\"5 3\""))
        report.invested = report.series.map { _ in ExactDecimal(10000) }
        let html = ReportHTMLView(report: report).render()
        #expect(html.contains("stroke-dasharray=\"5 3\"") && html.contains("The dashed line is the money invested"))
    }
}
