import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /market/SYMBOL`: the coin's figures as `market show` gives them, the user's holding,
/// a watch button, the candlestick chart of the last days and the daily price history. Either
/// half may fail on its own (a coin outside the top 100 still has a chart; a chart the sources
/// cannot give leaves the figures); each failure is said where its part would be.
struct CoinPage {
    let symbol: AssetSymbol
    let detail: CoinDetail?
    let detailProblem: String?
    let freshness: String?
    let chart: CoinChart?
    let chartProblem: String?
    let news: [Headline]?
    let newsProblem: String?
    let span: ChartSpan
    let watched: Bool
    /// For a symbol no list knows: the search's matches ("Did you mean").
    var offer: Markup? = nil
    let warnings: [String]
    /// A stock's or an ETF's figures, in place of a coin's.
    var stock: StockPage? = nil

    func render(user: ServerUser) -> String {
        let title = stock?.title ?? detail.map { "\($0.entry.name) (\(symbol))" } ?? symbol.text
        var body = MarketHTML.css + MarketHTML.notices(warnings)
        body += (stock?.figures() ?? figures()) + (offer ?? "")
        body += tradeLinks() + watchForm(user)
        body += "<h2>Chart</h2>\n" + dayLinks()
        if let chart {
            let caption = "\(symbol)/\(chart.quote), \(span.caption)"
            body +=
                "<div class=\"chart-box\">" + CandlestickSVG(candles: chart.candles, title: caption).markup()
                + "</div>\n"
            let origin = chart.fetched.cached ? "cached, fetched \(chart.fetched.fetchedAt)" : "fetched now"
            body += MarketHTML.note("\(caption) from \(chart.fetched.source) (\(origin)); times are UTC.")
            body += history(chart)
        } else if let chartProblem {
            body += PageLayout.errors([chartProblem])
        }
        body += "<h2>News</h2>\n" + (news.map(NewsRoutes.list) ?? PageLayout.errors(newsProblem.map { [$0] } ?? []))
        body +=
            "<p><a href=\"/news?asset=\(FormEncoding.escape(symbol.text))\">More news about \(symbol)</a></p>\n"
            as Markup
        if detail?.entry.price != nil || stock?.price != nil { body += LiveRoutes.scriptTag }
        return PageLayout.page(title: title, user: user, current: "/market", body: body)
    }

    private func figures() -> Markup {
        guard let detail, let freshness else { return detailProblem.map { PageLayout.errors([$0]) } ?? "" }
        let view = CoinDetailView(
            entry: detail.entry, source: detail.list.source, freshness: freshness, favorite: watched,
            share: detail.share, holding: detail.holding, candles: [], width: 80, theme: .plain)
        var html: Markup =
            "<p class=\"meta\">#\(detail.entry.rank) by market cap\(watched ? " · <span class=\"star\">★</span> watched" : "")</p>\n"
        let live = detail.entry.price.map { price in
            LiveRoutes.attribute(symbol, detail.entry.quote) + " data-price=\"\(price.formatted())\""
        }
        html += MarketHTML.cards(
            view.figures().filter { $0.0 != "Watched" && $0.0 != "Bid / ask" }, attributes: ["Price": live ?? ""])
        if let holding = detail.holding {
            html += "<h2>Your holding</h2>\n"
            html += MarketHTML.cards(
                CoinDetailView.holdingRows(holding, symbol, .plain).filter { !$0.0.isEmpty && $0.0 != "Incomplete" })
            if holding.unvaluedEvents > 0 {
                html += MarketHTML.note(
                    "\(holding.unvaluedEvents) event\(holding.unvaluedEvents == 1 ? "" : "s") lack a price in \(holding.currency); the cost basis is incomplete."
                )
            }
        }
        return html
    }

    /// Buy and Sell: the add form with this coin, its price and currency filled in.
    private func tradeLinks() -> Markup {
        let price = detail?.entry.price?.description ?? stock?.price?.price.formatted()
        let quote = detail?.entry.quote.text ?? stock?.quote.text
        func link(_ kind: String, _ label: String) -> Markup {
            let href = MarketHTML.link(
                "/add",
                [
                    ("kind", kind), ("asset", symbol.text), ("price", price), ("quote", quote),
                    ("class", stock?.assetClass.rawValue),
                ])
            return "<a class=\"button\" href=\"\(href)\">\(label) \(symbol.text)</a>"
        }
        return "<p class=\"actions\">\(link("buy", "Buy")) \(link("sell", "Sell"))</p>\n"
    }

    private func watchForm(_ user: ServerUser) -> Markup {
        let path = watched ? "/watchlist/\(FormEncoding.escape(symbol.text))/remove" : "/watchlist"
        let label = watched ? "Stop watching \(symbol)" : "Watch \(symbol)"
        return """
            <form method="post" action="\(path)">\(PageLayout.csrfField(user))\
            <input type="hidden" name="symbol" value="\(symbol.text)">\
            <input type="hidden" name="next" value="/market/\(symbol.text)">\
            <button type="submit">\(label)</button></form>

            """
    }

    /// 10 min · 10 h · 7 days · 30 days · 90 days · 365 days, the one shown in bold.
    private func dayLinks() -> Markup {
        let page =
            "/market/" + FormEncoding.escape(symbol.text) + (stock.map { "?class=\($0.assetClass.rawValue)&" } ?? "?")
        let choices =
            [(ChartSpan.range("10m"), "10 min", "range=10m"), (.range("10h"), "10 h", "range=10h")]
            + [7, 30, 90, 365].map { (ChartSpan.days($0), "\($0) days", "days=\($0)") }
        let links = choices.map { choice, label, query -> Markup in
            choice == span ? "<strong>\(label)</strong>" : "<a href=\"\(page + query)\">\(label)</a>"
        }
        return "<p class=\"pager\">" + links.joined(separator: " ") + "</p>\n"
    }

    /// The candles, newest first, with the close's change from the one before (a day's date,
    /// or an intraday candle's time).
    private func history(_ chart: CoinChart) -> Markup {
        let daily = chart.plan.interval.seconds >= 86_400
        let candles = chart.candles
        let rows = candles.indices.reversed().map { index -> [MarketHTML.Cell] in
            let candle = candles[index]
            var change = "—"
            if index > 0, !candles[index - 1].close.isZero {
                let previous = candles[index - 1].close
                let percent = (candle.close - previous).divided(by: previous, rounding: .halfEven).multiplied(
                    byInteger: 100)
                change = NumberFormat.change(percent, theme: .plain)
            }
            return [
                .text(String(candle.openedAt.description.prefix(daily ? 10 : 16).map { $0 == "T" ? " " : $0 })),
                .text(NumberFormat.price(candle.open), numeric: true),
                .text(NumberFormat.price(candle.high), numeric: true),
                .text(NumberFormat.price(candle.low), numeric: true),
                .text(NumberFormat.price(candle.close), numeric: true), .signed(change),
            ]
        }
        return "<h2>Price history</h2>\n"
            + MarketHTML.table(
                caption: "\(daily ? "Daily" : "\(chart.plan.interval)") candles in \(chart.quote), newest first (UTC)",
                headers: [
                    (daily ? "Day" : "Time", false), ("Open", true), ("High", true), ("Low", true), ("Close", true),
                    ("Change", true),
                ], rows: rows, narrow: [1, 2, 3], cards: false)
    }
}
