import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /market/search?q=TEXT`: coins by name or symbol as `ledger market search` finds them
/// (the first crypto source that searches, else the cached top lists and coin list), ranked
/// the same way (exact symbol, then prefixes), each linked to its page. Registered before
/// `/market/:symbol`, and a constant path wins over a parameter, so `search` is never asked
/// of a source as a coin's symbol. Every page's header carries the search form.
struct SearchRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/market/search") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.page(fields["q"] ?? "", books: books) }
        }
    }

    static func page(_ text: String, books: UserBooks) -> Response {
        let (query, user) = (AddForm.split(text).joined(separator: " "), books.user)
        guard !query.isEmpty else {
            return ServerResponse.html(render(query: "", body: MarketHTML.note(hint), user: user))
        }
        return MarketSession.respond(books) { opened in
            let (results, origin) = try matches(query, session: opened)
            let body =
                MarketHTML.notices(opened.warnings) + table(results, query: query, origin: origin)
                + StockSearch.section(query, session: opened)
            return ServerResponse.html(render(query: query, body: body, user: user))
        } failure: { error, session in
            MarketRoutes.failure(error, json: false, title: "Search", current: "/market", user: user, session: session)
        }
    }

    static let hint = "Type part of a coin's or a stock's name or symbol, such as 'sol', 'bit' or 'nvda'."

    /// The ranked matches and the source (or `the cache`, when the sources fail) they came from.
    static func matches(_ query: String, session: MarketSession) throws -> ([AssetSearchResult], String) {
        let feed = try MarketFeed(store: session.cache, context: session.context, offline: false)
        let (found, origin) = try feed.search(query)
        try feed.commit()
        return (SearchRanking.rank(found, query: query), origin)
    }

    /// The matches as a table (the first 20), or a sentence that there are none.
    static func table(_ results: [AssetSearchResult], query: String, origin: String) -> Markup {
        guard !results.isEmpty else {
            return MarketHTML.note("Nothing matches '\(query)' (\(origin)). \(hint)")
        }
        let rows = results.prefix(20).map { result -> [MarketHTML.Cell] in
            let link = "/market/" + FormEncoding.escape(result.symbol)
            return [
                MarketHTML.Cell(html: "<a href=\"\(link)\">\(result.symbol)</a>"),
                .text(result.name), .text(result.rank.map(String.init) ?? "—", numeric: true),
            ]
        }
        let shown = results.count > 20 ? "the first 20 of \(results.count)" : "\(results.count)"
        return MarketHTML.table(
            caption: "Matches for '\(query)' from \(origin): \(shown)",
            headers: [("Symbol", false), ("Name", false), ("Rank", true)], rows: Array(rows), cards: false)
    }

    private static func render(query: String, body: Markup, user: ServerUser) -> String {
        let form: Markup = """
            <form method="get" action="/market/search" class="controls" role="search">\
            <div><label for="q">Coin or stock, name or symbol</label>\
            <input type="search" id="q" name="q" value="\(query)" autocapitalize="none"></div>\
            <button type="submit">Search</button></form>

            """
        return PageLayout.page(title: "Search", user: user, current: "/market", body: MarketHTML.css + form + body)
    }
}

extension RequestFailure {
    /// A market error as a page says it: a symbol no source or list knows points at the
    /// search rather than at a command; every other error in the CLI's words.
    static func pageMessage(_ error: any Error) -> String {
        if let market = error as? MarketCommandError,
            case .notInTopList(let asset, let count, let quote, let source) = market
        {
            return
                "'\(asset)' is not among the top \(count) coins in \(quote) (\(source)); the search finds coins by name or symbol"
        }
        if let service = error as? MarketServiceError, case .unknownSymbol(let symbol, let reasons) = service {
            return "no source knows '\(symbol)' (\(reasons)); the search finds coins by name or symbol"
        }
        return sentence(error)
    }
}

extension SearchRoutes {
    /// For a coin page whose symbol no list or source knows: the search's matches for it as a
    /// section ("Did you mean"), or nil when the search finds none or fails.
    static func offer(_ text: String, error: any Error, session: MarketSession) -> Markup? {
        guard RequestFailure.isUnknownSymbol(error), let found = try? matches(text, session: session),
            !found.0.isEmpty
        else { return nil }
        return "<h2>Did you mean</h2>\n" + table(found.0, query: text, origin: found.1)
    }

}

extension RequestFailure {
    static func isUnknownSymbol(_ error: any Error) -> Bool {
        if let market = error as? MarketCommandError, case .notInTopList = market { return true }
        if let service = error as? MarketServiceError, case .unknownSymbol = service { return true }
        return false
    }
}
