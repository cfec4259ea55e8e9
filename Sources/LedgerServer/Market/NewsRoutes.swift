import Hummingbird
import LedgerApp
import LedgerCore
import LedgerRender

/// `GET /news?asset=BTC+ETH`: the headlines `ledger news` shows (CryptoCompare for coins and
/// the general feed, Yahoo for stocks), newest first, each a link to the article; the coin
/// page shows the coin's own five. Fetched headlines are kept in the shared cache, which a
/// failed source falls back on.
struct NewsRoutes: RouteGroup {
    func register(public router: Router<ServerContext>, signedIn: RouterGroup<SignedInContext>, state: ServerState) {
        signedIn.get("/news") { request, context in
            let (books, fields) = (context.books, MarketFields(query: request))
            return try await Offload.run { Self.page(fields["asset"] ?? "", books: books) }
        }
    }

    static func page(_ text: String, books: UserBooks) -> Response {
        let user = books.user
        let symbols: [AssetSymbol]
        do {
            symbols = try AddForm.split(text).map { word in
                guard let symbol = AssetSymbol(word.uppercased()) else {
                    throw MarketServiceError.notAnAssetSymbol(word)
                }
                return symbol
            }
        } catch {
            return MarketRoutes.failure(error, json: false, title: "News", current: "/news", user: user, session: nil)
        }
        return MarketSession.respond(books) { opened in
            let found = try headlines(symbols, limit: 20, session: opened)
            let body = MarketHTML.notices(opened.warnings) + form(text) + list(found)
            return ServerResponse.html(PageLayout.page(title: "News", user: user, current: "/news", body: body))
        } failure: { error, session in
            MarketRoutes.failure(error, json: false, title: "News", current: "/news", user: user, session: session)
        }
    }

    /// The newest `limit` headlines about `symbols` (none: the general crypto feed).
    static func headlines(
        _ symbols: [AssetSymbol], limit: Int, session: MarketSession, assetClass: AssetClass? = nil
    ) throws -> [Headline] {
        let feed = try NewsFeed(store: session.cache, context: session.context, offline: false)
        let found = try feed.headlines(NewsRequest(symbols: symbols, limit: limit, assetClass: assetClass))
        try feed.commit()
        return found
    }

    /// One line per headline: the title as a link (http and https only), its outlet, time and assets.
    static func list(_ headlines: [Headline]) -> Markup {
        guard !headlines.isEmpty else { return MarketHTML.note("The sources have no headlines for this right now.") }
        let items = headlines.map { headline -> Markup in
            let title = Markup.text(headline.title)
            let link: Markup =
                headline.url.hasPrefix("https://") || headline.url.hasPrefix("http://")
                ? "<a href=\"\(headline.url)\" rel=\"noopener noreferrer\">\(title)</a>" : title
            let about = headline.symbols.prefix(6).map(\.text).joined(separator: " ")
            let meta = [headline.publisher, headline.publishedAt.compactDescription, about].filter { !$0.isEmpty }
            return "<li>\(link)<br><span class=\"meta\">\(meta.joined(separator: " · "))</span></li>"
        }
        return "<ul class=\"news\">\n" + items.joined(separator: "\n") + "\n</ul>\n" + css
    }

    private static func form(_ text: String) -> Markup {
        """
        <form method="get" action="/news" class="controls">\
        <div><label for="asset">Coins or stocks (empty: all crypto news)</label>\
        <input type="text" id="asset" name="asset" value="\(text)" placeholder="BTC ETH AAPL" \
        autocapitalize="characters"></div><button type="submit">Show</button></form>

        """
    }

    static let css: Markup = """
        <style>ul.news{list-style:none;padding:0}ul.news li{padding:8px 0;border-bottom:1px solid #eee;overflow-wrap:anywhere}
        .controls{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:end;margin:.5rem 0}.controls label{margin:0}</style>
        """
}
