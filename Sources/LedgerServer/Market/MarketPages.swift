import LedgerApp
import LedgerCore
import LedgerRender

/// The HTML of `GET /market` and `GET /market/SYMBOL`, from what the services returned.
enum MarketPages {
    /// What the list page shows: the request, the page of coins, and what was said on the way.
    struct ListPage {
        let top: MarketTop
        let shown: MarketTop.Shown
        let watched: Set<AssetSymbol>
        let freshness: String
        let warnings: [String]
        /// The `vs` the user asked for (kept in links), nil for the books' currency.
        let vs: String?
    }

    static func list(_ page: ListPage, user: ServerUser) -> String {
        let view = MarketListView(
            list: page.shown.list, page: page.shown.page, query: page.top.query, favorites: page.watched,
            freshness: page.freshness, width: 80, theme: .plain)
        var body = MarketHTML.css + MarketHTML.notices(page.warnings)
        body += "<p class=\"meta\">\(view.heading())</p>\n"
        body += controls(page)
        if page.shown.page.entries.isEmpty {
            body += MarketHTML.note("The list is empty.")
        } else {
            body += table(page) + LiveRoutes.scriptTag
        }
        body += pager(page)
        if !page.shown.page.unlistedFavorites.isEmpty {
            body += MarketHTML.note(
                "Watched but not in this list: " + page.shown.page.unlistedFavorites.map(\.text).joined(separator: " "))
        }
        body += MarketHTML.note(
            "Prices in \(page.shown.list.quote) from \(page.shown.list.source), fetched \(page.freshness).")
        if !page.watched.isEmpty { body += MarketHTML.note("★ watched (see the watchlist)") }
        return PageLayout.page(title: "Market", user: user, current: "/market", body: body)
    }

    private static func table(_ page: ListPage) -> Markup {
        let (first, second) = (page.top.query.change, page.top.query.change.companion)
        let rows = page.shown.page.entries.map { entry -> [MarketHTML.Cell] in
            let star: Markup =
                page.watched.contains(entry.symbol) ? "<span class=\"star\" title=\"watched\">★</span>" : ""
            // A screen's row opens the stock's page, which needs the class; a coin's needs none.
            let screen = page.shown.list.screen.map { "?class=\($0.assetClass.rawValue)" } ?? ""
            let name: Markup =
                "<a href=\"/market/\(FormEncoding.escape(entry.symbol.text))\(screen)\">\(entry.name)</a>"
            return [
                MarketHTML.Cell(html: star), .text(String(entry.rank), numeric: true), MarketHTML.Cell(html: name),
                .text(entry.symbol.text),
                price(entry, page),
                .signed(NumberFormat.change(entry.change(first), theme: .plain)),
                .signed(NumberFormat.change(entry.change(second), theme: .plain)),
                .text(MarketListView.figure(entry.marketCap, NumberFormat.compact), numeric: true),
                .text(MarketListView.figure(entry.circulatingSupply, NumberFormat.compact), numeric: true),
                .text(MarketListView.figure(entry.volume24h, NumberFormat.compact), numeric: true),
            ]
        }
        return MarketHTML.table(
            caption: "Page \(page.shown.page.page) of \(page.shown.page.pages)",
            headers: [
                ("", false), ("#", true), ("Name", false), ("Symbol", false), ("Price", true),
                (first.rawValue, true), (second.rawValue, true), ("Mkt cap", true), ("Supply", true), ("Volume", true),
            ], rows: rows, narrow: [3, 6, 7, 8, 9], cards: false)
    }

    /// A row's price, kept current by `/live.js` (the list's currency, a screen's class).
    private static func price(_ entry: TopListEntry, _ page: ListPage) -> MarketHTML.Cell {
        guard let price = entry.price else { return .text("—", numeric: true) }
        let list = page.shown.list
        return MarketHTML.Cell(
            html: LiveRoutes.cell(price, entry.symbol, list.quote, list.screen?.assetClass), numeric: true)
    }

    /// Top 50 or 100, the order, coins per page: a GET form (no script).
    private static func controls(_ page: ListPage) -> Markup {
        let query = page.top.query
        let sorts = TopListSort.allCases.map { sort -> Markup in
            "<option value=\"\(sort.rawValue)\"\(sort == query.sort ? " selected" : "")>\(sort.rawValue)</option>"
        }.joined()
        let tops = [50, 100].map { count -> Markup in
            "<option value=\"\(count)\"\(count == page.top.count ? " selected" : "")>top \(count)</option>"
        }.joined()
        let changes = ChangePeriod.allCases.map { period -> Markup in
            "<option\(period == query.change ? " selected" : "")>\(period.rawValue)</option>"
        }.joined()
        let vs = page.vs.map { "<input type=\"hidden\" name=\"vs\" value=\"\($0)\">" as Markup } ?? ""
        let first: Markup
        if let screen = page.top.screen {
            let screens = (StockScreen.known[screen.assetClass] ?? []).map { id -> Markup in
                "<option value=\"\(id)\"\(id == screen.id ? " selected" : "")>\(id.split(separator: "_").joined(separator: " "))</option>"
            }.joined()
            first = """
                <input type="hidden" name="class" value="\(screen.assetClass.rawValue)">\
                <div><label for="screen">Screen</label><select id="screen" name="screen">\(screens)</select></div>
                """
        } else {
            first = "<div><label for=\"top\">Coins</label><select id=\"top\" name=\"top\">\(tops)</select></div>"
        }
        return classTabs(page) + """
            <form method="get" action="/market" class="controls">\(vs)\(first)\
            <div><label for="sort">Order</label><select id="sort" name="sort">\(sorts)</select></div>\
            <div><label for="change">Change</label><select id="change" name="change">\(changes)</select></div>\
            <div><label for="per-page">Per page</label><select id="per-page" name="per-page">\
            \([20, 50, 100].map { "<option\($0 == query.perPage ? " selected" : "")>\($0)</option>" as Markup }.joined())\
            </select></div><button type="submit">Show</button></form>

            """
    }

    /// Coins, stocks, ETFs: the classes `ledger market --class` lists, as links.
    private static func classTabs(_ page: ListPage) -> Markup {
        let classes: [(AssetClass, String)] = [(.crypto, "Coins"), (.stock, "Stocks"), (.etf, "ETFs")]
        let links = classes.map { assetClass, label -> Markup in
            let href = MarketHTML.link(
                "/market", [("class", assetClass == .crypto ? nil : assetClass.rawValue), ("vs", page.vs)])
            return assetClass == page.top.assetClass
                ? "<strong>\(label)</strong>" : "<a href=\"\(href)\">\(label)</a>"
        }
        return "<nav class=\"pager\" aria-label=\"asset classes\">" + links.joined(separator: " ") + "</nav>\n"
    }

    private static func pager(_ page: ListPage) -> Markup {
        let shown = page.shown.page
        let query = page.top.query
        func link(_ number: Int, _ label: String) -> Markup {
            let href = MarketHTML.link(
                "/market",
                [
                    ("top", page.top.screen == nil ? String(page.top.count) : nil), ("vs", page.vs),
                    ("class", page.top.screen?.assetClass.rawValue), ("screen", page.top.screen?.id),
                    ("sort", query.sort == .rank ? nil : query.sort.rawValue),
                    ("change", query.change == .day ? nil : query.change.rawValue),
                    ("per-page", query.perPage == 20 ? nil : String(query.perPage)), ("page", String(number)),
                ])
            return "<a href=\"\(href)\">\(label)</a>"
        }
        var parts: [Markup] = []
        if shown.page > 1 { parts.append(link(shown.page - 1, "← previous")) }
        let things = page.top.screen == nil ? "coins" : "listings"
        parts.append(
            .text("page \(shown.page)/\(shown.pages) · \(query.perPage) per page · \(shown.matching) \(things)"))
        if shown.page < shown.pages { parts.append(link(shown.page + 1, "next →")) }
        return "<nav class=\"pager\" aria-label=\"pages\">" + parts.joined(separator: " ") + "</nav>\n"
    }

    /// A page that could not be made: what failed, in the CLI's words, and `more` (markup).
    static func failure(
        title: String, current: String, user: ServerUser, messages: [String], warnings: [String], more: Markup = ""
    ) -> String {
        PageLayout.page(
            title: title, user: user, current: current,
            body: MarketHTML.notices(warnings) + PageLayout.errors(messages) + more)
    }
}
