import LedgerCore

/// A share card (``ShareCard``) as a standalone SVG image, 600 units wide: the title and day,
/// the headline figure in green or red, the other figures, and the allocation as one stacked
/// bar with a legend. No scripts, no external fonts or images: it renders the same in a
/// browser, an image viewer or a chat preview, and converts to PNG with any SVG rasterizer.
public enum ShareCardSVG {
    /// The SVG namespace: a name, never fetched; a standalone SVG file needs it to be read as SVG.
    public static let namespace = "http://www.w3.org/2000/svg"
    static let width = 600
    static let margin = 24

    public static func render(_ card: ShareCard) -> String {
        var body = Markup()
        var y = 44
        body += text(margin, y, card.title, size: 24, weight: "700")
        y += 24
        body += text(margin, y, ShareCardView.subtitle(card), size: 14, fill: "#666")
        y += 24
        y = headline(card, top: y, into: &body)
        y = figures(card.figures, top: y, into: &body)
        if !card.allocation.isEmpty { y = allocation(card.allocation, top: y + 8, into: &body) }
        for note in card.notes {
            y += 20
            body += text(margin, y, note, size: 13, fill: "#666")
        }
        y += 28
        body += text(width - margin, y, "ledger", size: 11, fill: "#999", anchor: "end")
        let height = y + 16
        let title = ShareCardView.heading(card)
        let svg: Markup = """
            <svg xmlns="\(namespace)" viewBox="0 0 \(width) \(height)" width="\(width)" height="\(height)" \
            role="img" aria-label="\(title)"><title>\(title)</title>\
            <rect x="0.5" y="0.5" width="\(width - 1)" height="\(height - 1)" rx="12" fill="#fff" stroke="#ddd"/>\
            <g font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif">\(body)</g></svg>

            """
        return svg.html
    }

    private static func headline(_ card: ShareCard, top: Int, into body: inout Markup) -> Int {
        guard let headline = card.headline else { return top }
        let colour = headline.value.isNegative ? "#c62828" : headline.value.isPositive ? "#2e7d32" : "#333"
        body += text(margin, top + 18, headline.label, size: 14, fill: "#666")
        body += text(margin, top + 64, ShareCardView.value(headline), size: 44, weight: "700", fill: colour)
        return top + 84
    }

    private static func figures(_ figures: [ShareFigure], top: Int, into body: inout Markup) -> Int {
        var y = top
        for figure in figures {
            y += 24
            body += text(margin, y, figure.label, size: 15, fill: "#666")
            body += text(width - margin, y, ShareCardView.value(figure), size: 15, weight: "600", anchor: "end")
        }
        return y
    }

    /// One bar across the card, a segment per slice, then a legend of two columns.
    private static func allocation(_ slices: [ShareSlice], top: Int, into body: inout Markup) -> Int {
        let span = ExactDecimal(width - 2 * margin)
        var x = ExactDecimal(margin)
        let total = slices.map(\.percent).sum()
        for (index, slice) in slices.enumerated() where total.isPositive {
            let length = span * slice.percent / total
            body +=
                "<rect x=\"\(x.formatted(places: 2))\" y=\"\(top + 8)\" width=\"\(length.formatted(places: 2))\" height=\"18\" fill=\"\(colour(index))\"/>"
            x += length
        }
        var y = top + 26
        for (index, slice) in slices.enumerated() {
            let column = index % 2 == 0 ? margin : width / 2 + margin / 2
            if index % 2 == 0 { y += 26 }
            body +=
                "<rect x=\"\(column)\" y=\"\(y - 12)\" width=\"14\" height=\"14\" rx=\"3\" fill=\"\(colour(index))\"/>"
            body += text(column + 22, y, slice.label, size: 15)
            body += text(column + 250, y, NumberFormat.percent(slice.percent), size: 15, weight: "600", anchor: "end")
        }
        return y
    }

    private static func colour(_ index: Int) -> String { ReportSVG.palette[index % ReportSVG.palette.count] }

    private static func text(
        _ x: Int, _ y: Int, _ content: String, size: Int, weight: String = "400", fill: String = "#222",
        anchor: String = "start"
    ) -> Markup {
        let anchored: Markup = anchor == "start" ? "" : " text-anchor=\"\(anchor)\""
        return
            "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" font-weight=\"\(weight)\" fill=\"\(fill)\"\(anchored)>\(content)</text>"
    }
}
