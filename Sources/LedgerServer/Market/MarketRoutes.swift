import Hummingbird
import LedgerApp
import LedgerCore
import LedgerInterchange
import LedgerRender

/// `GET /market`, `GET /market/SYMBOL` and their JSON twins `/api/v1/market`,
/// `/api/v1/market/SYMBOL` and `/api/v1/chart/SYMBOL`: the CLI's `market`, `market show` and
/// `chart -O json` over the shared cache (``MarketSession``).
struct MarketRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/market") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.list(fields, books: books, json: false) }
        }
        signedIn.get("/api/v1/market") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.list(fields, books: books, json: true) }
        }
        signedIn.get("/market/:symbol") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            let symbol = context.parameters.get("symbol") ?? ""
            return try await Offload.run { Self.coinPage(symbol, fields, books: books) }
        }
        signedIn.get("/api/v1/market/:symbol") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            let symbol = context.parameters.get("symbol") ?? ""
            return try await Offload.run { Self.coinJSON(symbol, fields, books: books) }
        }
        signedIn.get("/api/v1/chart/:symbol") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            let symbol = context.parameters.get("symbol") ?? ""
            return try await Offload.run { Self.chartJSON(symbol, fields, books: books) }
        }
    }

    /// The request as `ledger market` checks it. Pages always show 20 rows (or `per-page`) and
    /// take `class` and `screen` (`--class stock --screen day_gainers`); the API pages only when
    /// asked, as `-O json` does, and lists the coins.
    static func top(_ fields: MarketFields, paged: Bool) throws -> MarketTop {
        let sort = try fields["sort"].map { text in
            guard let sort = TopListSort(rawValue: text.lowercased()) else { throw MarketRequestError.notASort(text) }
            return sort
        }
        let page = try fields.integer("page")
        return try MarketTop(
            count: fields["top"], page: page ?? (paged ? 1 : nil), perPage: try fields.integer("per-page"),
            sort: sort ?? .rank, reverse: fields["reverse"] == "1", favoritesOnly: fields["watched"] == "1",
            assetClass: paged ? fields["class"] ?? "crypto" : "crypto", screen: paged ? fields["screen"] : nil,
            change: fields["change"])
    }

    static func list(_ fields: MarketFields, books: UserBooks, json: Bool) -> Response {
        let user = books.user
        let top: MarketTop
        do {
            top = try Self.top(fields, paged: !json)
            try top.checkPage()
        } catch {
            return failure(error, json: json, title: "Market", current: "/market", user: user, session: nil)
        }
        return MarketSession.respond(books) { opened in
            let quote = try opened.quote(fields["vs"])
            let feed = try opened.feed(quote: quote, count: top.count, screen: top.screen)
            let watched = Set(try opened.watched())
            let shown = try top.run(feed: feed, quote: quote, watched: watched)
            try feed.commit()
            if json {
                return ServerResponse.json(
                    MarketJSON.top(
                        shown.list, page: shown.page, query: top.query, favorites: watched, fetchedAt: shown.fetchedAt))
            }
            let page = MarketPages.ListPage(
                top: top, shown: shown, watched: watched, freshness: feed.freshness(shown.fetchedAt),
                warnings: opened.warnings, vs: fields["vs"])
            return ServerResponse.html(MarketPages.list(page, user: user))
        } failure: { error, session in
            failure(error, json: json, title: "Market", current: "/market", user: user, session: session)
        }
    }

    static func coinPage(_ text: String, _ fields: MarketFields, books: UserBooks) -> Response {
        let user = books.user
        let symbol: AssetSymbol
        let span: ChartSpan
        do {
            guard let known = AssetSymbol(text) else { throw MarketCommandError.notACoinSymbol(text) }
            symbol = known
            span = try ChartSpan.parse(fields)
        } catch {
            return failure(error, json: false, title: text, current: "/market", user: user, session: nil)
        }
        return MarketSession.respond(books) { opened in
            let quote = try opened.quote(fields["vs"])
            let page: CoinPage
            if let stockClass = try StockPage.stockClass(symbol, fields, session: opened) {
                page = try stockPage(symbol, stockClass, quote: quote, span: span, session: opened)
            } else {
                page = try coinPage(text, symbol, quote: quote, span: span, session: opened)
            }
            return ServerResponse.html(page.render(user: user))
        } failure: { error, session in
            let offer = session.flatMap { SearchRoutes.offer(text, error: error, session: $0) } ?? ""
            return failure(
                error, json: false, title: text, current: "/market", user: user, session: session, more: offer)
        }
    }

    private static func coinPage(
        _ text: String, _ symbol: AssetSymbol, quote: AssetSymbol, span: ChartSpan, session opened: MarketSession
    ) throws -> CoinPage {
        let feed = try opened.feed(quote: quote, count: 100)
        let detail = Result {
            try CoinDetail(symbol, feed: feed, quote: quote, books: opened.books.existing, context: opened.context.app)
        }
        let chart = Result { try CoinChart(symbol, quote: quote, span: span, session: opened) }
        try feed.commit()
        let news = Result { try NewsRoutes.headlines([symbol], limit: 5, session: opened) }
        var offer: Markup?
        if case .failure(let problem) = detail { offer = SearchRoutes.offer(text, error: problem, session: opened) }
        if case .failure(let problem) = detail, case .failure = chart { throw problem }
        return CoinPage(
            symbol: symbol, detail: try? detail.get(), detailProblem: detail.problem,
            freshness: (try? detail.get()).map { feed.freshness($0.fetchedAt) }, chart: try? chart.get(),
            chartProblem: chart.problem, news: try? news.get(), newsProblem: news.problem, span: span,
            watched: try opened.watched().contains(symbol), offer: offer, warnings: opened.warnings)
    }

    /// A stock's or an ETF's page (``StockPage``) in the coin page's frame.
    private static func stockPage(
        _ symbol: AssetSymbol, _ assetClass: AssetClass, quote: AssetSymbol, span: ChartSpan,
        session opened: MarketSession
    ) throws -> CoinPage {
        let stock = Result { try StockPage(symbol, assetClass: assetClass, quote: quote, session: opened) }
        let chart = Result {
            try CoinChart(symbol, quote: quote, span: span, assetClass: assetClass, session: opened)
        }
        let news = Result {
            try NewsRoutes.headlines([symbol], limit: 5, session: opened, assetClass: assetClass)
        }
        if case .failure(let problem) = stock, case .failure = chart { throw problem }
        var page = CoinPage(
            symbol: symbol, detail: nil, detailProblem: stock.problem, freshness: nil, chart: try? chart.get(),
            chartProblem: chart.problem, news: try? news.get(), newsProblem: news.problem, span: span,
            watched: try opened.watched().contains(symbol), warnings: opened.warnings)
        page.stock = try? stock.get()
        return page
    }

    static func coinJSON(_ text: String, _ fields: MarketFields, books: UserBooks) -> Response {
        MarketSession.respond(books) { session in
            guard let symbol = AssetSymbol(text) else { throw MarketCommandError.notACoinSymbol(text) }
            let quote = try session.quote(fields["vs"])
            let feed = try session.feed(quote: quote, count: 100)
            let detail = try CoinDetail(
                symbol, feed: feed, quote: quote, books: session.books.existing, context: session.context.app)
            try feed.commit()
            return ServerResponse.json(
                MarketJSON.coin(
                    detail.entry, list: detail.list, fetchedAt: detail.fetchedAt, favorite: detail.favorite,
                    share: detail.share, holding: detail.holding))
        } failure: { error, _ in
            failure(error, json: true, title: text, current: "/market", user: books.user, session: nil)
        }
    }

    static func chartJSON(_ text: String, _ fields: MarketFields, books: UserBooks) -> Response {
        MarketSession.respond(books) { session in
            guard let symbol = AssetSymbol(text) else { throw MarketServiceError.notAnAssetSymbol(text) }
            let days = try CoinChart.days(fields)
            let chart = try CoinChart(
                symbol, quote: try session.quote(fields["vs"]), span: .days(days), session: session)
            return ServerResponse.json(chart.json().trimmingSuffixNewline)
        } failure: { error, _ in
            failure(error, json: true, title: text, current: "/market", user: books.user, session: nil)
        }
    }

    /// The CLI's sentence for `error`, as `{"error": …}`, or as a page (with what the cache
    /// said on the way, and `more` after it; an unknown symbol points at the search there).
    static func failure(
        _ error: any Error, json: Bool, title: String, current: String, user: ServerUser, session: MarketSession?,
        more: Markup = ""
    ) -> Response {
        let status = RequestFailure.status(error, query: true)
        if json { return ServerResponse.apiError(status, RequestFailure.sentence(error)) }
        let page = MarketPages.failure(
            title: title, current: current, user: user, messages: [RequestFailure.pageMessage(error)],
            warnings: session?.warnings ?? [], more: more)
        return ServerResponse.html(page, status: status)
    }
}

extension Result {
    /// The failure's sentence, as a page shows it; nil on success.
    var problem: String? {
        if case .failure(let error) = self { return RequestFailure.pageMessage(error) }
        return nil
    }
}

extension String {
    /// The text without one trailing newline (``ServerResponse/json(_:status:)`` adds its own).
    var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
