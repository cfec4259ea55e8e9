import LedgerCore
import LedgerCoreTestSupport
import LedgerRender
import Testing

/// The share card as text, Markdown and SVG.
@Suite("Share card views")
struct ShareCardViewTests {
    static let card = ShareCard(
        subject: .portfolio, title: "Portfolio", date: LocalDate.parse("2024-06-30")!, tradeDate: nil,
        currency: sym("USD"),
        headline: ShareFigure(
            key: "return_on_cost_pct", label: "Return on cost", value: dec("50"), unit: .percent, signed: true),
        figures: [ShareFigure(key: "value", label: "Value", value: dec("55000"), unit: .money(sym("USD")))],
        allocation: [
            ShareSlice(label: "BTC", percent: dec("54.5454")), ShareSlice(label: "ETH", percent: dec("27.2727")),
            ShareSlice(label: "USD", percent: dec("18.1819")),
        ],
        notes: ["Not included: XYZ (no price)"], showsAmounts: true)

    @Test("text: heading, aligned figures, one bar per slice in eighths of a cell, the notes")
    func text() {
        #expect(
            ShareCardView.text(Self.card) == """
                Portfolio · 2024-06-30 · USD
                Return on cost  +50.0%
                Value           55,000.00 USD

                BTC   54.5%  ██████████▉
                ETH   27.3%  █████▌
                USD   18.2%  ███▋

                Not included: XYZ (no price)

                """)
    }

    @Test("markdown: a bold headline and tables; markup in labels is escaped")
    func markdown() {
        let text = ShareCardView.markdown(Self.card)
        #expect(text.hasPrefix("**Portfolio** · 2024-06-30 · USD\n\n**Return on cost: +50.0%**\n"))
        #expect(text.contains("| BTC | 54.5% |") && text.contains("| Value | 55,000.00 USD |"))
        #expect(text.hasSuffix("\n_Not included: XYZ (no price)_\n"))
    }

    @Test("svg: a standalone image with no script, the headline coloured, text escaped")
    func svg() {
        let svg = ShareCardSVG.render(Self.card)
        #expect(svg.hasPrefix("<svg xmlns=\"\(ShareCardSVG.namespace)\" viewBox=\"0 0 600 "))
        #expect(!svg.contains("<script") && !svg.contains("href"))
        #expect(svg.contains(">+50.0%</text>") && svg.contains("#2e7d32"))
        #expect(svg.contains(">BTC</text>") && svg.contains(">54.5%</text>"))
        let hostile = ShareCard(
            subject: .holding, title: "<b>&", date: Self.card.date, tradeDate: nil, currency: Self.card.currency,
            headline: nil, figures: [], allocation: [], notes: [], showsAmounts: false)
        #expect(ShareCardSVG.render(hostile).contains("&lt;b&gt;&amp;"))
    }
}
